/**
 * A photo avatar's mesh warp computed in JS into a pixel buffer, for hosts that can hand over an
 * offscreen surface (the render worker registers one; the page does not and keeps drawing each moved
 * triangle as a pattern fill). Why: with @napi-rs/canvas each triangle's affine pattern fill cost
 * ~50 µs of rasterisation (~190 triangles, 10–12 ms a 390-pixel frame; docs/decisions/0029-photo-avatar-drawing.md),
 * where one pass over the pixels, each sampled once, costs a few ms. The triangles tile the crop square
 * exactly (a pixel centre belongs to one triangle: edges are evaluated top to bottom the same way from
 * both sides), so there are no seams to hide and a later warp only needs to redo the triangles whose
 * corners moved: the buffer always equals a full warp of the last pose.
 * Sampling is bilinear, as the canvas does, from a copy of the crop scaled once to the output size.
 */
import type { Ctx2D } from './canvas-context'
import type { PhotoImage } from './photo-images'
import type { PhotoMesh, Pt } from './photo-mesh'

/** What a host provides: an offscreen surface of one size and the photo's crop scaled onto it. */
export interface RasterSurface {
  /** What `ctx.drawImage` takes to draw the surface. */
  source: unknown
  /** Straight-alpha RGBA of `image`'s square (x, y, side) scaled to `size` × `size`. */
  texture(image: PhotoImage, x: number, y: number, side: number, size: number): Uint8ClampedArray
  /** Puts the rectangle (x, y, w, h) of `rgba` (straight alpha, surface-sized) on the surface. */
  upload(rgba: Uint8ClampedArray, x: number, y: number, w: number, h: number): void
}

let makeSurface: ((size: number) => RasterSurface) | null = null

/** True when a host registered its surfaces (the warp is available). */
export const hasPhotoRaster = () => makeSurface !== null

/** Registers (or removes, with null) the host's offscreen surfaces; without one drawPhoto fills triangles on the canvas. */
export function setPhotoRasterHost(make: ((size: number) => RasterSurface) | null): void {
  makeSurface = make
}

export interface Rect {
  x0: number
  y0: number
  x1: number
  y1: number
}

export interface RasterState {
  key: string
  surface: RasterSurface
  /** The surface's side (pixels): the picture's pixels plus a one-pixel margin all round. */
  stride: number
  /** Surface pixels whose centres the picture covers. */
  inner: Rect
  /** Surface pixels per box unit, and where the box's origin falls on the surface. */
  k: number
  tx: number
  ty: number
  /** Premultiplied RGBA of the scaled crop (texSize × texSize) inside a one-texel border. */
  tex: Float32Array
  texSize: number
  opaque: boolean
  /** The warped picture, straight alpha, stride × stride. */
  out: Uint8ClampedArray
  /** Destination corners (surface pixels) of the last warp, two numbers a point; null before the first. */
  last: Float64Array | null
}

const states = new WeakMap<PhotoImage, Map<string, RasterState>>()
/**
 * Warps kept, over all pictures (each holds its scaled picture, ~2.5 MB at 390 px, ~5.5 MB at
 * 1080p): enough for the renders of one worker, bounded for a long-lived one that sees many.
 */
const MAX_STATES = 6
const recent: Array<{ image: PhotoImage; key: string }> = []

/**
 * Where the warp's pixels go. Unrotated with equal scales (every video layer), surface pixels are the
 * device's pixels moved by whole pixels, so drawing the surface is a plain copy, not a resampling.
 */
function placement(m: Transform, units: number) {
  const k = Math.hypot(m.a, m.b)
  const aligned = m.b === 0 && m.c === 0 && m.a === m.d && m.a > 0
  const tx = aligned ? m.e - Math.floor(m.e) + 1 : 1
  const ty = aligned ? m.f - Math.floor(m.f) + 1 : 1
  const span = units * k
  const inner = {
    x0: Math.ceil(tx - 0.5),
    y0: Math.ceil(ty - 0.5),
    x1: Math.ceil(tx + span - 0.5),
    y1: Math.ceil(ty + span - 0.5),
  }
  return {
    k,
    tx,
    ty,
    aligned,
    inner,
    stride: Math.max(inner.x1, inner.y1) + 1,
    texSize: Math.max(8, Math.round(span)),
  }
}

