import type { CanvasAsset } from '@mouthpiece/contracts/ads/canvas'

/**
 * Text and the product stay apart in the canvas editor, as the layout keeps them (decision 0066):
 * a text dropped over the product, or the product dropped under a text, moves the shortest way
 * off it, staying on the canvas. Each side of the product is tried; the nearest free spot wins.
 * When no side has room, the move is refused (null) and the editor says why.
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

export function keepTextOffProduct(
  moved: CanvasAsset,
  assets: readonly CanvasAsset[],
  width: number,
  height: number,
): ApartResult | null {
  const blockers = others(moved, assets)
  if (!blockers.some((b) => overlaps(moved, b))) return { asset: moved, nudged: false }
  const inside = (a: CanvasAsset) => a.x >= 0 && a.y >= 0 && a.x + a.w <= width && a.y + a.h <= height
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
