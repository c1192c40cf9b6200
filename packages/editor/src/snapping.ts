/**
 * Snapping for boxes dragged on the canvas: a box's centre and edges snap to the canvas centre
 * lines and edges and to the other boxes' centres and edges when within a few pixels; the guides
 * that caught it are returned so the editor can draw them.
 */
export interface SnapBox {
  x: number
  y: number
  width: number
  height: number
}

export interface Guide {
  axis: 'x' | 'y'
  at: number
}

export const SNAP_PX = 6

function snapAxis(
  centre: number,
  half: number,
  targets: readonly number[],
  threshold: number,
): { centre: number; guide: number | null } {
  let best: { d: number; centre: number; guide: number } | null = null
  for (const t of targets) {
    for (const offset of [0, -half, half]) {
      const d = Math.abs(centre + offset - t)
      if (d <= threshold && (!best || d < best.d)) best = { d, centre: t - offset, guide: t }
    }
  }
  return best ? { centre: best.centre, guide: best.guide } : { centre, guide: null }
}

/** Snaps a box (centre x,y) on a canvas of the given size against the other boxes. */
export function snapBox(
  box: SnapBox,
  canvas: { width: number; height: number },
  others: readonly SnapBox[] = [],
  threshold = SNAP_PX,
): { x: number; y: number; guides: Guide[] } {
  const xs = [
    0,
    canvas.width / 2,
    canvas.width,
    ...others.flatMap((o) => [o.x - o.width / 2, o.x, o.x + o.width / 2]),
  ]
  const ys = [
    0,
    canvas.height / 2,
    canvas.height,
    ...others.flatMap((o) => [o.y - o.height / 2, o.y, o.y + o.height / 2]),
  ]
  const sx = snapAxis(box.x, box.width / 2, xs, threshold)
  const sy = snapAxis(box.y, box.height / 2, ys, threshold)
  const guides: Guide[] = []
  if (sx.guide !== null) guides.push({ axis: 'x', at: sx.guide })
  if (sy.guide !== null) guides.push({ axis: 'y', at: sy.guide })
  return { x: sx.centre, y: sy.centre, guides }
}
