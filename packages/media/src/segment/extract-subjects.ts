/**
 * Subject extraction for ad images: a mask (person model or GrabCut), then its separate parts
 * (two people, a product and its box) as characters the user picks from.
 */
import type { Pixels } from '../face/face-landmarks'
import { grabCutMask, WORK_SIDE } from './grabcut'
import type { Box, Stroke } from './grabcut'
import { refineMatte } from './matte'
import { personMask } from './person-mask'

export type { Box, Stroke } from './grabcut'

export type ExtractMode = 'person' | 'object'

export interface ExtractRequest {
  mode: ExtractMode
  /** The object's box (object mode); default: the picture less a 4 % margin. */
  box?: Box
  strokes?: Stroke[]
}

export interface FoundSubject {
  /** Bounding box in the image's pixels. */
  box: Box
  /** Share of the image's pixels. */
  area: number
}

export interface Extraction {
  /** Alpha 0…255 per pixel at the image's size. */
  mask: Uint8Array
  /** Object mode: the colours to keep (RGB), the edge's fringe decontaminated (decision 0063). */
  rgb?: Uint8Array
  subjects: FoundSubject[]
}

const GRID = 128
/** A part smaller than this share of the largest one is a speck, not a character. */
const MIN_PART = 0.08

export const defaultBox = (width: number, height: number): Box => ({
  x: width * 0.04,
  y: height * 0.04,
  w: width * 0.92,
  h: height * 0.92,
})

/** Connected parts of the mask (on a coarse grid, 4-neighbour flood fill), largest first. */
export function partsOf(mask: Uint8Array, width: number, height: number): FoundSubject[] {
  const gw = Math.min(GRID, width)
  const gh = Math.min(GRID, height)
  const grid = new Uint8Array(gw * gh)
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      grid[y * gw + x] =
        mask[Math.floor(((y + 0.5) * height) / gh) * width + Math.floor(((x + 0.5) * width) / gw)]! >= 128
          ? 1
          : 0
    }
  const seen = new Uint8Array(gw * gh)
  const parts: Array<{ minX: number; minY: number; maxX: number; maxY: number; cells: number }> = []
  const stack: number[] = []
  for (let start = 0; start < grid.length; start++) {
    if (!grid[start] || seen[start]) continue
    const part = { minX: gw, minY: gh, maxX: 0, maxY: 0, cells: 0 }
    stack.push(start)
    seen[start] = 1
    while (stack.length) {
      const i = stack.pop()!
      const x = i % gw
      const y = (i - x) / gw
      part.cells++
      part.minX = Math.min(part.minX, x)
      part.maxX = Math.max(part.maxX, x)
      part.minY = Math.min(part.minY, y)
      part.maxY = Math.max(part.maxY, y)
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue
        const j = ny * gw + nx
        if (grid[j] && !seen[j]) {
          seen[j] = 1
          stack.push(j)
        }
      }
    }
    parts.push(part)
  }
  parts.sort((a, b) => b.cells - a.cells)
  const largest = parts[0]?.cells ?? 0
  return parts
    .filter((p) => p.cells >= largest * MIN_PART)
    .slice(0, 6)
    .map((p) => {
      const x = Math.max(0, Math.floor((p.minX * width) / gw) - 2)
      const y = Math.max(0, Math.floor((p.minY * height) / gh) - 2)
      const x2 = Math.min(width, Math.ceil(((p.maxX + 1) * width) / gw) + 2)
      const y2 = Math.min(height, Math.ceil(((p.maxY + 1) * height) / gh) + 2)
      return { box: { x, y, w: x2 - x, h: y2 - y }, area: p.cells / (gw * gh) }
    })
}

export async function extractSubjects(px: Pixels, request: ExtractRequest): Promise<Extraction> {
  if (request.mode === 'person') {
    const mask = await personMask(px)
    return { mask, subjects: partsOf(mask, px.width, px.height) }
  }
  const coarse = await grabCutMask(px, request.box ?? defaultBox(px.width, px.height), request.strokes ?? [])
  // GrabCut's mask is scaled up from WORK_SIDE px: its edge may be off by that factor.
  const matte = refineMatte(px, coarse, Math.max(px.width, px.height) / WORK_SIDE, request.strokes ?? [])
  return { mask: matte.alpha, rgb: matte.rgb, subjects: partsOf(matte.alpha, px.width, px.height) }
}
