/**
 * A cut-out test set with known answers: product-like objects drawn procedurally (bottles, jars,
 * mugs with handles, rings and donuts with holes, stars, shoes, plush toys with soft edges, thin
 * stands…) composited onto light studio backgrounds (sweeps, vignettes) with floor shadows. The
 * object is drawn alone first, so its true alpha is known exactly. Deterministic (seeded).
 */
import { createCanvas } from '@napi-rs/canvas'
import type { SKRSContext2D } from '@napi-rs/canvas'

export interface StudioSample {
  name: string
  width: number
  height: number
  /** The photo, RGB. */
  rgb: Uint8Array
  /** The object's true alpha 0…255 and its own colours (RGB, unmixed with the studio). */
  alpha: Uint8Array
  objectRgb: Uint8Array
  /** The box a user would draw: the object with a margin (the shadow partly inside). */
  box: { x: number; y: number; w: number; h: number }
}

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return ((s >>> 0) % 100000) / 100000
  }
}

type Draw = (ctx: SKRSContext2D, S: number, c: string, c2: string) => void

const rr = (ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number) => {
  ctx.beginPath()
  ctx.roundRect(x, y, w, h, r)
  ctx.fill()
}

/** Each shape drawn into a square S×S, standing on its bottom (y ≈ 0.86 S). */
const SHAPES: Record<string, Draw> = {
  bottle: (x, S, c, c2) => {
    x.fillStyle = c
    rr(x, S * 0.36, S * 0.34, S * 0.28, S * 0.52, S * 0.05)
    rr(x, S * 0.44, S * 0.2, S * 0.12, S * 0.16, S * 0.02)
    x.fillStyle = c2
    rr(x, S * 0.42, S * 0.14, S * 0.16, S * 0.07, S * 0.015)
    rr(x, S * 0.39, S * 0.5, S * 0.22, S * 0.16, S * 0.01)
  },
  jar: (x, S, c, c2) => {
    x.fillStyle = c
    rr(x, S * 0.28, S * 0.42, S * 0.44, S * 0.44, S * 0.08)
    x.fillStyle = c2
    rr(x, S * 0.3, S * 0.34, S * 0.4, S * 0.1, S * 0.02)
  },
  mug: (x, S, c) => {
    x.fillStyle = c
    rr(x, S * 0.24, S * 0.4, S * 0.38, S * 0.46, S * 0.04)
    x.beginPath()
    x.arc(S * 0.64, S * 0.62, S * 0.12, 0, Math.PI * 2)
    x.arc(S * 0.64, S * 0.62, S * 0.065, 0, Math.PI * 2, true)
    x.fill()
  },
  donut: (x, S, c, c2) => {
    x.fillStyle = c
    x.beginPath()
    x.arc(S * 0.5, S * 0.55, S * 0.31, 0, Math.PI * 2)
    x.arc(S * 0.5, S * 0.55, S * 0.11, 0, Math.PI * 2, true)
    x.fill()
    x.strokeStyle = c2
    x.lineWidth = S * 0.02
    x.beginPath()
    x.arc(S * 0.5, S * 0.55, S * 0.22, 0.3, 2.4)
    x.stroke()
  },
  ring: (x, S, c) => {
    x.strokeStyle = c
    x.lineWidth = S * 0.06
    x.beginPath()
    x.ellipse(S * 0.5, S * 0.55, S * 0.26, S * 0.3, 0, 0, Math.PI * 2)
    x.stroke()
    x.fillStyle = c
    rr(x, S * 0.44, S * 0.2, S * 0.12, S * 0.08, S * 0.03)
  },
  star: (x, S, c) => {
    x.fillStyle = c
    x.beginPath()
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? S * 0.15 : S * 0.36
      const a = -Math.PI / 2 + (i * Math.PI) / 5
      x.lineTo(S * 0.5 + r * Math.cos(a), S * 0.52 + r * Math.sin(a))
    }
    x.closePath()
    x.fill()
  },
  shoe: (x, S, c, c2) => {
    x.fillStyle = c
    x.beginPath()
    x.moveTo(S * 0.14, S * 0.84)
    x.lineTo(S * 0.16, S * 0.56)
    x.quadraticCurveTo(S * 0.3, S * 0.5, S * 0.4, S * 0.6)
    x.quadraticCurveTo(S * 0.62, S * 0.66, S * 0.84, S * 0.72)
    x.quadraticCurveTo(S * 0.9, S * 0.8, S * 0.86, S * 0.86)
    x.closePath()
    x.fill()
    x.fillStyle = c2
    rr(x, S * 0.13, S * 0.82, S * 0.74, S * 0.05, S * 0.02)
  },
  lamp: (x, S, c, c2) => {
    x.fillStyle = c
    x.beginPath()
    x.moveTo(S * 0.34, S * 0.16)
    x.lineTo(S * 0.66, S * 0.16)
    x.lineTo(S * 0.76, S * 0.4)
    x.lineTo(S * 0.24, S * 0.4)
    x.closePath()
    x.fill()
    x.fillStyle = c2
    x.fillRect(S * 0.485, S * 0.4, S * 0.03, S * 0.4)
    rr(x, S * 0.36, S * 0.8, S * 0.28, S * 0.06, S * 0.02)
  },
  plush: (x, S, c) => {
    x.filter = `blur(${Math.max(1, S * 0.006)}px)`
    x.fillStyle = c
    x.beginPath()
    x.ellipse(S * 0.5, S * 0.62, S * 0.24, S * 0.24, 0, 0, Math.PI * 2)
    x.ellipse(S * 0.5, S * 0.32, S * 0.16, S * 0.15, 0, 0, Math.PI * 2)
    x.fill()
    x.beginPath()
    x.ellipse(S * 0.38, S * 0.19, S * 0.06, S * 0.06, 0, 0, Math.PI * 2)
    x.ellipse(S * 0.62, S * 0.19, S * 0.06, S * 0.06, 0, 0, Math.PI * 2)
    x.fill()
    x.filter = 'none'
  },
  headphones: (x, S, c, c2) => {
    x.strokeStyle = c
    x.lineWidth = S * 0.05
    x.beginPath()
    x.arc(S * 0.5, S * 0.5, S * 0.26, Math.PI, 0)
    x.stroke()
    x.fillStyle = c2
    rr(x, S * 0.18, S * 0.48, S * 0.13, S * 0.26, S * 0.05)
    rr(x, S * 0.69, S * 0.48, S * 0.13, S * 0.26, S * 0.05)
  },
  chair: (x, S, c) => {
    x.fillStyle = c
    x.fillRect(S * 0.3, S * 0.2, S * 0.05, S * 0.66)
    x.fillRect(S * 0.3, S * 0.5, S * 0.4, S * 0.06)
    x.fillRect(S * 0.65, S * 0.5, S * 0.05, S * 0.36)
    x.fillRect(S * 0.3, S * 0.2, S * 0.3, S * 0.05)
    x.fillRect(S * 0.3, S * 0.32, S * 0.3, S * 0.05)
  },
  box: (x, S, c, c2) => {
    x.fillStyle = c
    x.fillRect(S * 0.22, S * 0.36, S * 0.56, S * 0.5)
    x.fillStyle = c2
    x.fillRect(S * 0.22, S * 0.36, S * 0.56, S * 0.07)
    x.fillRect(S * 0.46, S * 0.36, S * 0.08, S * 0.5)
  },
}

