/**
 * The avatar layer as opaque YUV 4:2:0, composed here over the very pixels ffmpeg puts behind it.
 *
 * ffmpeg used to convert every piped RGBA frame to YUVA and alpha-blend it over the background
 * (~40 % of its work besides x264 in a Quick Create). Where the background holds still (a colour or a
 * picture), this side knows those pixels, so it blends the avatar over them itself and sends a plain
 * I420 frame, which ffmpeg then pastes with plain copies (paste-layer.ts). And it blends only the
 * rectangle that changed since the frame before — the mouth, most of the time — not the whole box.
 * See docs/decisions/0031-render-opaque-i420-layer.md.
 */
import { ffmpeg } from '../audio/ffmpeg'
import type { Rect } from '@mouthpiece/avatar/photo-raster'
import { frameRing } from './avatar-frames'
import type { FrameSource } from './avatar-frames'

/** An I420 picture: the Y plane, then U and V at half size each way. Sides are even. */
export interface I420 {
  width: number
  height: number
  data: Uint8Array
}

export const i420Bytes = (width: number, height: number) => width * height * 1.5

/**
 * The Y, U, V ffmpeg's `color` source gives a colour in yuv420p (BT.601, limited range, rounded),
 * so a layer filled with it meets the background around it without a seam.
 */
export function colourYuv(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', '').slice(0, 6), 16)
  const r = (n >> 16) & 255
  const g = (n >> 8) & 255
  const b = n & 255
  const y = 16 + (219 / 255) * (0.299 * r + 0.587 * g + 0.114 * b)
  const u = 128 + (224 / 255) * (-0.168736 * r - 0.331264 * g + 0.5 * b)
  const v = 128 + (224 / 255) * (0.5 * r - 0.418688 * g - 0.081312 * b)
  return [Math.round(y), Math.round(u), Math.round(v)]
}

export function colourI420(hex: string, width: number, height: number): I420 {
  const [y, u, v] = colourYuv(hex)
  const data = new Uint8Array(i420Bytes(width, height))
  const luma = width * height
  data.fill(y, 0, luma)
  data.fill(u, luma, luma * 1.25)
  data.fill(v, luma * 1.25)
  return { width, height, data }
}

/**
 * A still picture fitted to the output (`fit`: the render's scale/crop chain), in I420. The render
 * then reads these very bytes as its background, so the layer meets it without a seam.
 */
export async function stillI420(
  file: string,
  fit: string,
  width: number,
  height: number,
  signal?: AbortSignal,
): Promise<I420> {
  const { stdout } = await ffmpeg(
    ['-i', file, '-vf', `${fit},format=yuv420p`, '-frames:v', '1', '-f', 'rawvideo', 'pipe:1'],
    { signal },
  )
  if (stdout.length !== i420Bytes(width, height))
    throw new Error(`background frame: ${stdout.length} bytes, not ${width}×${height} I420`)
  return { width, height, data: new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.length) }
}

/** The part of `picture` under a layer at x,y (even), w×h (even); parts off the picture repeat its edge (ffmpeg clips them anyway). */
export function cropI420(picture: I420, x: number, y: number, width: number, height: number): I420 {
  const out = new Uint8Array(i420Bytes(width, height))
  const planes: Array<[number, number, number, number, number]> = [
    // [source offset, source width, source height, target offset, divisor]
    [0, picture.width, picture.height, 0, 1],
    [picture.width * picture.height, picture.width / 2, picture.height / 2, width * height, 2],
    [picture.width * picture.height * 1.25, picture.width / 2, picture.height / 2, width * height * 1.25, 2],
  ]
  for (const [src, sw, sh, dst, d] of planes) {
    const w = width / d
    const h = height / d
    const x0 = x / d
    const y0 = y / d
    for (let row = 0; row < h; row++) {
      const sy = Math.min(sh - 1, Math.max(0, y0 + row))
      for (let col = 0; col < w; col++) {
        const sx = Math.min(sw - 1, Math.max(0, x0 + col))
        out[dst + row * w + col] = picture.data[src + sy * sw + sx]!
      }
    }
  }
  return { width, height, data: out }
}

