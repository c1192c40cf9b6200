/**
 * Edge refinement for object cut-outs (decision 0063). GrabCut runs on a copy at most 320 px wide,
 * so its mask is blocky at full size and keeps a rim of studio background, and it takes the floor
 * shadow for part of the object. This pass, at the picture's full size:
 *
 * 1. models the studio background as a smooth surface (a robust quadratic fit per channel over the
 *    pixels GrabCut called background); a busy background (poor fit) skips steps 2 and the model;
 * 2. removes the shadow: from the background inwards, pixels that are the background darkened
 *    (same chromaticity, 30–108 % of its brightness) and smooth are background too;
 * 3. solves alpha in a band around the edge as wide as the upscale blur: each pixel projected on the
 *    line between the local background colour and the local object colour (both averaged from the
 *    sure pixels nearby) — a closed-form, Bayesian-matting-like estimate;
 * 4. decontaminates the fringe: the colour kept for a part-transparent pixel is the object's own,
 *    F = (I − (1 − α)·B) / α, blended towards the nearby object colour where α is small — so a
 *    product shot on white shows no light rim on a dark brand colour.
 *
 * Plain typed-array loops, no model, no download: ~0.2–0.5 s for a 2048² picture.
 */
import type { Pixels } from '../face/face-landmarks'
import type { Stroke } from './grabcut'

export interface Matte {
  /** 0…255 per pixel. */
  alpha: Uint8Array
  /** RGB per pixel (3 channels), the fringe decontaminated. */
  rgb: Uint8Array
  /** The studio model fitted (shadow removal ran). */
  studio: boolean
  /** Pixels taken back from the object as shadow. */
  shadowPixels: number
}

interface Fit {
  coef: Float64Array[]
  /** Median absolute residual (0…255 units). */
  residual: number
}

const TERMS = 6
const terms = (x: number, y: number, out: Float64Array) => {
  out[0] = 1
  out[1] = x
  out[2] = y
  out[3] = x * x
  out[4] = x * y
  out[5] = y * y
}

/** Solves A x = b (6×6, symmetric positive) by Gaussian elimination with pivoting. */
function solve(a: Float64Array, b: Float64Array): Float64Array {
  const n = TERMS
  const m = Array.from({ length: n }, (_, i) => [...a.subarray(i * n, i * n + n), b[i]!])
  for (let c = 0; c < n; c++) {
    let p = c
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r
    ;[m[c], m[p]] = [m[p]!, m[c]!]
    const d = m[c]![c]! || 1e-12
    for (let r = 0; r < n; r++) {
      if (r === c) continue
      const f = m[r]![c]! / d
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!
    }
  }
  return Float64Array.from(m.map((row, i) => row[n]! / (row[i] || 1e-12)))
}

/** Robust quadratic fit of the background colour over sampled pixels where `isBg`. */
function fitBackground(px: Pixels, isBg: (i: number) => boolean): Fit | null {
  const { width: W, height: H, channels: ch, data } = px
  const step = Math.max(1, Math.round(Math.sqrt((W * H) / 30000)))
  const xs: number[] = []
  const ys: number[] = []
  const cols: number[][] = [[], [], []]
  for (let y = 0; y < H; y += step)
    for (let x = 0; x < W; x += step) {
      const i = y * W + x
      if (!isBg(i)) continue
      xs.push(x / W - 0.5)
      ys.push(y / H - 0.5)
      for (let c = 0; c < 3; c++) cols[c]!.push(data[i * ch + c]!)
    }
  if (xs.length < 200) return null
  let keep = new Uint8Array(xs.length).fill(1)
  let coef: Float64Array[] = []
  let residual = 0
  const t = new Float64Array(TERMS)
  for (let round = 0; round < 3; round++) {
    coef = [0, 1, 2].map((c) => {
      const a = new Float64Array(TERMS * TERMS)
      const b = new Float64Array(TERMS)
      for (let s = 0; s < xs.length; s++) {
        if (!keep[s]) continue
        terms(xs[s]!, ys[s]!, t)
        const v = cols[c]![s]!
        for (let r = 0; r < TERMS; r++) {
          b[r]! += t[r]! * v
          for (let k = 0; k < TERMS; k++) a[r * TERMS + k]! += t[r]! * t[k]!
        }
      }
      return solve(a, b)
    })
    const res = new Float32Array(xs.length)
    for (let s = 0; s < xs.length; s++) {
      terms(xs[s]!, ys[s]!, t)
      let e = 0
      for (let c = 0; c < 3; c++) {
        let v = 0
        for (let r = 0; r < TERMS; r++) v += coef[c]![r]! * t[r]!
        e = Math.max(e, Math.abs(cols[c]![s]! - v))
      }
      res[s] = e
    }
    const sorted = Float32Array.from(res).sort()
    residual = sorted[Math.floor(sorted.length / 2)]!
    const cut = Math.max(4, residual * 3)
    keep = Uint8Array.from(res, (e) => (e <= cut ? 1 : 0))
  }
  return { coef, residual }
}

