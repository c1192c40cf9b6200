/** Output sizes, the canvas and default layout of each frame, and ffmpeg filtergraph quoting. */
import { CANVAS, DEFAULT_CAPTION_BOX } from '@mouthpiece/contracts/constants'
import type { CaptionBox, VideoFrame } from '@mouthpiece/contracts/media/render.schemas'

type Resolution = '720p' | '1080p'
interface Size {
  width: number
  height: number
}

/** Output pixels: the resolution names the short side (720 / 1080); sides stay even for yuv420p. */
export function outputSize(resolution: Resolution, frame: VideoFrame): Size {
  const [long, short] = resolution === '1080p' ? [1920, 1080] : [1280, 720]
  switch (frame) {
    case 'portrait':
      return { width: short, height: long }
    case 'square':
      return { width: short, height: short }
    case 'portrait_4_5':
      return { width: short, height: (short * 5) / 4 }
    default:
      return { width: long, height: short }
  }
}

/**
 * The coordinate space the avatar box and captions are given in (editor-canvas units, SPEC §9
 * 840×465 landscape, turned for portrait). The feed frames keep the portrait canvas's width (465,
 * 464 for 4:5 so the height stays whole), so the same caption size wraps the same words per line.
 */
export function frameCanvas(frame: VideoFrame): Size {
  switch (frame) {
    case 'portrait':
      return { width: CANVAS.height, height: CANVAS.width }
    case 'square':
      return { width: CANVAS.height, height: CANVAS.height }
    case 'portrait_4_5':
      return { width: 464, height: 580 }
    default:
      return { ...CANVAS }
  }
}

export interface FrameLayout {
  /** Avatar box, centre x,y and size, in canvas units. */
  avatarBox: { width: number; height: number; x: number; y: number; angle: number }
  /** Where the spec's untouched default caption box goes in this frame (centre x,y, w, h). */
  captionBox: { x: number; y: number; w: number; h: number }
}

/**
 * Default placement of the speaker and the captions per frame: the avatar centred across, in the
 * upper part, the captions in the band below it, clear of the avatar box and of the frame's edge.
 * Landscape and portrait are what renders always had. The feed frames draw the avatar as big in
 * pixels as portrait does (300 units of a 465-wide canvas), so a frame costs no more to draw.
 */
export function frameLayout(frame: VideoFrame): FrameLayout {
  switch (frame) {
    case 'portrait': {
      const c = frameCanvas(frame)
      return {
        avatarBox: { width: 300, height: 300, x: 232, y: 380, angle: 0 },
        captionBox: { x: c.width / 2, y: c.height * 0.8, w: c.width * 0.9, h: DEFAULT_CAPTION_BOX.h * 2 },
      }
    }
    case 'square': {
      // 465×465: a 300-unit avatar (box 30…330) and one caption line centred at 392 (360…424).
      const c = frameCanvas(frame)
      return {
        avatarBox: { width: 300, height: 300, x: c.width / 2, y: 180, angle: 0 },
        captionBox: { x: c.width / 2, y: 392, w: c.width * 0.9, h: DEFAULT_CAPTION_BOX.h },
      }
    }
    case 'portrait_4_5': {
      // 464×580: a 300-unit avatar (box 65…365) and up to two caption lines at 460 (396…524).
      const c = frameCanvas(frame)
      return {
        avatarBox: { width: 300, height: 300, x: c.width / 2, y: 215, angle: 0 },
        captionBox: { x: c.width / 2, y: 460, w: c.width * 0.9, h: DEFAULT_CAPTION_BOX.h * 2 },
      }
    }
    default:
      return {
        avatarBox: { width: 280, height: 280, x: 420, y: 195, angle: 0 },
        captionBox: { ...DEFAULT_CAPTION_BOX },
      }
  }
}

/** The caption box to draw: the frame's own place for the spec's untouched default box, else the box as given. */
export function captionBoxFor(box: CaptionBox, frame: VideoFrame): CaptionBox {
  const isDefault =
    box.x === DEFAULT_CAPTION_BOX.x &&
    box.y === DEFAULT_CAPTION_BOX.y &&
    box.w === DEFAULT_CAPTION_BOX.w &&
    box.h === DEFAULT_CAPTION_BOX.h
  return isDefault ? { ...box, ...frameLayout(frame).captionBox } : box
}

/**
 * Escapes a file path for a filter option inside -filter_complex: first the option level
 * (\ ' :), then the graph level (\ ' [ ] , ;), as the ffmpeg-filters manual describes.
 */
export function filterPath(p: string): string {
  const option = p.replace(/[\\':]/g, (c) => `\\${c}`)
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`)
}
