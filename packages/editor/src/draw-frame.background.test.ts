import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { drawFrame } from './draw-frame'
import type { FrameAssets } from './draw-frame'
import { testProject } from './test-project'

const BG = '0b7c3a53-2f5e-4d0a-9a51-7d8a3c1f2e10'
const W = 145
const H = 80

/** A frame of the test project over a video background; answers the top-left pixel (no avatar there). */
function corner(assets: FrameAssets, transparentBackground = false): number[] {
  const doc = testProject()
  doc.background = { type: 'video', id: BG }
  const canvas = createCanvas(W, H)
  const ctx = canvas.getContext('2d')
  drawFrame(ctx, doc, 500, assets, { width: W, height: H, transparentBackground })
  return [...ctx.getImageData(1, 1, 1, 1).data]
}

describe('a video background in the editor', () => {
  it('is drawn from its still (thumbnails, paused preview): not black once the still is in', () => {
    const still = createCanvas(64, 36)
    const s = still.getContext('2d')
    s.fillStyle = '#2a9d8f'
    s.fillRect(0, 0, 64, 36)
    expect(corner({ images: new Map([[BG, still]]) })).toEqual([0x2a, 0x9d, 0x8f, 255])
  })

  it('is black until the still has loaded, and left transparent for the render (ffmpeg lays the video)', () => {
    expect(corner({})).toEqual([0, 0, 0, 255])
    const still = createCanvas(8, 8)
    expect(corner({ images: new Map([[BG, still]]) }, true)[3]).toBe(0)
  })
})
