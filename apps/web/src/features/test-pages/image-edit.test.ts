import { describe, expect, it } from 'vitest'
import { MAX_OUTPUT_SIDE, cropRect, outputSize, rotatedSize, turn } from './image-edit'

describe('image editor geometry', () => {
  it('turns in quarter steps both ways and swaps sides on a quarter turn', () => {
    expect(turn(0, -90)).toBe(270)
    expect(turn(270, 90)).toBe(0)
    expect(rotatedSize(1200, 800, 90)).toEqual({ w: 800, h: 1200 })
    expect(rotatedSize(1200, 800, 180)).toEqual({ w: 1200, h: 800 })
  })

  it('crops the largest rectangle of the aspect, zoomed and panned inside the image', () => {
    expect(cropRect(1200, 800, { aspect: 1, zoom: 1, panX: 0.5, panY: 0.5 })).toEqual({
      x: 200,
      y: 0,
      w: 800,
      h: 800,
    })
    expect(cropRect(1200, 800, { aspect: 16 / 9, zoom: 1, panX: 0, panY: 1 })).toEqual({
      x: 0,
      y: 800 - 675,
      w: 1200,
      h: 675,
    })
    expect(cropRect(1200, 800, { aspect: 1, zoom: 2, panX: 1, panY: 0 })).toEqual({
      x: 800,
      y: 0,
      w: 400,
      h: 400,
    })
    // Free aspect keeps the image's shape; out-of-range pans and zooms are held in range.
    expect(cropRect(1200, 800, { aspect: null, zoom: 0.2, panX: 7, panY: -3 })).toEqual({
      x: 0,
      y: 0,
      w: 1200,
      h: 800,
    })
  })

  it('resizes to the width asked, the height from the crop, within the size cap', () => {
    expect(outputSize({ x: 0, y: 0, w: 800, h: 800 }, 512)).toEqual({ width: 512, height: 512 })
    expect(outputSize({ x: 0, y: 0, w: 1200, h: 675 }, 1280)).toEqual({ width: 1280, height: 720 })
    expect(outputSize({ x: 0, y: 0, w: 100, h: 1000 }, 4000)).toEqual({ width: 410, height: MAX_OUTPUT_SIDE })
  })
})
