import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { findInfluencer } from '@mouthpiece/avatar/presets'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import { ffmpeg } from '../audio/ffmpeg'
import { createFrameSource, layerFor } from './avatar-frames'
import {
  blendRect,
  changedRect,
  colourI420,
  colourYuv,
  evenPlacement,
  i420Bytes,
  opaqueFrames,
} from './opaque-layer'

const W = 64
const H = 48

/** An anti-aliased drawing on a clear canvas, straight-alpha RGBA (as the frame sources hand out). */
function drawing(dx = 0, mouth = 4): Uint8Array {
  const canvas = createCanvas(W, H)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ff7a59'
  ctx.beginPath()
  ctx.arc(30 + dx, 22, 15.3, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = 'rgba(20, 160, 230, 0.55)'
  ctx.fillRect(8.5, 30.25, 40, 10)
  ctx.fillStyle = '#222'
  ctx.fillRect(26, 26, 8, mouth)
  return new Uint8Array(ctx.getImageData(0, 0, W, H).data.buffer)
}

const planes = (data: Uint8Array) => ({
  y: data.subarray(0, W * H),
  u: data.subarray(W * H, W * H * 1.25),
  v: data.subarray(W * H * 1.25),
})
const meanAbs = (a: Uint8Array, b: Uint8Array) => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length

describe('opaque avatar layer', () => {
  it('fills with the exact Y, U, V ffmpeg’s colour source gives a colour, so the layer meets the background without a seam', async () => {
    for (const hex of ['#1B1F2A', '#FF5A5F', '#00FF00', '#05FBCA', '#FFFFFF', '#010203', '#7F8081']) {
      const { stdout } = await ffmpeg([
        '-f',
        'lavfi',
        '-i',
        `color=c=0x${hex.slice(1)}:s=4x4:r=1:d=1`,
        '-vf',
        'format=yuv420p',
        '-frames:v',
        '1',
        '-f',
        'rawvideo',
        'pipe:1',
      ])
      expect(colourYuv(hex)).toEqual([stdout[0], stdout[16], stdout[20]])
    }
  })

  it('blends the drawing over the background as ffmpeg’s own conversion and overlay did (within a level or two)', async () => {
    const rgba = drawing()
    const under = colourI420('#1B1F2A', W, H)
    const ours = new Uint8Array(i420Bytes(W, H))
    blendRect(rgba, under.data, ours, W, H, { x0: 0, y0: 0, x1: W, y1: H })
    const { stdout } = await ffmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        `color=c=0x1B1F2A:s=${W}x${H}:r=1:d=1`,
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgba',
        '-s',
        `${W}x${H}`,
        '-i',
        'pipe:0',
        '-filter_complex',
        '[0:v]format=yuv420p[bg];[bg][1:v]overlay=format=yuv420',
        '-frames:v',
        '1',
        '-f',
        'rawvideo',
        'pipe:1',
      ],
      { input: Buffer.from(rgba) },
    )
    const theirs = planes(new Uint8Array(stdout))
    const mine = planes(ours)
    // Luma: the same formula up to rounding; chroma: an alpha-weighted 2×2 mean instead of swscale's filter.
    expect(meanAbs(mine.y, theirs.y)).toBeLessThan(0.6)
    expect(meanAbs(mine.u, theirs.u)).toBeLessThan(2)
    expect(meanAbs(mine.v, theirs.v)).toBeLessThan(2)
    // Clear pixels are the background's own, bit for bit.
    expect(mine.y[0]).toBe(colourYuv('#1B1F2A')[0])
    expect(mine.u[0]).toBe(colourYuv('#1B1F2A')[1])
  })

  it('finds the changed rectangle on even bounds, and none between equal frames', () => {
    const a = drawing()
    expect(changedRect(a, a.slice(), W, H)).toBeNull()
    const b = a.slice()
    const at = (31 * W + 41) * 4
    b[at] = b[at]! ^ 1
    expect(changedRect(a, b, W, H)).toEqual({ x0: 40, y0: 30, x1: 42, y1: 32 })
    expect(changedRect(drawing(0, 4), drawing(0, 8), W, H)).toEqual({ x0: 26, y0: 30, x1: 34, y1: 34 })
  })

  it('sends a held frame again as is and blends only what changed, the same pixels as blending all of it', () => {
    const under = colourI420('#336699', W, H)
    const seq = [drawing(0, 4), drawing(0, 4), drawing(0, 9), drawing(2, 9), drawing(2, 2)]
    // Once with the rectangles found by comparing frames, once with ones the source names (generous ones).
    const compared = opaqueFrames({ frame: (i) => seq[i]!, changed: () => undefined }, under)
    const named = opaqueFrames(
      { frame: (i) => seq[i]!, changed: () => ({ x0: 1, y0: 3, x1: 63, y1: 47 }) },
      under,
    )
    const got = seq.map((_, i) => compared(i).slice())
    expect(seq.map((_, i) => named(i).slice())).toEqual(got)
    expect(got[1]).toEqual(got[0])
    for (let i = 0; i < seq.length; i++) {
      const whole = new Uint8Array(i420Bytes(W, H))
      blendRect(seq[i]!, under.data, whole, W, H, { x0: 0, y0: 0, x1: W, y1: H })
      expect(got[i]).toEqual(whole)
    }
  })

  it('trusts the rectangles a talking cartoon names: each frame equals the whole frame blended again', () => {
    const cues: VisemeCue[] = ['aa', 'PP', 'oh', 'E', 'sil', 'ou', 'FF', 'aa'].map((viseme, k) => ({
      viseme: viseme as VisemeCue['viseme'],
      start: k * 0.12,
      end: k * 0.12 + 0.12,
      weight: 1,
    }))
    const layer = evenPlacement(layerFor(201, 151, 120, 120, 0))
    const input = {
      look: findInfluencer('streamer')!.look,
      cues,
      wordStarts: [0, 0.5],
      emotion: 'Neutral' as const,
      energy: 1.5,
      fps: 30,
      geometry: layer,
    }
    const under = colourI420('#1B1F2A', layer.width, layer.height)
    const source = createFrameSource(input)
    const next = opaqueFrames(source, under)
    const check = createFrameSource(input)
    const named: string[] = []
    for (let i = 0; i < 36; i++) {
      const got = next(i)
      named.push(String(source.changed() === undefined ? 'compared' : source.changed() ? 'rect' : 'held'))
      const whole = new Uint8Array(i420Bytes(layer.width, layer.height))
      blendRect(check.frame(i), under.data, whole, layer.width, layer.height, {
        x0: 0,
        y0: 0,
        x1: layer.width,
        y1: layer.height,
      })
      expect(Buffer.from(got).equals(whole), `frame ${i}`).toBe(true)
    }
    // Most frames come with a rectangle (the mouth), the rest are compared or held.
    expect(named.filter((n) => n === 'rect').length).toBeGreaterThan(5)
  })

  it('stacks the avatar and a caption layer above it in a bigger layer: each frame equals composing it whole, layer by layer', () => {
    // A 96×80 layer: the avatar (64×48) at 16,8, a caption strip (80×24) at 8,44 overlapping its bottom rows.
    const [LW, LH] = [96, 80]
    const avatar = { x0: 16, y0: 8, x1: 16 + W, y1: 8 + H }
    const strip = { x0: 8, y0: 44, x1: 88, y1: 68 }
    const caption = (text: string) => {
      const ctx = createCanvas(80, 24).getContext('2d')
      if (text) {
        ctx.font = 'bold 18px sans-serif'
        ctx.fillStyle = '#05FBCA'
        ctx.fillText(text, 4.5, 18)
      }
      return new Uint8Array(ctx.getImageData(0, 0, 80, 24).data.buffer)
    }
    const seq = [drawing(0, 4), drawing(0, 4), drawing(0, 9), drawing(2, 9), drawing(2, 9), drawing(2, 2)]
    const texts = ['', 'Hi', 'Hi all']
    const top = { rect: strip, changes: [0, 2, 4], draw: (k: number) => caption(texts[k]!) }
    const under = colourI420('#1B1F2A', LW, LH)
    const next = opaqueFrames({ frame: (i) => seq[i]!, changed: () => undefined }, under, { avatar, top })
    const shown = [0, 0, 1, 1, 2, 2]
    for (let i = 0; i < seq.length; i++) {
      const got = next(i).slice()
      const whole = under.data.slice()
      blendRect(seq[i]!, whole, whole, LW, LH, avatar, { x: avatar.x0, y: avatar.y0, width: W })
      blendRect(caption(texts[shown[i]!]!), whole, whole, LW, LH, strip, {
        x: strip.x0,
        y: strip.y0,
        width: 80,
      })
      expect(Buffer.from(got).equals(whole), `frame ${i}`).toBe(true)
    }
  })

  it('puts a layer on even pixels without moving the drawing', () => {
    const layer = {
      x: 427,
      y: 83,
      width: 428,
      height: 428,
      box: { x: 0, y: 0, width: 428, height: 428, angle: 0 },
    }
    const even = evenPlacement(layer)
    expect([even.x % 2, even.y % 2, even.width % 2, even.height % 2]).toEqual([0, 0, 0, 0])
    expect(even.x + even.box.x).toBe(layer.x + layer.box.x)
    expect(even.y + even.box.y).toBe(layer.y + layer.box.y)
    expect(even.width).toBeGreaterThanOrEqual(layer.width + 1)
  })
})
