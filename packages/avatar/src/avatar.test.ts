import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import { VISEMES } from '@mouthpiece/contracts/media/visemes.schemas'
import { poseAt } from './animation'
import type { AnimationInput } from './animation'
import type { Ctx2D } from './canvas-context'
import { drawAvatar } from './draw-avatar'
import { lookFromPrompt } from './look-prompt'
import { mouthAt } from './mouth'
import { DEFAULT_INFLUENCER_ID, INFLUENCERS, findInfluencer } from './presets'

const talk: AnimationInput = {
  cues: [
    { viseme: 'sil', start: 0, end: 0.5, weight: 1 },
    { viseme: 'PP', start: 0.5, end: 0.6, weight: 1 },
    { viseme: 'aa', start: 0.6, end: 0.9, weight: 1 },
    { viseme: 'sil', start: 0.9, end: 2, weight: 1 },
  ],
  wordStarts: [0.5],
  seed: 7,
  emotion: 'Neutral',
  energy: 1.5,
}

function render(look: AvatarLook, t: number, input: AnimationInput = talk, size = 128) {
  const canvas = createCanvas(size, size)
  const ctx = canvas.getContext('2d')
  drawAvatar(ctx, look, poseAt(t, { ...input, seed: look.seed }), { x: 0, y: 0, width: size, height: size })
  return ctx.getImageData(0, 0, size, size).data
}

describe('influencer presets', () => {
  it('has at least six distinct presets, the default being the spec streamer (Old, Neutral)', () => {
    expect(INFLUENCERS.length).toBeGreaterThanOrEqual(6)
    for (const i of INFLUENCERS) expect(() => AvatarLook.parse(i.look)).not.toThrow()
    expect(new Set(INFLUENCERS.map((i) => JSON.stringify({ ...i.look, seed: 0 }))).size).toBe(
      INFLUENCERS.length,
    )
    expect(findInfluencer(DEFAULT_INFLUENCER_ID)).toMatchObject({
      description: 'a streamer avatar',
      modelStyle: 'Old',
      emotion: 'Neutral',
    })
  })
})

describe('custom avatars from the look prompt', () => {
  const prompt = {
    wearing: 'a red hoodie and glasses',
    style: 'anime',
    inspired: 'cyberpunk',
    color: 'teal',
    modifier1: 'pink hair',
    positivePrompt: 'cat ears',
  }

  it('gives the same avatar for the same prompt and follows the words', () => {
    const a = lookFromPrompt(prompt)
    expect(lookFromPrompt({ ...prompt })).toEqual(a)
    expect(AvatarLook.parse(a)).toEqual(a)
    expect(a).toMatchObject({ top: 'hoodie', eyeStyle: 'anime', hat: 'cat-ears', hairColor: '#F26DB0' })
    expect(a.extras).toContain('visor')
    expect(lookFromPrompt({ ...prompt, modifier2: 'freckles' })).not.toEqual(a)
  })

  it('removes what the negative prompt names, even when other words ask for it', () => {
    const withGlasses = lookFromPrompt({ wearing: 'glasses and a cap', positivePrompt: 'bearded gamer' })
    expect(withGlasses.extras).toEqual(expect.arrayContaining(['glasses', 'headset']))
    expect(withGlasses.facialHair).toBe('beard')
    const without = lookFromPrompt({
      wearing: 'glasses and a cap',
      positivePrompt: 'bearded gamer',
      negativePrompt: 'glasses, beard, headset, hat',
    })
    expect(without.extras).not.toContain('glasses')
    expect(without.extras).not.toContain('headset')
    expect(without.facialHair).toBe('none')
    expect(without.hat).toBe('none')
    // Seeded choices respect bans too: no prompt ever picks a banned colour or feature.
    for (let i = 0; i < 40; i++) {
      const look = lookFromPrompt({
        positivePrompt: `streamer number ${i}`,
        negativePrompt: 'pink, hats, headset',
      })
      expect(look.hat).toBe('none')
      expect(look.extras).not.toContain('headset')
      expect([look.hairColor, look.topColor]).not.toContain('#F26DB0')
    }
  })
})