/** Where a layer sits when its frames are I420: on even pixels (chroma covers 2×2), grown to keep the drawing exactly where it was. */
export function evenPlacement<
  L extends { x: number; y: number; width: number; height: number; box: { x: number; y: number } },
>(layer: L): L {
  const dx = layer.x & 1
  const dy = layer.y & 1
  const even = (v: number) => Math.ceil(v / 2) * 2
  return {
    ...layer,
    x: layer.x - dx,
    y: layer.y - dy,
    width: even(layer.width + dx),
    height: even(layer.height + dy),
    box: { ...layer.box, x: layer.box.x + dx, y: layer.box.y + dy },
  }
}

/** The rows and columns where two RGBA frames differ (half-open, even-aligned), or null if they are equal. */
export function changedRect(a: Uint8Array, b: Uint8Array, width: number, height: number): Rect | null {
  const stride = width * 4
  const ba = Buffer.from(a.buffer, a.byteOffset, a.length)
  const bb = Buffer.from(b.buffer, b.byteOffset, b.length)
  // Whole rows compared natively (memcmp); only rows that differ are scanned, from both ends.
  const pa = new Uint32Array(a.buffer, a.byteOffset, width * height)
  const pb = new Uint32Array(b.buffer, b.byteOffset, width * height)
  let y0 = -1
  let y1 = -1
  let x0 = width
  let x1 = 0
  for (let y = 0; y < height; y++) {
    const at = y * stride
    if (ba.compare(bb, at, at + stride, at, at + stride) === 0) continue
    const row = y * width
    let first = 0
    while (first < x0 && pa[row + first] === pb[row + first]) first++
    if (first < x0) x0 = first
    let last = width - 1
    while (last >= x1 && pa[row + last] === pb[row + last]) last--
    if (last + 1 > x1) x1 = last + 1
    if (y0 < 0) y0 = y
    y1 = y + 1
  }
  if (y0 < 0) return null
  return evenRect({ x0, y0, x1, y1 }, width, height)
}

/** BT.601 limited-range luma of a little-endian RGBA pixel read as one 32-bit word. */
const lumaOf = (p: number) =>
  16 + ((66 * (p & 255) + 129 * ((p >>> 8) & 255) + 25 * ((p >>> 16) & 255) + 128) >> 8)

/** A pixel's luma over the backdrop's at alpha `a`. */
const mix = (under: number, p: number, a: number) =>
  a === 0 ? under : a === 255 ? lumaOf(p) : ((under * (255 - a) + lumaOf(p) * a + 127) / 255) | 0

/**
 * Blends the straight-alpha RGBA rectangle [x0,x1)×[y0,y1) (even bounds) of `rgba` over `backdrop`
 * into `out` (I420 of the same size). BT.601 limited range like ffmpeg's conversion; chroma from the
 * alpha-weighted mean of each 2×2 block, which keeps dark fringes out of anti-aliased edges. Blocks
 * wholly clear or wholly opaque (most of them) take short paths. `at` places a smaller `rgba` inside
 * the frame (even x, y; `r` must lie within it); `backdrop` may be `out` itself.
 */
