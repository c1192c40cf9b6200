/**
 * Produces the avatar layer frame by frame: only the avatar box, RGBA with straight alpha, drawn
 * with @napi-rs/canvas by the same code the page uses. Frames whose pose quantises to the same key
 * are reused instead of redrawn.
 */
import { Image, createCanvas } from '@napi-rs/canvas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import type { VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import { poseAt, poseKey } from '@mouthpiece/avatar/animation'
import type { AvatarPose } from '@mouthpiece/avatar/animation'
import { AVATAR_UNITS, drawAvatar } from '@mouthpiece/avatar/draw-avatar'
import { setPhotoImage } from '@mouthpiece/avatar/photo-images'
import { mouthRegion, regionInPixels, sameButMouth } from '@mouthpiece/avatar/mouth-region'
import './photo-raster-host'
import type { Rect } from '@mouthpiece/avatar/photo-raster'
import { photoFrameDrawer } from './photo-frames'

export interface LayerGeometry {
  /** Layer size in output pixels (even numbers). */
  width: number
  height: number
  /** Avatar box inside the layer. */
  box: { x: number; y: number; width: number; height: number; angle: number }
}

export interface FrameSourceInput {
  look: AvatarLook
  /** The portrait of a photo avatar (encoded bytes); without it a photo look draws its cartoon. */
  avatarImage?: Uint8Array
  /** The picture picked to stand behind a cut-out portrait (its look's `photo.background` of mode `image`). */
  avatarBackdrop?: Uint8Array
  cues: readonly VisemeCue[]
  wordStarts: readonly number[]
  emotion: Emotion
  energy: number
  fps: number
  geometry: LayerGeometry
}

export interface FrameSource {
  frameCount(duration: number): number
  /**
   * RGBA bytes of frame i (straight alpha); the buffer may be shared with later calls, or rewritten
   * a few frames on (RING): use it before asking for more.
   */
  frame(i: number): Uint8Array
  /**
   * Where the frame last handed out differs from the one before it: a rectangle (half-open), null
   * when they are equal, undefined when unknown (the caller compares them itself).
   */
  changed(): Rect | null | undefined
  stats(): { drawn: number; reused: number; drawMs: number }
}

const CACHE_SIZE = 48

/** Makes a photo avatar's portrait drawable in this thread (decoded once here, then reused by every frame). */
export function registerPhotoBytes(
  look: AvatarLook,
  bytes: Uint8Array | undefined,
  backdrop?: Uint8Array,
): void {
  if (!look.photo || !bytes) return
  const decode = (src: string, b: Uint8Array) => {
    const image = new Image()
    image.src = Buffer.from(b)
    setPhotoImage(src, image)
  }
  decode(look.photo.src, bytes)
  const bg = look.photo.background
  if (bg?.mode === 'image' && backdrop) decode(bg.src, backdrop)
}

