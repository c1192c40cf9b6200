import { describe, expect, it } from 'vitest'
import { DEFAULT_CAPTION_BOX } from '@mouthpiece/contracts/constants'
import { VIDEO_FRAMES } from '@mouthpiece/contracts/media/render.schemas'
import type { VideoFrame } from '@mouthpiece/contracts/media/render.schemas'
import { captionBoxFor, frameCanvas, frameLayout, outputSize } from './video-geometry'

const FRAMES = Object.keys(VIDEO_FRAMES) as VideoFrame[]
const defaultBox = { ...DEFAULT_CAPTION_BOX, angle: 0 }

describe('frames: sizes, canvas and default layout', () => {
  it('sizes every frame by its short side, even sides, at the aspect it names', () => {
    expect(FRAMES.map((f) => [f, outputSize('720p', f)])).toEqual([
      ['landscape', { width: 1280, height: 720 }],
      ['portrait', { width: 720, height: 1280 }],
      ['square', { width: 720, height: 720 }],
      ['portrait_4_5', { width: 720, height: 900 }],
    ])
    expect(outputSize('1080p', 'square')).toEqual({ width: 1080, height: 1080 })
    expect(outputSize('1080p', 'portrait_4_5')).toEqual({ width: 1080, height: 1350 })
    for (const f of FRAMES) {
      for (const r of ['720p', '1080p'] as const) {
        const { width, height } = outputSize(r, f)
        expect((width % 2) + (height % 2)).toBe(0)
        const [aw, ah] = VIDEO_FRAMES[f].aspect
        expect(width / height).toBeCloseTo(aw / ah, 1)
      }
    }
  })

  it('gives the feed frames a canvas of the output aspect, whole units, as wide as the portrait one', () => {
    expect(frameCanvas('landscape')).toEqual({ width: 840, height: 465 })
    expect(frameCanvas('portrait')).toEqual({ width: 465, height: 840 })
    for (const f of ['square', 'portrait_4_5'] as const) {
      const c = frameCanvas(f)
      const out = outputSize('720p', f)
      expect(Number.isInteger(c.height)).toBe(true)
      expect(c.width / c.height).toBeCloseTo(out.width / out.height, 3)
      expect(Math.abs(c.width - frameCanvas('portrait').width)).toBeLessThanOrEqual(1)
    }
  })

  it('keeps the layout landscape and portrait always had', () => {
    expect(frameLayout('landscape')).toEqual({
      avatarBox: { width: 280, height: 280, x: 420, y: 195, angle: 0 },
      captionBox: { ...DEFAULT_CAPTION_BOX },
    })
    expect(frameLayout('portrait')).toEqual({
      avatarBox: { width: 300, height: 300, x: 232, y: 380, angle: 0 },
      captionBox: { x: 232.5, y: 672, w: 418.5, h: 128 },
    })
  })

  it('puts the avatar inside the frame, centred across, and the captions below it, inside the frame, one band each', () => {
    for (const f of FRAMES) {
      const c = frameCanvas(f)
      const { avatarBox: a, captionBox: cap } = frameLayout(f)
      const avatar = {
        top: a.y - a.height / 2,
        bottom: a.y + a.height / 2,
        left: a.x - a.width / 2,
        right: a.x + a.width / 2,
      }
      const caption = {
        top: cap.y - cap.h / 2,
        bottom: cap.y + cap.h / 2,
        left: cap.x - cap.w / 2,
        right: cap.x + cap.w / 2,
      }
      expect(
        [avatar.left >= 0, avatar.top >= 0, avatar.right <= c.width, avatar.bottom <= c.height],
        f,
      ).toEqual([true, true, true, true])
      expect([caption.left >= 0, caption.right <= c.width, caption.bottom <= c.height], f).toEqual([
        true,
        true,
        true,
      ])
      expect(Math.abs(a.x - c.width / 2), f).toBeLessThanOrEqual(1)
      if (f === 'landscape') continue // the spec's box: the caption line sits over the avatar's shoulders
      // The feed and story frames keep captions off the avatar, with room above the frame's bottom edge.
      expect(caption.top, f).toBeGreaterThanOrEqual(avatar.bottom)
      expect(c.height - caption.bottom, f).toBeGreaterThanOrEqual(c.height * 0.05)
      // The avatar is the frame's subject (well over half its width), drawn no bigger in pixels than portrait's.
      expect(a.width / c.width, f).toBeGreaterThanOrEqual(0.6)
      const layer = (units: number, frame: VideoFrame) =>
        Math.ceil((units * outputSize('720p', frame).width) / frameCanvas(frame).width / 2) * 2
      expect(layer(a.width, f), f).toBeLessThanOrEqual(
        layer(frameLayout('portrait').avatarBox.width, 'portrait'),
      )
    }
  })

  it('moves only the untouched default caption box; a box the user placed stays where it is', () => {
    expect(captionBoxFor(defaultBox, 'square')).toEqual({ x: 232.5, y: 392, w: 418.5, h: 64, angle: 0 })
    expect(captionBoxFor(defaultBox, 'portrait_4_5')).toEqual({ x: 232, y: 460, w: 417.6, h: 128, angle: 0 })
    expect(captionBoxFor(defaultBox, 'landscape')).toEqual(defaultBox)
    const mine = { x: 100, y: 60, w: 200, h: 64, angle: 5 }
    for (const f of FRAMES) expect(captionBoxFor(mine, f)).toEqual(mine)
  })
})
