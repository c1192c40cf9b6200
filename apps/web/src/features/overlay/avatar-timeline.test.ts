import { describe, expect, it } from 'vitest'
import type { OverlayAlert } from '@mouthpiece/contracts/donations/donations.schemas'
import { findInfluencer } from '@mouthpiece/avatar/presets'
import { animationFor, castFor, cuesFromWire, poseForSpeech } from './avatar-timeline'
import { PREROLL_SECONDS, silentWav, withLeadingSilence } from './wav-preroll'

const wire: OverlayAlert['visemes'] = [
  { viseme: 'aa', start: 0.5, end: 0.7, weight: 1 },
  { viseme: 'sil', start: 0, end: 0.2, weight: 1 },
  { viseme: 'PP', start: 0.2, end: 0.35, weight: 1 },
  { viseme: 'ou', start: 0.35, end: 0.5, weight: 1 },
  { viseme: 'click', start: 0.7, end: 0.8, weight: 1 },
  { viseme: 'E', start: 0.9, end: 0.85, weight: 1 },
]
const cast = castFor(null)
const input = animationFor({ visemes: wire, words: [{ text: 'hi', start: 0.2, end: 0.5 }] }, cast)
const mouth = (t: number) => poseForSpeech(t, input).mouth

describe('viseme-driven mouth', () => {
  it('keeps known visemes in time order and drops unknown or broken cues', () => {
    expect(cuesFromWire(wire).map((c) => c.viseme)).toEqual(['sil', 'PP', 'ou', 'aa'])
  })

  it('opens the jaw on "aa", presses the lips on "PP", rounds them on "ou" and rests on silence', () => {
    expect(mouth(0.6).open).toBeGreaterThan(0.7)
    expect(mouth(0.28).press).toBeGreaterThan(0.8)
    expect(mouth(0.28).open).toBeLessThan(0.1)
    expect(mouth(0.43).round).toBeGreaterThan(0.7)
    expect(mouth(0.05).open).toBeLessThan(0.05)
    // After the last cue the mouth closes again.
    expect(mouth(2).open).toBeLessThan(0.05)
  })

  it('holds the mouth closed during the pre-rolled silence (negative speech time)', () => {
    expect(mouth(-PREROLL_SECONDS).open).toBeLessThan(0.05)
  })

  it('speaks with the setup avatar: its own look, else its influencer, else the default', () => {
    const wizard = findInfluencer('wizard')!
    expect(castFor({ donation_avatar: { influencer_id: 'wizard', look: null } }).look).toEqual(wizard.look)
    expect(
      castFor({ donation_avatar: { influencer_id: null, look: { ...wizard.look, seed: 9 } } }).look.seed,
    ).toBe(9)
    expect(castFor({ donation_avatar: { influencer_id: 'nobody', look: null } }).look).toEqual(
      findInfluencer('streamer')!.look,
    )
  })

  it("shows the alert's TTS emotion on the face, else the influencer's resting one", () => {
    const rockstar = { donation_avatar: { influencer_id: 'rockstar', look: null } }
    expect(castFor(rockstar).emotion).toBe(findInfluencer('rockstar')!.emotion)
    expect(castFor(rockstar, 'Sad').emotion).toBe('Sad')
    expect(castFor(null, 'Happy').emotion).toBe('Happy')
    const happy = animationFor({ visemes: wire, words: [] }, castFor(null, 'Happy'))
    const sad = animationFor({ visemes: wire, words: [] }, castFor(null, 'Sad'))
    expect(poseForSpeech(0.6, happy)).not.toEqual(poseForSpeech(0.6, sad))
  })
})

describe('pre-rolled silence', () => {
  it('puts silence in front of the PCM samples and fixes the RIFF sizes', () => {
    const wav = silentWav(0.01, 8000)
    new DataView(wav).setInt16(44, 1234, true)
    const out = withLeadingSilence(wav, 0.05)!
    const v = new DataView(out)
    const pad = Math.round(8000 * 0.05) * 2
    expect(out.byteLength).toBe(wav.byteLength + pad)
    expect(v.getUint32(4, true)).toBe(out.byteLength - 8)
    expect(v.getUint32(40, true)).toBe(wav.byteLength - 44 + pad)
    expect(v.getInt16(44, true)).toBe(0)
    expect(v.getInt16(44 + pad, true)).toBe(1234)
  })

  it('leaves anything that is not a PCM WAV alone', () => {
    expect(
      withLeadingSilence(
        new TextEncoder().encode('ID3 not a wav at all, an mp3 header and more bytes here....').buffer,
      ),
    ).toBeNull()
  })
})
