import { describe, expect, it } from 'vitest'
import { extractSubjects } from './extract-subjects'
import { grabCutMask } from './grabcut'
import { scoreCutout, studioSet } from './testing/studio-set'

/** Objects on light studio backgrounds with known alpha: a ring (hole), a plush toy (soft edge), a lamp (thin stand, shadow). */
const cases = studioSet(9, 480).filter((s) => /^(bottle|ring|lamp|plush)/.test(s.name))

describe('object cut-outs: the edge refined after GrabCut (decision 0063)', () => {
  it.each(cases.map((s) => [s.name, s] as const))(
    '%s: the true shape (hole open, floor shadow left behind) and no light rim on a dark brand colour',
    async (_name, s) => {
      const px = { data: s.rgb, width: s.width, height: s.height, channels: 3 as const }
      const found = await extractSubjects(px, { mode: 'object', box: s.box })
      const score = scoreCutout(s, found.mask, found.rgb!)
      expect(score.iou).toBeGreaterThanOrEqual(0.97)
      expect(score.edgePx).toBeLessThan(1)
      // The studio's white would show as a light rim on dark green: under 5 % of the rim pixels.
      expect(score.halo).toBeLessThan(0.05)
      // GrabCut alone keeps the blocky rim (and the shadow, the ring's hole): the refinement is what mends it.
      const raw = scoreCutout(s, await grabCutMask(px, s.box), s.rgb)
      expect(raw.halo).toBeGreaterThan(score.halo)
    },
  )
})

describe('the keep brush wins over the background rules', () => {
  // A teal box with a label of the studio's own white in its middle: to the hole rule that label
  // is "the studio showing through"; painted with the keep brush it must stay part of the product.
  const W = 320
  const H = 320
  const rgb = new Uint8Array(W * H * 3)
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3
      const box = x >= 80 && x < 240 && y >= 60 && y < 280
      const label = x >= 120 && x < 200 && y >= 130 && y < 210
      const c = box && !label ? [30, 140, 120] : [246, 246, 244]
      rgb.set(c, i)
    }
  const px = { data: rgb, width: W, height: H, channels: 3 as const }
  const box = { x: 60, y: 40, w: 200, h: 260 }
  const labelAlpha = (mask: Uint8Array) => {
    let sum = 0
    for (let y = 135; y < 205; y++) for (let x = 125; x < 195; x++) sum += mask[y * W + x]!
    return sum / (70 * 70 * 255)
  }

  it('keeps a studio-white label the person painted over with the keep brush', async () => {
    const strokes = [
      {
        keep: true,
        radius: 12,
        points: [
          [130, 170],
          [160, 170],
          [190, 170],
        ] as [number, number][],
      },
    ]
    const found = await extractSubjects(px, { mode: 'object', box, strokes })
    expect(labelAlpha(found.mask)).toBeGreaterThan(0.99)
  })
})

describe('a white label reaching the product’s edge stays without the keep brush (decision 0076)', () => {
  // A dark bottle on a white sweep with a white (or cream) label running out to its left edge: the
  // label is near the studio's colour and joined to the outside, so the shadow flood used to take
  // it whole. Only the band where GrabCut's edge may be off is the studio's to claim.
  const W = 480
  const H = 480
  const bottle = (label: (studio: number[]) => number[]) => {
    const rgb = new Uint8Array(W * H * 3)
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const g = Math.round((y / H) * 10)
        const studio = [246 - g, 246 - g, 244 - g]
        const body = x >= 0.36 * W && x < 0.64 * W && y >= 0.34 * H && y < 0.86 * H
        const neck = x >= 0.44 * W && x < 0.56 * W && y >= 0.2 * H && y < 0.36 * H
        const onLabel = x >= 0.36 * W && x < 0.61 * W && y >= 0.5 * H && y < 0.66 * H
        rgb.set(onLabel ? label(studio) : body || neck ? [31, 42, 68] : studio, (y * W + x) * 3)
      }
    return { data: rgb, width: W, height: H, channels: 3 as const }
  }
  /** Mean alpha over the label (x0 = 175: all of it; further right: past the edge band). */
  const labelAlpha = (mask: Uint8Array, x0 = 175) => {
    let sum = 0
    let n = 0
    for (let y = 242; y < 315; y++)
      for (let x = x0; x < 291; x++) {
        sum += mask[y * W + x]!
        n++
      }
    return sum / (n * 255)
  }
  it.each([
    ['white', () => [255, 255, 255]],
    ['cream', (s: number[]) => [s[0]! - 2, s[1]! - 1, s[2]! - 8]],
  ] as const)('%s label', async (_name, label) => {
    const found = await extractSubjects(bottle(label), {
      mode: 'object',
      box: { x: 0.3 * W, y: 0.15 * H, w: 0.4 * W, h: 0.76 * H },
    })
    // Before: 0 (flooded as background). Now only the edge band (where GrabCut's edge may be off)
    // is in doubt: the label is kept whole past it.
    expect(labelAlpha(found.mask)).toBeGreaterThan(0.85)
    expect(labelAlpha(found.mask, 200)).toBeGreaterThan(0.99)
  })
})
