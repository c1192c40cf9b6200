import type { CanvasAsset } from '@mouthpiece/contracts/ads/canvas'
import { safeInset } from './ad-layout'

/**
 * Text and the product stay apart in the canvas editor, as the layout keeps them (decision 0066):
 * a text dropped over the product, or the product dropped under a text, moves the shortest way
 * off it, staying on the canvas. Each side of the product is tried; the nearest free spot wins.
 * When no side has room, the move is refused (null) and the editor says why.
 * `placeAsset` is the whole rule for a move, applied alike by the editor on release and by the
 * server's transform route (decision 0076): inside the placement's safe area, then apart.
 */
export const APART_GAP = 8

const isText = (a: CanvasAsset) => a.kind === 'text'
const isProduct = (a: CanvasAsset) => a.role === 'subject'
const overlaps = (a: CanvasAsset, b: CanvasAsset, gap = 0) =>
  a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap

/** What the dropped asset must keep clear of: the product for a text, the texts for the product. */
function others(moved: CanvasAsset, assets: readonly CanvasAsset[]): CanvasAsset[] {
  if (isText(moved)) return assets.filter((a) => a.id !== moved.id && a.visible && isProduct(a))
  if (isProduct(moved)) return assets.filter((a) => a.id !== moved.id && a.visible && isText(a))
  return []
}

export interface ApartResult {
  /** Where the asset goes (the drop itself when nothing overlapped). */
  asset: CanvasAsset
  /** It was moved off the product (or the text off which it sat). */
  nudged: boolean
}

/** `inset`: how far from the edge a moved spot must stay (the safe area's; 0 for the whole canvas). */
export function keepTextOffProduct(
  moved: CanvasAsset,
  assets: readonly CanvasAsset[],
  width: number,
  height: number,
  inset = 0,
): ApartResult | null {
  const blockers = others(moved, assets)
  if (!blockers.some((b) => overlaps(moved, b))) return { asset: moved, nudged: false }
  const inside = (a: CanvasAsset) =>
    a.x >= inset - 1e-6 &&
    a.y >= inset - 1e-6 &&
    a.x + a.w <= width - inset + 1e-6 &&
    a.y + a.h <= height - inset + 1e-6
  const free = (a: CanvasAsset) => inside(a) && !blockers.some((b) => overlaps(a, b))
  const candidates: CanvasAsset[] = []
  for (const b of blockers) {
    candidates.push(
      { ...moved, x: b.x - moved.w - APART_GAP },
      { ...moved, x: b.x + b.w + APART_GAP },
      { ...moved, y: b.y - moved.h - APART_GAP },
      { ...moved, y: b.y + b.h + APART_GAP },
    )
  }
  const best = candidates
    .filter(free)
    .sort((p, q) => Math.hypot(p.x - moved.x, p.y - moved.y) - Math.hypot(q.x - moved.x, q.y - moved.y))[0]
  return best ? { asset: best, nudged: true } : null
}

/** The background and decor may bleed off the edge; what carries the ad (text, product, logo, pictures) may not. */
const keptSafe = (a: CanvasAsset) => a.role !== 'background' && a.role !== 'decor'

/**
 * The asset moved (and, when larger than the safe area, shrunk about its centre, keeping its
 * proportions) to lie inside the placement's safe area (decision 0066's inset).
 */
export function insideSafeArea(a: CanvasAsset, width: number, height: number): CanvasAsset {
  if (!keptSafe(a)) return a
  const inset = safeInset(width, height)
  const room = { w: width - 2 * inset, h: height - 2 * inset }
  const k = Math.min(1, room.w / a.w, room.h / a.h)
  const w = a.w * k
  const h = a.h * k
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi)
  const x = clamp(a.x + (a.w - w) / 2, inset, width - inset - w)
  const y = clamp(a.y + (a.h - h) / 2, inset, height - inset - h)
  return x === a.x && y === a.y && w === a.w && h === a.h ? a : { ...a, x, y, w, h }
}

export interface PlaceResult extends ApartResult {
  /** It was brought inside the safe area. */
  kept: boolean
}

/** Where a moved asset goes: inside the safe area, and off the product (or text); null when no spot is free. */
export function placeAsset(
  moved: CanvasAsset,
  assets: readonly CanvasAsset[],
  width: number,
  height: number,
): PlaceResult | null {
  const safe = insideSafeArea(moved, width, height)
  const inset = keptSafe(moved) ? safeInset(width, height) : 0
  const apart = keepTextOffProduct(safe, assets, width, height, inset)
  return apart && { ...apart, kept: safe !== moved }
}
