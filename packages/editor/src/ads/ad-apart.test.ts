import { describe, expect, it } from 'vitest'
import type { CanvasAsset } from '@mouthpiece/contracts/ads/canvas'
import { APART_GAP, keepTextOffProduct, placeAsset } from './ad-apart'
import { safeInset } from './ad-layout'

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

describe('a move stays inside the safe area, then apart (editor and server alike)', () => {
  const inset = safeInset(1080, 1080)
  it('a text dragged past the edge comes back inside the safe area; the background and decor may bleed', () => {
    const r = placeAsset({ ...headline, x: -50, y: 1040 }, all, 1080, 1080)!
    expect(r).toMatchObject({ kept: true, nudged: false })
    expect(r.asset).toMatchObject({ x: inset, y: 1080 - inset - headline.h, w: headline.w, h: headline.h })
    const decor = asset('d', { x: -40, y: -40, w: 300, h: 300 })
    expect(placeAsset(decor, [...all, decor], 1080, 1080)).toEqual({
      asset: decor,
      nudged: false,
      kept: false,
    })
  })

  it('an asset larger than the safe area shrinks about its centre, keeping its proportions', () => {
    const r = placeAsset({ ...product, x: 0, y: 0, w: 2000, h: 1000 }, [headline], 1080, 1080)!
    expect(r.asset.w).toBeCloseTo(1080 - 2 * inset)
    expect(r.asset.w / r.asset.h).toBeCloseTo(2)
    expect(r.asset.x).toBeCloseTo(inset)
  })

  it('a text brought in over the product is then moved off it, still inside the safe area', () => {
    const r = placeAsset({ ...headline, x: 420, y: 320 }, all, 1080, 1080)!
    expect(r.nudged).toBe(true)
    expect(isInsideSafe(r.asset)).toBe(true)
  })

  const isInsideSafe = (a: CanvasAsset) =>
    a.x >= inset && a.y >= inset && a.x + a.w <= 1080 - inset && a.y + a.h <= 1080 - inset
})