/** Object colours: dark, saturated, mid and a few light ones (the hard case on a light studio). */
const COLOURS: Array<[string, string]> = [
  ['#1F6B5A', '#0E2F27'],
  ['#C2412D', '#7A1F12'],
  ['#22313F', '#8A9BA8'],
  ['#E0A526', '#7A5200'],
  ['#5B3FA0', '#2C1B5C'],
  ['#2E86C1', '#154360'],
  ['#8E5A3C', '#3E2415'],
  ['#D98CA8', '#8C3A5A'],
  ['#3C8D2F', '#1B4716'],
  ['#9AA5AE', '#3B434A'],
  ['#111111', '#555555'],
  ['#E8C9A0', '#8A6A40'],
]

const BACKGROUNDS: Array<[string, string]> = [
  ['#FFFFFF', '#ECECEC'],
  ['#F4F1EC', '#E2DDD5'],
  ['#F2F5F8', '#DCE3EA'],
  ['#FAFAFA', '#D9D9D9'],
  ['#FFF8F0', '#EADFD2'],
]

/** `count` samples of `size`² px (JPEG-like noise added). */
export function studioSet(count = 24, size = 720): StudioSample[] {
  const names = Object.keys(SHAPES)
  const out: StudioSample[] = []
  for (let n = 0; n < count; n++) {
    const rand = rng(1000 + n * 7919)
    const shape = names[n % names.length]!
    const [c, c2] = COLOURS[(n * 5) % COLOURS.length]!
    const [bgTop, bgBottom] = BACKGROUNDS[n % BACKGROUNDS.length]!
    const S = Math.round(size * (0.62 + rand() * 0.22))
    const ox = Math.round((size - S) * (0.3 + rand() * 0.4))
    const oy = Math.round((size - S) * (0.45 + rand() * 0.4))
    // The object alone: its true alpha.
    const obj = createCanvas(size, size)
    const o = obj.getContext('2d')
    o.translate(ox, oy)
    SHAPES[shape]!(o, S, c, c2)
    // A little shading on the object so it is not one flat colour.
    o.globalCompositeOperation = 'source-atop'
    const g = o.createLinearGradient(0, 0, S, 0)
    g.addColorStop(0, 'rgba(255,255,255,0.18)')
    g.addColorStop(0.5, 'rgba(255,255,255,0)')
    g.addColorStop(1, 'rgba(0,0,0,0.18)')
    o.fillStyle = g
    o.fillRect(0, 0, S, S)
    const objPx = o.getImageData(0, 0, size, size).data
    // The studio: a sweep (vertical gradient) with a soft vignette, the floor shadow, the object.
    const photo = createCanvas(size, size)
    const p = photo.getContext('2d')
    const sweep = p.createLinearGradient(0, 0, 0, size)
    sweep.addColorStop(0, bgTop)
    sweep.addColorStop(1, bgBottom)
    p.fillStyle = sweep
    p.fillRect(0, 0, size, size)
    const vig = p.createRadialGradient(size / 2, size / 2, size * 0.3, size / 2, size / 2, size * 0.8)
    vig.addColorStop(0, 'rgba(0,0,0,0)')
    vig.addColorStop(1, 'rgba(0,0,0,0.06)')
    p.fillStyle = vig
    p.fillRect(0, 0, size, size)
    const shadowStrength = 0.18 + rand() * 0.22
    p.filter = `blur(${Math.round(S * (0.02 + rand() * 0.03))}px)`
    p.fillStyle = `rgba(0,0,0,${shadowStrength.toFixed(2)})`
    p.beginPath()
    p.ellipse(ox + S * 0.52, oy + S * 0.87, S * (0.26 + rand() * 0.12), S * 0.035, 0, 0, Math.PI * 2)
    p.fill()
    if (n % 3 === 0) {
      // A cast shadow falling sideways as well.
      p.fillStyle = `rgba(0,0,0,${(shadowStrength * 0.6).toFixed(2)})`
      p.beginPath()
      p.ellipse(ox + S * 0.75, oy + S * 0.84, S * 0.22, S * 0.06, -0.15, 0, Math.PI * 2)
      p.fill()
    }
    p.filter = 'none'
    p.drawImage(obj, 0, 0)
    const photoPx = p.getImageData(0, 0, size, size).data
    const rgb = new Uint8Array(size * size * 3)
    const alpha = new Uint8Array(size * size)
    const objectRgb = new Uint8Array(size * size * 3)
    let minX = size
    let minY = size
    let maxX = 0
    let maxY = 0
    for (let i = 0; i < size * size; i++) {
      const noise = (rand() - 0.5) * 5
      for (let k = 0; k < 3; k++)
        rgb[i * 3 + k] = Math.max(0, Math.min(255, Math.round(photoPx[i * 4 + k]! + noise)))
      alpha[i] = objPx[i * 4 + 3]!
      for (let k = 0; k < 3; k++) objectRgb[i * 3 + k] = objPx[i * 4 + k]!
      if (alpha[i]! >= 128) {
        const x = i % size
        const y = (i - x) / size
        minX = Math.min(minX, x)
        maxX = Math.max(maxX, x)
        minY = Math.min(minY, y)
        maxY = Math.max(maxY, y)
      }
    }
    const mx = (maxX - minX) * 0.08
    const my = (maxY - minY) * 0.08
    const x = Math.max(0, Math.round(minX - mx))
    const y = Math.max(0, Math.round(minY - my))
    out.push({
      name: `${shape}-${n + 1}`,
      width: size,
      height: size,
      rgb,
      alpha,
      objectRgb,
      box: {
        x,
        y,
        w: Math.min(size, Math.round(maxX + mx)) - x,
        h: Math.min(size, Math.round(maxY + my)) - y,
      },
    })
  }
  return out
}