function stateFor(image: PhotoImage, mesh: PhotoMesh, place: ReturnType<typeof placement>): RasterState {
  const key = `${place.k}|${place.tx}|${place.ty}`
  let byPlace = states.get(image)
  if (!byPlace) states.set(image, (byPlace = new Map<string, RasterState>()))
  let state = byPlace.get(key)
  if (!state) {
    const surface = makeSurface!(place.stride)
    const rgba = surface.texture(image, mesh.crop.x, mesh.crop.y, mesh.crop.side, place.texSize)
    const n = place.texSize
    // Premultiplied, with a one-texel border repeating the edge (clamp-to-edge sampling without branches).
    const tex = new Float32Array((n + 2) * (n + 2) * 4)
    let opaque = true
    for (let y = -1; y <= n; y++) {
      for (let x = -1; x <= n; x++) {
        const i = (Math.min(n - 1, Math.max(0, y)) * n + Math.min(n - 1, Math.max(0, x))) * 4
        const o = ((y + 1) * (n + 2) + x + 1) * 4
        const a = rgba[i + 3]!
        const f = a / 255
        if (a !== 255) opaque = false
        tex[o] = rgba[i]! * f
        tex[o + 1] = rgba[i + 1]! * f
        tex[o + 2] = rgba[i + 2]! * f
        tex[o + 3] = a
      }
    }
    state = {
      key,
      surface,
      k: place.k,
      tx: place.tx,
      ty: place.ty,
      inner: place.inner,
      stride: place.stride,
      texSize: place.texSize,
      tex,
      opaque,
      out: new Uint8ClampedArray(place.stride * place.stride * 4),
      last: null,
    }
    byPlace.set(key, state)
    recent.push({ image, key })
    if (recent.length > MAX_STATES) {
      const old = recent.shift()!
      states.get(old.image)?.delete(old.key)
    }
  }
  return state
}

function triBounds(p: Float64Array, t: readonly number[]): Rect {
  const xs = [p[t[0]! * 2]!, p[t[1]! * 2]!, p[t[2]! * 2]!]
  const ys = [p[t[0]! * 2 + 1]!, p[t[1]! * 2 + 1]!, p[t[2]! * 2 + 1]!]
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) }
}

/** The smallest rectangle holding both. */
export const unionRect = (a: Rect, b: Rect): Rect => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
})
const union = (a: Rect | null, b: Rect): Rect => (a ? unionRect(a, b) : b)

/** The warped picture of the last `warpPhoto` call (shared: valid until the next call for the same picture and place). */
export interface PhotoWarp {
  /** Straight-alpha RGBA, `stride` pixels a row; surface pixel (x, y) is device pixel (x + ox, y + oy) when `aligned`. */
  out: Uint8ClampedArray
  stride: number
  aligned: boolean
  ox: number
  oy: number
  /** Surface pixels this call rewrote (margin included); null when nothing moved. */
  changed: Rect | null
  state: RasterState
}

type Transform = { a: number; b: number; c: number; d: number; e: number; f: number }

/**
 * Warps the photo for this pose (`dst`: mesh points in box units; `m`: the box's transform to device
 * pixels), redoing only the triangles with a moved corner. Null without a host surface.
 */
export function warpPhoto(
  image: PhotoImage,
  mesh: PhotoMesh,
  dst: readonly Pt[],
  m: Transform,
  units: number,
): PhotoWarp | null {
  if (!makeSurface) return null
  const place = placement(m, units)
  const state = stateFor(image, mesh, place)
  const { k, tx, ty, inner, stride } = state
  const now = new Float64Array(dst.length * 2)
  dst.forEach((p, i) => {
    now[i * 2] = p[0] * k + tx
    now[i * 2 + 1] = p[1] * k + ty
  })
  // What changed since the last warp: the triangles with a moved corner, where they were and are.
  let dirty: Rect | null = null
  const last = state.last
  if (!last) dirty = inner
  else {
    for (const t of mesh.triangles) {
      if (t.every((v) => now[v * 2] === last[v * 2] && now[v * 2 + 1] === last[v * 2 + 1])) continue
      dirty = union(union(dirty, triBounds(last, t)), triBounds(now, t))
    }
  }
  state.last = now
  let changed: Rect | null = null
  if (dirty) {
    const r = {
      x0: Math.max(inner.x0, Math.floor(dirty.x0) - 1),
      y0: Math.max(inner.y0, Math.floor(dirty.y0) - 1),
      x1: Math.min(inner.x1, Math.ceil(dirty.x1) + 1),
      y1: Math.min(inner.y1, Math.ceil(dirty.y1) + 1),
    }
    if (r.x1 > r.x0 && r.y1 > r.y0) {
      const ts = state.texSize / mesh.crop.side
      const src = mesh.points.map((p): Pt => [(p[0] - mesh.crop.x) * ts, (p[1] - mesh.crop.y) * ts])
      for (const t of mesh.triangles) {
        const b = triBounds(now, t)
        if (b.x1 < r.x0 || b.x0 > r.x1 || b.y1 < r.y0 || b.y0 > r.y1) continue
        warpTriangle(state, now, src, t, r)
      }
      changed = fillMargin(state.out, stride, inner, r)
    }
  }
  return {
    out: state.out,
    stride,
    aligned: place.aligned,
    ox: Math.round(m.e - tx),
    oy: Math.round(m.f - ty),
    changed,
    state,
  }
}