describe('animation', () => {
  it('is a pure function of time, timeline and seed', () => {
    expect(poseAt(0.73, talk)).toEqual(poseAt(0.73, { ...talk }))
    expect(poseAt(0.73, talk)).not.toEqual(poseAt(0.73, { ...talk, seed: 8 }))
  })

  it('blinks now and then, and energy drives head motion', () => {
    const blinks = Array.from({ length: 300 }, (_, i) => poseAt(i / 30, talk).blink)
    expect(Math.max(...blinks)).toBeGreaterThan(0.9)
    expect(blinks.filter((b) => b > 0.5).length).toBeLessThan(30)
    const sway = (energy: number) =>
      Math.max(...Array.from({ length: 120 }, (_, i) => Math.abs(poseAt(i / 30, { ...talk, energy }).headX)))
    expect(sway(0)).toBe(0)
    expect(sway(3)).toBeGreaterThan(sway(1.5) * 1.5)
  })

  it('reaches each viseme\u2019s shape inside its cue and moves smoothly between them', () => {
    expect(mouthAt(0.55, talk.cues).press).toBeGreaterThan(0.9)
    expect(mouthAt(0.75, talk.cues).open).toBeGreaterThan(0.8)
    expect(mouthAt(1.5, talk.cues).open).toBeLessThan(0.05)
    for (let t = 0; t < 2; t += 1 / 120) {
      expect(Math.abs(mouthAt(t + 1 / 120, talk.cues).open - mouthAt(t, talk.cues).open)).toBeLessThan(0.35)
    }
    for (const v of VISEMES) expect(mouthAt(0.5, [{ viseme: v, start: 0, end: 1, weight: 1 }])).toBeDefined()
  })

  it('shows emotions on the face', () => {
    const at = (emotion: AnimationInput['emotion']) => poseAt(1, { ...talk, emotion })
    expect(at('Happy').smile).toBeGreaterThan(at('Neutral').smile)
    expect(at('Sad').smile).toBeLessThan(0)
    expect(at('Angry').browTilt).toBeLessThan(0)
    expect(at('Surprised').eyeOpen).toBeGreaterThan(1)
  })
})

describe('drawing', () => {
  const look = findInfluencer('streamer')!.look

  it('draws the character on a transparent background', () => {
    const px = render(look, 0.2)
    const alpha = (x: number, y: number) => px[(y * 128 + x) * 4 + 3]!
    expect(alpha(2, 2)).toBe(0)
    expect(alpha(64, 56)).toBe(255)
  })

  it('draws a different mouth for every viseme', () => {
    const mouthCrop = (px: Uint8ClampedArray) =>
      Array.from({ length: 20 * 14 }, (_, i) => px[((66 + Math.floor(i / 20)) * 128 + 54 + (i % 20)) * 4]!)
    const shapes = VISEMES.map((v) =>
      mouthCrop(
        render(look, 0.5, { ...talk, energy: 0, cues: [{ viseme: v, start: 0, end: 1, weight: 1 }] }),
      ).join(','),
    )
    // sil and PP are both closed lips; everything else is distinct.
    expect(new Set(shapes).size).toBeGreaterThanOrEqual(VISEMES.length - 1)
  })

  it('runs on any Canvas 2D implementation (a recording stub here)', () => {
    const calls: string[] = []
    const gradient = { addColorStop: () => undefined }
    const target: Record<string, unknown> = {}
    const stub = new Proxy(target, {
      get: (target, key: string) =>
        key in target
          ? target[key]
          : key.startsWith('create')
            ? () => gradient
            : (..._: unknown[]) => calls.push(key),
      set: (target, key: string, value) => ((target[key] = value), true),
    }) as unknown as Ctx2D
    for (const i of INFLUENCERS)
      drawAvatar(stub, { ...i.look, modelStyle: 'New' }, poseAt(0.3, talk), {
        x: 0,
        y: 0,
        width: 256,
        height: 256,
        angle: 15,
      })
    expect(calls).toContain('bezierCurveTo')
    expect(calls.filter((c) => c === 'save').length).toBe(calls.filter((c) => c === 'restore').length)
  })
})