/** Brightness against the studio's (the projection `s`) from which a pixel is the studio itself, not a shadow. */
const PLAIN_SHADE = 0.94

/** Chamfer (3-4) distance in px from every pixel to the nearest pixel where `src` is 1. */
function distanceTo(src: Uint8Array, W: number, H: number): Float32Array {
  const INF = 1e9
  const d = new Float32Array(W * H)
  for (let i = 0; i < d.length; i++) d[i] = src[i] ? 0 : INF
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x
      let v = d[i]!
      if (x > 0) v = Math.min(v, d[i - 1]! + 3)
      if (y > 0) {
        v = Math.min(v, d[i - W]! + 3)
        if (x > 0) v = Math.min(v, d[i - W - 1]! + 4)
        if (x < W - 1) v = Math.min(v, d[i - W + 1]! + 4)
      }
      d[i] = v
    }
  for (let y = H - 1; y >= 0; y--)
    for (let x = W - 1; x >= 0; x--) {
      const i = y * W + x
      let v = d[i]!
      if (x < W - 1) v = Math.min(v, d[i + 1]! + 3)
      if (y < H - 1) {
        v = Math.min(v, d[i + W]! + 3)
        if (x < W - 1) v = Math.min(v, d[i + W + 1]! + 4)
        if (x > 0) v = Math.min(v, d[i + W - 1]! + 4)
      }
      d[i] = v
    }
  for (let i = 0; i < d.length; i++) d[i] = d[i]! / 3
  return d
}

/**
 * Refines a coarse (upscaled) object mask at full size: shadow removed, alpha solved at the edge,
 * fringe colours decontaminated. `blur` is how many px the coarse edge may be off (the upscale factor).
 */