export function blendRect(
  rgba: Uint8Array,
  backdrop: Uint8Array,
  out: Uint8Array,
  width: number,
  height: number,
  r: Rect,
  at: Placement = { x: 0, y: 0, width },
): void {
  const px = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2)
  const luma = width * height
  const cw = width / 2
  const uOff = luma
  const vOff = luma + luma / 4
  for (let y = r.y0; y < r.y1; y += 2) {
    const row0 = y * width
    const row1 = row0 + width
    const src0 = (y - at.y) * at.width - at.x
    const src1 = src0 + at.width
    const crow = (y >> 1) * cw
    for (let x = r.x0; x < r.x1; x += 2) {
      const i0 = row0 + x
      const i1 = row1 + x
      const p0 = px[src0 + x]!
      const p1 = px[src0 + x + 1]!
      const p2 = px[src1 + x]!
      const p3 = px[src1 + x + 1]!
      const c = crow + (x >> 1)
      if ((p0 | p1 | p2 | p3) >>> 24 === 0) {
        out[i0] = backdrop[i0]!
        out[i0 + 1] = backdrop[i0 + 1]!
        out[i1] = backdrop[i1]!
        out[i1 + 1] = backdrop[i1 + 1]!
        out[uOff + c] = backdrop[uOff + c]!
        out[vOff + c] = backdrop[vOff + c]!
        continue
      }
      if ((p0 & p1 & p2 & p3) >>> 24 === 255) {
        out[i0] = lumaOf(p0)
        out[i0 + 1] = lumaOf(p1)
        out[i1] = lumaOf(p2)
        out[i1 + 1] = lumaOf(p3)
        const sr = (p0 & 255) + (p1 & 255) + (p2 & 255) + (p3 & 255)
        const sg = ((p0 >>> 8) & 255) + ((p1 >>> 8) & 255) + ((p2 >>> 8) & 255) + ((p3 >>> 8) & 255)
        const sb = ((p0 >>> 16) & 255) + ((p1 >>> 16) & 255) + ((p2 >>> 16) & 255) + ((p3 >>> 16) & 255)
        out[uOff + c] = 128 + ((-38 * sr - 74 * sg + 112 * sb + 512) >> 10)
        out[vOff + c] = 128 + ((112 * sr - 94 * sg - 18 * sb + 512) >> 10)
        continue
      }
      const a0 = p0 >>> 24
      const a1 = p1 >>> 24
      const a2 = p2 >>> 24
      const a3 = p3 >>> 24
      out[i0] = mix(backdrop[i0]!, p0, a0)
      out[i0 + 1] = mix(backdrop[i0 + 1]!, p1, a1)
      out[i1] = mix(backdrop[i1]!, p2, a2)
      out[i1 + 1] = mix(backdrop[i1 + 1]!, p3, a3)
      const sa = a0 + a1 + a2 + a3
      const sr = a0 * (p0 & 255) + a1 * (p1 & 255) + a2 * (p2 & 255) + a3 * (p3 & 255)
      const sg =
        a0 * ((p0 >>> 8) & 255) + a1 * ((p1 >>> 8) & 255) + a2 * ((p2 >>> 8) & 255) + a3 * ((p3 >>> 8) & 255)
      const sb =
        a0 * ((p0 >>> 16) & 255) +
        a1 * ((p1 >>> 16) & 255) +
        a2 * ((p2 >>> 16) & 255) +
        a3 * ((p3 >>> 16) & 255)
      // Σa·U over the block, from the alpha-weighted sums of R, G, B (U and V are linear in them).
      const su = (-38 * sr - 74 * sg + 112 * sb) / 256 + 128 * sa
      const sv = (112 * sr - 94 * sg - 18 * sb) / 256 + 128 * sa
      out[uOff + c] = ((backdrop[uOff + c]! * (1020 - sa) + su + 510) / 1020) | 0
      out[vOff + c] = ((backdrop[vOff + c]! * (1020 - sa) + sv + 510) / 1020) | 0
    }
  }
}

/** A rectangle grown to even bounds (chroma covers 2×2 pixels). */
const evenRect = (r: Rect, width: number, height: number): Rect => ({
  x0: r.x0 & ~1,
  y0: r.y0 & ~1,
  x1: Math.min(width, (r.x1 + 1) & ~1),
  y1: Math.min(height, (r.y1 + 1) & ~1),
})

/** Where an RGBA picture sits in a bigger I420 frame: its top-left corner (even) and its width. */
export interface Placement {
  x: number
  y: number
  width: number
}

/** A layer above the avatar that holds still most of the time (the captions): drawn only where it changes. */
export interface TopLayer {
  rect: Rect
  /** Frames where it changes, ascending, starting with 0. */
  changes: readonly number[]
  /** Straight-alpha RGBA of `rect` from frame `changes[k]` on. */
  draw: (k: number) => Uint8Array
}

const intersect = (a: Rect, b: Rect): Rect | null => {
  const r = {
    x0: Math.max(a.x0, b.x0),
    y0: Math.max(a.y0, b.y0),
    x1: Math.min(a.x1, b.x1),
    y1: Math.min(a.y1, b.y1),
  }
  return r.x1 > r.x0 && r.y1 > r.y0 ? r : null
}
const covers = (outer: Rect, inner: Rect) =>
  outer.x0 <= inner.x0 && outer.y0 <= inner.y0 && outer.x1 >= inner.x1 && outer.y1 >= inner.y1

