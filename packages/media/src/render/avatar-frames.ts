/**
 * Produces the avatar layer frame by frame: only the avatar box, RGBA with straight alpha, drawn
 * with @napi-rs/canvas by the same code the page uses. Frames whose pose quantises to the same key
 * are reused instead of redrawn.
 */
import { createCanvas } from '@napi-rs/canvas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import { poseAt, poseKey } from '@mouthpiece/avatar/animation'
import { AVATAR_UNITS, drawAvatar } from '@mouthpiece/avatar/draw-avatar'

export interface LayerGeometry {
  /** Layer size in output pixels (even numbers). */
  width: number
  height: number
  /** Avatar box inside the layer. */
  box: { x: number; y: number; width: number; height: number; angle: number }
}

export interface FrameSourceInput {
  look: AvatarLook
  cues: readonly VisemeCue[]
  wordStarts: readonly number[]
  emotion: Emotion
  energy: number
  fps: number
  geometry: LayerGeometry
}

export interface FrameSource {
  frameCount(duration: number): number
  /** RGBA bytes of frame i (straight alpha); the buffer may be shared with later calls. */
  frame(i: number): Uint8Array
  stats(): { drawn: number; reused: number; drawMs: number }
}

const CACHE_SIZE = 48

export function createFrameSource(input: FrameSourceInput): FrameSource {
  const { width, height, box } = input.geometry
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const cache = new Map<string, Uint8Array>()
  let drawn = 0
  let reused = 0
  let drawMs = 0
  const animation = { cues: input.cues, wordStarts: input.wordStarts, seed: input.look.seed, emotion: input.emotion, energy: input.energy }
  return {
    frameCount: (duration) => Math.max(1, Math.ceil(duration * input.fps)),
    frame(i) {
      const pose = poseAt(i / input.fps, animation)
      const key = poseKey(pose, box.width / AVATAR_UNITS)
      const hit = cache.get(key)
      if (hit) {
        reused++
        cache.delete(key)
        cache.set(key, hit)
        return hit
      }
      const t0 = performance.now()
      ctx.clearRect(0, 0, width, height)
      drawAvatar(ctx, input.look, pose, box)
      // getImageData un-premultiplies natively (ffmpeg's overlay wants straight alpha). Measured:
      // cheaper overall than canvas.data() plus ffmpeg's unpremultiply filter or a JS pass.
      const rgba = new Uint8Array(ctx.getImageData(0, 0, width, height).data.buffer)
      drawMs += performance.now() - t0
      drawn++
      cache.set(key, rgba)
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!)
      return rgba
    },
    stats: () => ({ drawn, reused, drawMs }),
  }
}

/** Layer geometry for an avatar box (output pixels, centre + size + angle). */
export function layerFor(centerX: number, centerY: number, w: number, h: number, angle: number): LayerGeometry & { x: number; y: number } {
  const rad = (angle * Math.PI) / 180
  const bw = Math.abs(w * Math.cos(rad)) + Math.abs(h * Math.sin(rad))
  const bh = Math.abs(w * Math.sin(rad)) + Math.abs(h * Math.cos(rad))
  const even = (v: number) => Math.max(2, Math.ceil(v / 2) * 2)
  const width = even(bw)
  const height = even(bh)
  return {
    width, height,
    x: Math.round(centerX - width / 2),
    y: Math.round(centerY - height / 2),
    box: { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h, angle },
  }
}