export function createFrameSource(input: FrameSourceInput): FrameSource {
  const { width, height, box } = input.geometry
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  registerPhotoBytes(input.look, input.avatarImage, input.avatarBackdrop)
  const cache = new Map<string, Uint8Array>()
  let drawn = 0
  let reused = 0
  let drawMs = 0
  /** The pose whose pixels the canvas holds, and those pixels read back. */
  let onCanvas: { pose: AvatarPose; rgba: Uint8Array } | null = null
  /** The frame handed out last, and where it differs from the one before (see FrameSource.changed). */
  let handedOut: Uint8Array | null = null
  let changed: Rect | null | undefined
  const animation = {
    cues: input.cues,
    wordStarts: input.wordStarts,
    seed: input.look.seed,
    emotion: input.emotion,
    energy: input.energy,
  }
  const nextBuffer = frameRing(width * height * 4)
  const photoFrame = photoFrameDrawer(ctx, width, height, input.look, box, nextBuffer)
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
        changed = hit === handedOut ? null : undefined
        handedOut = hit
        return hit
      }
      const t0 = performance.now()
      let rgba: Uint8Array
      // Ring buffers are rewritten a few frames on: never kept in the cache.
      let inRing = Boolean(photoFrame)
      changed = undefined
      if (photoFrame) {
        const drawnPhoto = photoFrame(pose)
        rgba = drawnPhoto.rgba
        // The photo drawer's rectangle is relative to its own last frame, which is the last handed out (none are cached).
        changed = drawnPhoto.changed
      } else if (onCanvas && sameButMouth(onCanvas.pose, pose)) {
        // Only the mouth moved since the pixels on the canvas: redraw and read back just its region.
        const r = regionInPixels(mouthRegion(input.look, onCanvas.pose, pose), box, width, height)
        ctx.save()
        ctx.beginPath()
        ctx.rect(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0)
        ctx.clip()
        ctx.clearRect(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0)
        drawAvatar(ctx, input.look, pose, box)
        ctx.restore()
        if (handedOut === onCanvas.rgba) changed = r
        rgba = patched(
          onCanvas.rgba,
          width,
          r,
          ctx.getImageData(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0).data,
          nextBuffer(),
        )
        inRing = true
      } else {
        ctx.clearRect(0, 0, width, height)
        drawAvatar(ctx, input.look, pose, box)
        // getImageData un-premultiplies natively (ffmpeg's overlay wants straight alpha). Measured:
        // cheaper overall than canvas.data() plus ffmpeg's unpremultiply filter or a JS pass.
        rgba = new Uint8Array(ctx.getImageData(0, 0, width, height).data.buffer)
      }
      onCanvas = { pose, rgba }
      handedOut = rgba
      drawMs += performance.now() - t0
      drawn++
      if (!inRing) cache.set(key, rgba)
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!)
      return rgba
    },
    changed: () => changed,
    stats: () => ({ drawn, reused, drawMs }),
  }
}

/** Frame buffers taken in turn; a caller must be done with a frame before asking for the one this many later. */
export const RING = 4

/**
 * `bytes`-sized buffers handed out in turn. A fresh 600 KB buffer a frame kept V8's collector busy
 * (external memory): ~2.5 ms of GC a frame in a photo render. The pipe to ffmpeg holds at most a
 * frame or two it has not written yet.
 */
export function frameRing(bytes: number): () => Uint8Array {
  const ring = Array.from({ length: RING }, () => new Uint8Array(bytes))
  let turn = 0
  return () => ring[turn++ % RING]!
}

/** A copy of a frame (`width` pixels a row), into `out` if given, with the rows of `region` replaced by `pixels`. */
export function patched(
  frame: Uint8Array,
  width: number,
  region: { x0: number; y0: number; x1: number; y1: number },
  pixels: Uint8ClampedArray,
  out: Uint8Array = new Uint8Array(frame.length),
): Uint8Array {
  out.set(frame)
  const row = (region.x1 - region.x0) * 4
  for (let y = region.y0; y < region.y1; y++) {
    out.set(pixels.subarray((y - region.y0) * row, (y - region.y0 + 1) * row), (y * width + region.x0) * 4)
  }
  return out
}

/** Layer geometry for an avatar box (output pixels, centre + size + angle). */
export function layerFor(
  centerX: number,
  centerY: number,
  w: number,
  h: number,
  angle: number,
): LayerGeometry & { x: number; y: number } {
  const rad = (angle * Math.PI) / 180
  const bw = Math.abs(w * Math.cos(rad)) + Math.abs(h * Math.sin(rad))
  const bh = Math.abs(w * Math.sin(rad)) + Math.abs(h * Math.cos(rad))
  const even = (v: number) => Math.max(2, Math.ceil(v / 2) * 2)
  const width = even(bw)
  const height = even(bh)
  return {
    width,
    height,
    x: Math.round(centerX - width / 2),
    y: Math.round(centerY - height / 2),
    box: { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h, angle },
  }
}