export interface CutoutScore {
  iou: number
  /** Mean distance (px) from the cut-out's edge to the true edge. */
  edgePx: number
  /** Share (0…1) of the cut-out's rim pixels that show lighter than the truth on a dark colour. */
  halo: number
}

/** Scores a cut-out (alpha + the colours it keeps) against the truth, composited on `dark`. */
export function scoreCutout(
  sample: StudioSample,
  alpha: Uint8Array,
  rgb: Uint8Array,
  truthRgb: Uint8Array = sample.objectRgb,
  dark: [number, number, number] = [16, 40, 32],
): CutoutScore {
  const { width: W, height: H } = sample
  let inter = 0
  let union = 0
  const predEdge: number[] = []
  const trueEdge = new Uint8Array(W * H)
  const on = (a: Uint8Array, i: number) => a[i]! >= 128
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x
      const p = on(alpha, i)
      const t = on(sample.alpha, i)
      if (p && t) inter++
      if (p || t) union++
      const edgeOf = (a: Uint8Array) =>
        on(a, i) &&
        ((x > 0 && !on(a, i - 1)) ||
          (x < W - 1 && !on(a, i + 1)) ||
          (y > 0 && !on(a, i - W)) ||
          (y < H - 1 && !on(a, i + W)))
      if (edgeOf(sample.alpha)) trueEdge[i] = 1
      if (edgeOf(alpha)) predEdge.push(i)
    }
  // Distance to the true edge by a breadth-first search (4-neighbour steps, capped).
  const dist = new Int32Array(W * H).fill(-1)
  let frontier: number[] = []
  for (let i = 0; i < W * H; i++)
    if (trueEdge[i]) {
      dist[i] = 0
      frontier.push(i)
    }
  for (let d = 1; frontier.length && d <= 60; d++) {
    const next: number[] = []
    for (const i of frontier) {
      const x = i % W
      for (const j of [x > 0 ? i - 1 : -1, x < W - 1 ? i + 1 : -1, i - W, i + W])
        if (j >= 0 && j < W * H && dist[j] === -1) {
          dist[j] = d
          next.push(j)
        }
    }
    frontier = next
  }
  const edgePx = predEdge.length
    ? predEdge.reduce((s, i) => s + (dist[i]! < 0 ? 60 : dist[i]!), 0) / predEdge.length
    : 60
  // Halo: rim pixels (within 4 px of the true edge, seen in either) brighter on dark than the truth.
  let rim = 0
  let light = 0
  for (let i = 0; i < W * H; i++) {
    if (dist[i]! < 0 || dist[i]! > 4) continue
    if (alpha[i]! < 8 && sample.alpha[i]! < 8) continue
    rim++
    const lum = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b
    const comp = (a: number, c: Uint8Array, k: number) => (c[i * 3 + k]! * a + dark[k]! * (255 - a)) / 255
    const got = lum(comp(alpha[i]!, rgb, 0), comp(alpha[i]!, rgb, 1), comp(alpha[i]!, rgb, 2))
    const want = lum(
      comp(sample.alpha[i]!, truthRgb, 0),
      comp(sample.alpha[i]!, truthRgb, 1),
      comp(sample.alpha[i]!, truthRgb, 2),
    )
    if (got - want > 40) light++
  }
  return { iou: union ? inter / union : 1, edgePx, halo: rim ? light / rim : 0 }
}
