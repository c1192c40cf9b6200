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
