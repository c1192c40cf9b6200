/**
 * Finds the face and its 68 landmark points in a portrait, offline on the CPU: @vladmandic/face-api's
 * SSD MobileNet detector and 68-point landmark net (both ship inside its npm tarball) on
 * TensorFlow.js's WASM backend (its .wasm files ship in @tensorflow/tfjs-backend-wasm). Nothing is
 * downloaded at run time; see docs/decisions/0017-photo-avatar-face-landmarks.md.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import type * as FaceApiModule from '@vladmandic/face-api'
import type * as TfModule from '@tensorflow/tfjs'
import type * as TfWasmModule from '@tensorflow/tfjs-backend-wasm'
import type { FacePoint } from '@mouthpiece/contracts/media/avatar.schemas'

const require = createRequire(import.meta.url)

/** Straight RGBA (or RGB) pixels, row by row. */
export interface Pixels {
  data: Uint8Array
  width: number
  height: number
  channels: 3 | 4
}

export interface FoundFace {
  /** Detector confidence 0..1. */
  score: number
  box: { x: number; y: number; width: number; height: number }
  /** 68 points in the input's pixels. */
  landmarks: FacePoint[]
}

/** The detector works on a copy this wide at most: faces in portraits are large, and it is 4× faster than full size. */
const DETECT_MAX_SIDE = 640
const MIN_CONFIDENCE = 0.5

type FaceApi = typeof FaceApiModule
type Tf = typeof TfModule

let ready: Promise<{ faceapi: FaceApi; tf: Tf }> | undefined

/** Loads the backend and both nets once per process (≈0.5 s). */
export function loadFaceModels(): Promise<{ faceapi: FaceApi; tf: Tf }> {
  ready ??= (async () => {
    const tf = require('@tensorflow/tfjs') as Tf
    const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof TfWasmModule
    // The .wasm binaries next to the package's own dist: no CDN.
    wasm.setWasmPaths(
      `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`,
    )
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi
    await tf.setBackend('wasm')
    await tf.ready()
    const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model')
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir)
    await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir)
    return { faceapi, tf }
  })()
  return ready
}

/** Nearest-neighbour RGB copy at most `maxSide` wide or tall (the detector needs no more). */
function downscaleRgb(
  px: Pixels,
  maxSide: number,
): { data: Int32Array; width: number; height: number; scale: number } {
  const scale = Math.min(1, maxSide / Math.max(px.width, px.height))
  const width = Math.max(1, Math.round(px.width * scale))
  const height = Math.max(1, Math.round(px.height * scale))
  const out = new Int32Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    const sy = Math.min(px.height - 1, Math.floor(y / scale))
    for (let x = 0; x < width; x++) {
      const sx = Math.min(px.width - 1, Math.floor(x / scale))
      const i = (sy * px.width + sx) * px.channels
      const o = (y * width + x) * 3
      out[o] = px.data[i]!
      out[o + 1] = px.data[i + 1]!
      out[o + 2] = px.data[i + 2]!
    }
  }
  return { data: out, width, height, scale }
}

// One detection at a time: the WASM backend is single-threaded, parallel calls would only interleave.
let queue: Promise<unknown> = Promise.resolve()

/** The most confident face with its landmarks, or null when there is none. */
export function findFace(px: Pixels): Promise<FoundFace | null> {
  const run = queue.then(async () => {
    const { faceapi, tf } = await loadFaceModels()
    const small = downscaleRgb(px, DETECT_MAX_SIDE)
    const tensor = tf.tensor3d(small.data, [small.height, small.width, 3], 'int32')
    try {
      const found = await faceapi
        .detectAllFaces(
          tensor,
          new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE, maxResults: 5 }),
        )
        .withFaceLandmarks()
      if (!found.length) return null
      const best = found.reduce((a, b) =>
        b.detection.score * b.detection.box.area > a.detection.score * a.detection.box.area ? b : a,
      )
      const k = 1 / small.scale
      const b = best.detection.box
      return {
        score: best.detection.score,
        box: { x: b.x * k, y: b.y * k, width: b.width * k, height: b.height * k },
        landmarks: best.landmarks.positions.map((p): FacePoint => [
          Math.round(p.x * k * 10) / 10,
          Math.round(p.y * k * 10) / 10,
        ]),
      }
    } finally {
      tensor.dispose()
    }
  })
  queue = run.catch(() => undefined)
  return run
}