/**
 * Warps the photo for this pose and draws it over the 256-unit box (the caller's clip applies).
 * False when no host surface is registered (or the context cannot say its transform): the caller
 * draws the triangles itself.
 */
export function rasterPhoto(
  ctx: Ctx2D,
  image: PhotoImage,
  mesh: PhotoMesh,
  dst: readonly Pt[],
  units: number,
): boolean {
  if (!ctx.getTransform) return false
  const warp = warpPhoto(image, mesh, dst, ctx.getTransform(), units)
  if (!warp) return false
  const { state, changed: u } = warp
  if (u) state.surface.upload(state.out, u.x0, u.y0, u.x1 - u.x0, u.y1 - u.y0)
  // The margin repeats the edge pixels, so the box's anti-aliased rounded edge (the caller's clip) covers picture, as a direct draw did.
  const { k, tx, ty, stride } = state
  ctx.drawImage(state.surface.source as never, 0, 0, stride, stride, -tx / k, -ty / k, stride / k, stride / k)
  return true
}

/** Fills one destination triangle's pixels (centres inside it, within `clip`) with bilinear samples of the texture. */
function warpTriangle(
  state: RasterState,
  p: Float64Array,
  src: readonly Pt[],
  t: readonly [number, number, number],
  clip: Rect,
): void {
  // Corners sorted top to bottom: every edge is then evaluated from its upper end, the same way from both triangles sharing it.
  const v = [...t].sort((a, b) => p[a * 2 + 1]! - p[b * 2 + 1]! || p[a * 2]! - p[b * 2]!)
  const [i0, i1, i2] = v as [number, number, number]
  const x0 = p[i0 * 2]!,
    y0 = p[i0 * 2 + 1]!,
    x1 = p[i1 * 2]!,
    y1 = p[i1 * 2 + 1]!,
    x2 = p[i2 * 2]!,
    y2 = p[i2 * 2 + 1]!
  // Destination pixel → texture: the inverse of the triangle's affine map.
  const s0 = src[i0]!,
    s1 = src[i1]!,
    s2 = src[i2]!
  const den = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
  if (Math.abs(den) < 1e-9) return
  const a = ((s1[0] - s0[0]) * (y2 - y0) - (s2[0] - s0[0]) * (y1 - y0)) / den
  const c = ((s2[0] - s0[0]) * (x1 - x0) - (s1[0] - s0[0]) * (x2 - x0)) / den
  const b = ((s1[1] - s0[1]) * (y2 - y0) - (s2[1] - s0[1]) * (y1 - y0)) / den
  const dd = ((s2[1] - s0[1]) * (x1 - x0) - (s1[1] - s0[1]) * (x2 - x0)) / den
  // Texel centres at +0.5.
  const e = s0[0] - a * x0 - c * y0 - 0.5
  const f = s0[1] - b * x0 - dd * y0 - 0.5
  const { texSize, tex, opaque, stride } = state
  const out32 = new Uint32Array(state.out.buffer, state.out.byteOffset, state.out.length >> 2)
  // The texture has a one-texel border repeating its edge: sample positions within it need no clamping.
  const tw = texSize + 2
  const lo = -1,
    hi = texSize - 1e-6
  // The long edge (0→2) is on one side; 0→1 then 1→2 on the other.
  const longOnLeft = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0) > 0
  const rowStart = Math.max(clip.y0, Math.ceil(y0 - 0.5))
  const rowEnd = Math.min(clip.y1, Math.ceil(y2 - 0.5))
  const edgeX = (ax: number, ay: number, bx: number, by: number, yc: number) =>
    ax + ((yc - ay) * (bx - ax)) / (by - ay)
  for (let py = rowStart; py < rowEnd; py++) {
    const yc = py + 0.5
    const xl = edgeX(x0, y0, x2, y2, yc)
    const xs = yc < y1 ? edgeX(x0, y0, x1, y1, yc) : edgeX(x1, y1, x2, y2, yc)
    const left = longOnLeft ? xl : xs
    const right = longOnLeft ? xs : xl
    const pxStart = Math.max(clip.x0, Math.ceil(left - 0.5))
    const pxEnd = Math.min(clip.x1, Math.ceil(right - 0.5))
    let u = a * (pxStart + 0.5) + c * yc + e
    let w = b * (pxStart + 0.5) + dd * yc + f
    for (let o = py * stride + pxStart, end = py * stride + pxEnd; o < end; o++, u += a, w += b) {
      const cu = u < lo ? lo : u > hi ? hi : u
      const cw = w < lo ? lo : w > hi ? hi : w
      const fu = Math.floor(cu),
        fw = Math.floor(cw)
      const fx = cu - fu,
        fy = cw - fw
      const i00 = ((fw + 1) * tw + fu + 1) * 4
      const i10 = i00 + tw * 4
      const w00 = (1 - fx) * (1 - fy),
        w01 = fx * (1 - fy),
        w10 = (1 - fx) * fy,
        w11 = fx * fy
      const r = tex[i00]! * w00 + tex[i00 + 4]! * w01 + tex[i10]! * w10 + tex[i10 + 4]! * w11
      const g = tex[i00 + 1]! * w00 + tex[i00 + 5]! * w01 + tex[i10 + 1]! * w10 + tex[i10 + 5]! * w11
      const bl = tex[i00 + 2]! * w00 + tex[i00 + 6]! * w01 + tex[i10 + 2]! * w10 + tex[i10 + 6]! * w11
      if (opaque) out32[o] = (r + 0.5) | 0 | (((g + 0.5) | 0) << 8) | (((bl + 0.5) | 0) << 16) | 0xff000000
      else {
        const al = tex[i00 + 3]! * w00 + tex[i00 + 7]! * w01 + tex[i10 + 3]! * w10 + tex[i10 + 7]! * w11
        const un = al > 0 ? 255 / al : 0
        out32[o] =
          Math.min(255, r * un + 0.5) |
          0 |
          ((Math.min(255, g * un + 0.5) | 0) << 8) |
          ((Math.min(255, bl * un + 0.5) | 0) << 16) |
          (((al + 0.5) | 0) << 24)
      }
    }
  }
}