export function refineMatte(
  px: Pixels,
  coarse: Uint8Array,
  blur = 4,
  strokes: readonly Stroke[] = [],
): Matte {
  const { width: W, height: H, channels: ch, data } = px
  const N = W * H
  const mask = new Uint8Array(N)
  for (let i = 0; i < N; i++) mask[i] = coarse[i]! >= 128 ? 1 : 0
  // What the person painted with the keep brush stays, whatever it looks like: a white label on a
  // white studio is "the background's colour" to every rule below, but they said it is the product.
  const kept = keptByStrokes(strokes, W, H)

  // 1. The studio background as a smooth surface.
  const fit = fitBackground(px, (i) => coarse[i] === 0)
  const studio = !!fit && fit.residual <= 8
  const bgAt = (x: number, y: number, out: Float64Array, t: Float64Array) => {
    terms(x / W - 0.5, y / H - 0.5, t)
    for (let c = 0; c < 3; c++) {
      let v = 0
      for (let r = 0; r < TERMS; r++) v += fit!.coef[c]![r]! * t[r]!
      out[c] = v
    }
  }

  // 2. Shadow: flood from the background through "background, darkened and smooth" pixels.
  let shadowPixels = 0
  if (studio) {
    const t = new Float64Array(TERMS)
    const b = new Float64Array(3)
    const lum = (i: number) => data[i * ch]! * 0.3 + data[i * ch + 1]! * 0.59 + data[i * ch + 2]! * 0.11
    const shadowLike = new Uint8Array(N)
    // The studio's own brightness (not darkened): a label of the studio's white looks exactly so.
    const plain = new Uint8Array(N)
    for (let y = 1; y < H - 1; y++)
      for (let x = 1; x < W - 1; x++) {
        const i = y * W + x
        if (!mask[i]) continue
        bgAt(x, y, b, t)
        const bb = b[0]! * b[0]! + b[1]! * b[1]! + b[2]! * b[2]!
        const r = data[i * ch]!
        const g = data[i * ch + 1]!
        const bl = data[i * ch + 2]!
        const s = (r * b[0]! + g * b[1]! + bl * b[2]!) / (bb || 1)
        if (s < 0.3 || s > 1.08) continue
        const perp = Math.hypot(r - s * b[0]!, g - s * b[1]!, bl - s * b[2]!)
        if (perp > Math.max(7, 0.035 * Math.sqrt(bb) * s)) continue
        const gx = lum(i + 1) - lum(i - 1)
        const gy = lum(i + W) - lum(i - W)
        // 1: the background, darkened and smooth (a shadow); 2: its colour but at an edge (a shadow's rim).
        shadowLike[i] = Math.hypot(gx, gy) > 10 ? 2 : 1
        if (s >= PLAIN_SHADE) plain[i] = 1
      }
    // GrabCut's edge is off by up to the band's width: the studio's very colour is background that
    // far into the mask, but deeper in only a shadow (darker) is. A white label reaching the
    // product's edge is the studio's colour joined to the outside; without this it was flooded
    // whole (decision 0063's limit, fixed in 0076).
    const outside = new Uint8Array(N)
    for (let i = 0; i < N; i++) outside[i] = mask[i] ? 0 : 1
    const depth = distanceTo(outside, W, H)
    // As deep as the edge pass's inner band (soft edges reach further in than out, step 3).
    const reach = 2 * Math.max(3, Math.ceil(blur * 1.5) + 2)
    const stack: number[] = []
    for (let i = 0; i < N; i++) if (!mask[i]) stack.push(i)
    const seen = new Uint8Array(N)
    while (stack.length) {
      const i = stack.pop()!
      const x = i % W
      for (const j of [x > 0 ? i - 1 : -1, x < W - 1 ? i + 1 : -1, i - W, i + W]) {
        if (j < 0 || j >= N || seen[j] || shadowLike[j] !== 1 || kept[j]) continue
        if (plain[j] && depth[j]! > reach) continue
        seen[j] = 1
        mask[j] = 0
        shadowPixels++
        stack.push(j)
      }
    }
    // Holes (a mug's handle, a ring, the gap under a headphone band — enclosed, or open to the
    // outside deeper than the flood goes): parts showing the studio itself — the background's very
    // colour (not a darker or lighter white like a label), large enough not to be a highlight.
    const minHole = Math.max(64, N * 0.0004)
    for (let start = 0; start < N; start++) {
      if (!mask[start] || shadowLike[start] !== 1 || seen[start]) continue
      const part: number[] = [start]
      seen[start] = 1
      let exact = 0
      let touchesKept = false
      for (let k = 0; k < part.length; k++) {
        const i = part[k]!
        const x = i % W
        const y = (i - x) / W
        bgAt(x, y, b, t)
        const d = Math.max(
          Math.abs(data[i * ch]! - b[0]!),
          Math.abs(data[i * ch + 1]! - b[1]!),
          Math.abs(data[i * ch + 2]! - b[2]!),
        )
        if (d <= Math.max(6, fit.residual * 2.5)) exact++
        if (kept[i]) touchesKept = true
        for (const j of [x > 0 ? i - 1 : -1, x < W - 1 ? i + 1 : -1, i - W, i + W]) {
          if (j < 0 || j >= N || seen[j] || shadowLike[j] !== 1 || !mask[j]) continue
          seen[j] = 1
          part.push(j)
        }
      }
      if (!touchesKept && part.length >= minHole && exact >= part.length * 0.6) {
        for (const i of part) mask[i] = 0
        shadowPixels += part.length
      }
    }
    // A hard-edged shadow leaves its outline (a thin light ring): peel background-coloured pixels
    // off the mask's edge, up to the blur radius deep — an object's own colours are never peeled.
    for (let round = 0; round < Math.max(2, Math.ceil(blur)); round++) {
      const peel: number[] = []
      for (let i = W; i < N - W; i++) {
        if (!mask[i] || !shadowLike[i] || kept[i]) continue
        if (!mask[i - 1] || !mask[i + 1] || !mask[i - W] || !mask[i + W]) peel.push(i)
      }
      if (!peel.length) break
      for (const i of peel) mask[i] = 0
      shadowPixels += peel.length
    }
  }

  // 3. Trimap: sure object / sure background further than R from the edge, alpha solved between.
  const R = Math.max(3, Math.ceil(blur * 1.5) + 2)
  const inv = new Uint8Array(N)
  for (let i = 0; i < N; i++) inv[i] = mask[i] ? 0 : 1
  const toBg = distanceTo(inv, W, H)
  const toFg = distanceTo(mask, W, H)
  const alpha = new Uint8Array(N)
  const rgb = new Uint8Array(N * 3)
  for (let i = 0; i < N; i++) {
    alpha[i] = mask[i] ? 255 : 0
    rgb[i * 3] = data[i * ch]!
    rgb[i * 3 + 1] = data[i * ch + 1]!
    rgb[i * 3 + 2] = data[i * ch + 2]!
  }
  // Soft edges (plush, hair, blur) reach further in than out: the inner band is twice as deep, and
  // only pixels that lie between the two colours (not the object's own texture) are made part-clear.
  const Rin = 2 * R
  const sureFg = (i: number) => mask[i] === 1 && toBg[i]! > Rin
  const fairFg = (i: number) => mask[i] === 1 && toBg[i]! > R
  const sureBg = (i: number) => mask[i] === 0 && toFg[i]! > R
  const win = 2 * R + 2
  const stepW = Math.max(1, Math.floor(win / 4))
  const F = [0, 0, 0]
  const B = [0, 0, 0]
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x
      if ((mask[i] && toBg[i]! > Rin) || (!mask[i] && toFg[i]! > R)) continue
      const inner = mask[i] === 1 && toBg[i]! > R
      // Local object and background colours, from the sure pixels around.
      let nf = 0
      let nb = 0
      let nfair = 0
      const fair = [0, 0, 0]
      F[0] = F[1] = F[2] = B[0] = B[1] = B[2] = 0
      for (let wy = Math.max(0, y - win); wy <= Math.min(H - 1, y + win); wy += stepW)
        for (let wx = Math.max(0, x - win); wx <= Math.min(W - 1, x + win); wx += stepW) {
          const j = wy * W + wx
          if (fairFg(j) && !sureFg(j)) {
            nfair++
            for (let c = 0; c < 3; c++) fair[c]! += data[j * ch + c]!
          }
          if (sureFg(j)) {
            nf++
            for (let c = 0; c < 3; c++) F[c]! += data[j * ch + c]!
          } else if (sureBg(j)) {
            nb++
            for (let c = 0; c < 3; c++) B[c]! += data[j * ch + c]!
          }
        }
      if (!nf && nfair) {
        // A thin part (a ring's band, a chair's leg): the object's colour from nearer the edge.
        nf = nfair
        F[0] = fair[0]!
        F[1] = fair[1]!
        F[2] = fair[2]!
      }
      if (!nf || !nb) continue
      for (let c = 0; c < 3; c++) {
        F[c]! /= nf
        B[c]! /= nb
      }
      const fb = [F[0] - B[0], F[1] - B[1], F[2] - B[2]]
      const len2 = fb[0]! ** 2 + fb[1]! ** 2 + fb[2]! ** 2
      let a: number
      if (len2 < 24 * 24)
        a = mask[i] ? 1 : 0 // object and background alike here: keep the edge as cut
      else {
        const ib = [data[i * ch]! - B[0], data[i * ch + 1]! - B[1], data[i * ch + 2]! - B[2]]
        a = (ib[0]! * fb[0]! + ib[1]! * fb[1]! + ib[2]! * fb[2]!) / len2
        a = Math.min(1, Math.max(0, (a - 0.04) / 0.92))
        if (inner) {
          const perp = Math.hypot(ib[0]! - a * fb[0]!, ib[1]! - a * fb[1]!, ib[2]! - a * fb[2]!)
          if (perp * perp > 0.06 * len2 || a > 0.93) a = 1
        }
      }
      alpha[i] = Math.round(a * 255)
      // 4. The object's own colour in the fringe.
      if (a > 0 && a < 1) {
        const w = Math.min(1, Math.max(0, (a - 0.3) / 0.4))
        for (let c = 0; c < 3; c++) {
          const est = (data[i * ch + c]! - (1 - a) * B[c]!) / a
          rgb[i * 3 + c] = Math.round(Math.min(255, Math.max(0, w * est + (1 - w) * F[c]!)))
        }
      }
    }
  for (let i = 0; i < N; i++) if (kept[i] && mask[i]) alpha[i] = 255
  return { alpha, rgb, studio, shadowPixels }
}

/** The pixels under the keep brush's strokes (discs of the stroke's radius around each point). */
function keptByStrokes(strokes: readonly Stroke[], W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H)
  for (const s of strokes) {
    if (!s.keep) continue
    const r = Math.max(1, Math.round(s.radius))
    for (const [px, py] of s.points) {
      const cx = Math.round(px)
      const cy = Math.round(py)
      for (let y = Math.max(0, cy - r); y <= Math.min(H - 1, cy + r); y++)
        for (let x = Math.max(0, cx - r); x <= Math.min(W - 1, cx + r); x++)
          if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) out[y * W + x] = 1
    }
  }
  return out
}
