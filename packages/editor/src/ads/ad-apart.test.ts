import { describe, expect, it } from 'vitest'
import type { CanvasAsset } from '@mouthpiece/contracts/ads/canvas'
import { APART_GAP, keepTextOffProduct } from './ad-apart'

const asset = (id: string, over: Partial<CanvasAsset>): CanvasAsset => ({
  id,
  kind: 'shape',
  role: 'decor',
  x: 0,
  y: 0,
  w: 100,
  h: 100,
  rotation: 0,
  visible: true,
  priority: 1,
  ...over,
})
const product = asset('p', { kind: 'image', role: 'subject', x: 400, y: 300, w: 300, h: 400 })
const headline = asset('h', {
  kind: 'text',
  role: 'headline',
  x: 60,
  y: 60,
  w: 320,
  h: 90,
  text: 'Fresh again',
})
const all = [asset('bg', { role: 'background', w: 1080, h: 1080 }), product, headline]

describe('canvas editor: text and the product stay apart', () => {
  it('a text dropped over the product moves the shortest way off it, on the canvas', () => {
    const dropped = { ...headline, x: 420, y: 320 }
    const r = keepTextOffProduct(dropped, all, 1080, 1080)!
    expect(r.nudged).toBe(true)
    // Nearest free side: above the product (20 px past its top edge costs less than 300 px sideways).
    expect(r.asset).toMatchObject({ x: 420, y: 300 - 90 - APART_GAP })
  })

  it('the product dropped under a text moves off the text; other assets and clear drops are left alone', () => {
    const r = keepTextOffProduct({ ...product, x: 100, y: 100 }, all, 1080, 1080)!
    expect(r.nudged).toBe(true)
    const h = r.asset
    expect(h.x >= 60 + 320 || h.y >= 60 + 90 || h.x + h.w <= 60 || h.y + h.h <= 60).toBe(true)
    const decor = asset('d', { x: 450, y: 350 })
    expect(keepTextOffProduct(decor, [...all, decor], 1080, 1080)).toEqual({ asset: decor, nudged: false })
    const clear = { ...headline, x: 60, y: 800 }
    expect(keepTextOffProduct(clear, all, 1080, 1080)).toEqual({ asset: clear, nudged: false })
  })

  it('refuses when no side has room (the editor then puts it back and says why)', () => {
    const huge = { ...product, x: 10, y: 10, w: 1060, h: 1060 }
    expect(keepTextOffProduct({ ...headline, x: 400, y: 400 }, [huge, headline], 1080, 1080)).toBeNull()
  })
})
