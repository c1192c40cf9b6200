/**
 * Any object, cut out offline: OpenCV's GrabCut (@techstark/opencv-js, Apache-2.0, OpenCV compiled
 * to WebAssembly inside the npm package) seeded by the box the user drew and refined by the strokes
 * they paint (keep / remove). GrabCut runs on a copy at most WORK_SIDE px wide — its cost grows with
 * the pixel count — and the mask is scaled back up with soft edges.
 */
import { createRequire } from 'node:module'
import type { Pixels } from '../face/face-landmarks'

const require = createRequire(import.meta.url)

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

/** A painted stroke in the image's pixels: points with a brush radius; `keep` false marks background. */
export interface Stroke {
  keep: boolean
  radius: number
  points: Array<[number, number]>
}

export const WORK_SIDE = 320
const ITERATIONS = 3

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access -- opencv.js is an untyped Emscripten module */
let ready: Promise<{ cv: any }> | undefined

/**
 * Loads the WASM build once (~1.5 s). The module object has a `then` of its own (Emscripten's
 * ready-promise shim): awaiting it, or resolving a promise with it, never ends. So wait for
 * onRuntimeInitialized and hand it over wrapped in a plain object.
 */
export function loadOpenCv(): Promise<{ cv: any }> {
  ready ??= new Promise((resolve) => {
    const cv = require('@techstark/opencv-js')
    if (cv.Mat) resolve({ cv })
    else cv.onRuntimeInitialized = () => resolve({ cv })
  })
  return ready
}

/** Foreground probability 0/255 per pixel at the input's size. */
export async function grabCutMask(
  px: Pixels,
  box: Box,
  strokes: readonly Stroke[] = [],
): Promise<Uint8Array> {
  const { cv } = await loadOpenCv()
  const k = Math.min(1, WORK_SIDE / Math.max(px.width, px.height))
  const w = Math.max(8, Math.round(px.width * k))
  const h = Math.max(8, Math.round(px.height * k))
  const rgb = new Uint8Array(w * h * 3)
  for (let y = 0; y < h; y++) {
    const sy = Math.min(px.height - 1, Math.floor(y / k))
    for (let x = 0; x < w; x++) {
      const i = (sy * px.width + Math.min(px.width - 1, Math.floor(x / k))) * px.channels
      rgb.set([px.data[i]!, px.data[i + 1]!, px.data[i + 2]!], (y * w + x) * 3)
    }
  }
  const src = cv.matFromArray(h, w, cv.CV_8UC3, rgb)
  const mask = new cv.Mat(h, w, cv.CV_8UC1, new cv.Scalar(cv.GC_BGD))
  const bgd = new cv.Mat()
  const fgd = new cv.Mat()
  try {
    const rx = Math.max(0, Math.round(box.x * k))
    const ry = Math.max(0, Math.round(box.y * k))
    const rect = new cv.Rect(
      rx,
      ry,
      Math.max(2, Math.min(w - rx, Math.round(box.w * k))),
      Math.max(2, Math.min(h - ry, Math.round(box.h * k))),
    )
    if (!strokes.length) cv.grabCut(src, mask, rect, bgd, fgd, ITERATIONS, cv.GC_INIT_WITH_RECT)
    else {
      // Box first, then the strokes as certain labels, then GrabCut again from that mask.
      cv.grabCut(src, mask, rect, bgd, fgd, 1, cv.GC_INIT_WITH_RECT)
      for (const s of strokes)
        for (const [x, y] of s.points) {
          cv.circle(
            mask,
            new cv.Point(Math.round(x * k), Math.round(y * k)),
            Math.max(1, Math.round(s.radius * k)),
            new cv.Scalar(s.keep ? cv.GC_FGD : cv.GC_BGD),
            -1,
          )
        }
      cv.grabCut(src, mask, rect, bgd, fgd, ITERATIONS, cv.GC_INIT_WITH_MASK)
    }
    const small = new Uint8Array(w * h)
    const m = mask.data as Uint8Array
    for (let i = 0; i < small.length; i++) small[i] = m[i] === cv.GC_FGD || m[i] === cv.GC_PR_FGD ? 255 : 0
    return upscale(small, w, h, px.width, px.height)
  } finally {
    src.delete()
    mask.delete()
    bgd.delete()
    fgd.delete()
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access */

/** Bilinear upscale of a 0/255 mask: the hard work-size edge becomes a soft one-pixel ramp. */
export function upscale(small: Uint8Array, w: number, h: number, W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H)
  const sx = w / W
  const sy = h / H
  for (let y = 0; y < H; y++) {
    const fy = Math.max(0, (y + 0.5) * sy - 0.5)
    const y0 = Math.min(h - 1, Math.floor(fy))
    const y1 = Math.min(h - 1, y0 + 1)
    const ty = fy - y0
    for (let x = 0; x < W; x++) {
      const fx = Math.max(0, (x + 0.5) * sx - 0.5)
      const x0 = Math.min(w - 1, Math.floor(fx))
      const x1 = Math.min(w - 1, x0 + 1)
      const tx = fx - x0
      const top = small[y0 * w + x0]! * (1 - tx) + small[y0 * w + x1]! * tx
      const bottom = small[y1 * w + x0]! * (1 - tx) + small[y1 * w + x1]! * tx
      out[y * W + x] = Math.round(top * (1 - ty) + bottom * ty)
    }
  }
  return out
}