/** Copies the pixels of `r` on the picture's edge (`inner`) into the margin beside it; returns `r` grown to cover them. */
function fillMargin(out: Uint8ClampedArray, stride: number, inner: Rect, r: Rect): Rect {
  const at = (x: number, y: number) => (y * stride + x) * 4
  const grown = { ...r }
  if (r.y0 === inner.y0) {
    out.copyWithin(at(r.x0, inner.y0 - 1), at(r.x0, inner.y0), at(r.x1, inner.y0))
    grown.y0--
  }
  if (r.y1 === inner.y1) {
    out.copyWithin(at(r.x0, inner.y1), at(r.x0, inner.y1 - 1), at(r.x1, inner.y1 - 1))
    grown.y1++
  }
  const row = (y: number) => Math.min(inner.y1 - 1, Math.max(inner.y0, y))
  if (r.x0 === inner.x0) {
    for (let y = grown.y0; y < grown.y1; y++)
      out.copyWithin(at(inner.x0 - 1, y), at(inner.x0, row(y)), at(inner.x0, row(y)) + 4)
    grown.x0--
  }
  if (r.x1 === inner.x1) {
    for (let y = grown.y0; y < grown.y1; y++)
      out.copyWithin(at(inner.x1, y), at(inner.x1 - 1, row(y)), at(inner.x1 - 1, row(y)) + 4)
    grown.x1++
  }
  return grown
}