/** Copies rectangle `r` (even bounds) of an I420 frame's three planes from `from` into `to`. */
function copyRect(from: Uint8Array, to: Uint8Array, width: number, height: number, r: Rect): void {
  for (let y = r.y0; y < r.y1; y++)
    to.set(from.subarray(y * width + r.x0, y * width + r.x1), y * width + r.x0)
  const luma = width * height
  const cw = width / 2
  for (const plane of [luma, luma * 1.25]) {
    for (let y = r.y0 / 2; y < r.y1 / 2; y++) {
      const at = plane + y * cw
      to.set(from.subarray(at + r.x0 / 2, at + r.x1 / 2), at + r.x0 / 2)
    }
  }
}

/**
 * Turns a source of straight-alpha RGBA layer frames into opaque I420 frames over `backdrop`. A frame
 * equal to the one before is sent again as is; otherwise the last I420 frame is copied and only the
 * changed rectangle is blended again: the one the source names, or one found by comparing the two
 * frames (a source's frame stays intact until it has handed out RING more). Buffers come from a
 * frameRing too (use a frame before asking for RING more).
 *
 * `stack` puts the avatar's frames at `avatar` inside a bigger backdrop and a `top` layer above them
 * (captions): a changed rectangle is then composed again from the backdrop up, layer by layer.
 */
export function opaqueFrames(
  source: Pick<FrameSource, 'frame' | 'changed'>,
  backdrop: I420,
  stack?: { avatar: Rect; top?: TopLayer | null },
): (i: number) => Uint8Array {
  const { width, height } = backdrop
  const avatar = stack?.avatar ?? { x0: 0, y0: 0, x1: width, y1: height }
  const aw = avatar.x1 - avatar.x0
  const ah = avatar.y1 - avatar.y0
  const avatarAt: Placement = { x: avatar.x0, y: avatar.y0, width: aw }
  const top = stack?.top ?? null
  const topAt: Placement | null = top && { x: top.rect.x0, y: top.rect.y0, width: top.rect.x1 - top.rect.x0 }
  const nextBuffer = frameRing(backdrop.data.length)
  let lastRgba: Uint8Array | null = null
  let topRgba: Uint8Array | null = null
  let nextTop = 0
  let last: Uint8Array = backdrop.data
  const shift = (r: Rect): Rect => ({
    x0: r.x0 + avatar.x0,
    y0: r.y0 + avatar.y0,
    x1: r.x1 + avatar.x0,
    y1: r.y1 + avatar.y0,
  })
  const compose = (rgba: Uint8Array, out: Uint8Array, r: Rect) => {
    const onTop = top && topRgba ? intersect(r, top.rect) : null
    if (!onTop && covers(avatar, r)) return blendRect(rgba, backdrop.data, out, width, height, r, avatarAt)
    copyRect(backdrop.data, out, width, height, r)
    const under = intersect(r, avatar)
    if (under) blendRect(rgba, out, out, width, height, under, avatarAt)
    if (onTop) blendRect(topRgba!, out, out, width, height, onTop, topAt!)
  }
  return (i) => {
    const rgba = source.frame(i)
    const named = source.changed()
    const first = !lastRgba
    const ra = first
      ? { x0: 0, y0: 0, x1: aw, y1: ah }
      : named === undefined
        ? changedRect(rgba, lastRgba!, aw, ah)
        : named && evenRect(named, aw, ah)
    lastRgba = rgba
    let rt: Rect | null = null
    if (top && top.changes[nextTop] === i) {
      topRgba = top.draw(nextTop++)
      rt = top.rect
    }
    if (!ra && !rt) return last
    const out = nextBuffer()
    if (first) {
      out.set(backdrop.data)
      compose(rgba, out, { x0: 0, y0: 0, x1: width, y1: height })
    } else {
      out.set(last)
      if (ra) compose(rgba, out, shift(ra))
      if (rt) compose(rgba, out, rt)
    }
    last = out
    return out
  }
}
