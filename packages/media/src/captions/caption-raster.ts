/**
 * The captions of an ASS plan drawn here with @napi-rs/canvas instead of burned in by libass, as
 * libass lays them out: sizes scale with the frame height over PlayResY, positions with each side;
 * each line centred on the block's centre, the block centred on it vertically (`\an5`), rotated about
 * it (`\frz`); outlines of every word under every fill. The same font files (measureCaption's alias).
 *
 * Why: ffmpeg's `ass` filter blends the caption bitmaps into every frame, ~0.25 CPU-s of a 9 s Quick
 * Create, although the caption changes only when a word does. Drawn here, a caption state is drawn
 * and converted once and rides in the opaque layer (opaque-layer.ts) that ffmpeg pastes.
 * See docs/decisions/0036-captions-drawn-into-the-layer.md.
 */
import { createCanvas } from '@napi-rs/canvas'
import type { CaptionOptions } from '@mouthpiece/contracts/media/render.schemas'
import type { Rect } from '@mouthpiece/avatar/photo-raster'
import type { CanvasSize, CaptionEvent, CaptionPlan } from './ass-captions'
import { captionAlias } from './caption-fonts'
import { drawCaptionWords } from './caption-words'
import type { ResolvedFont } from './caption-fonts'

export interface CaptionRaster {
  /** Where the captions can draw, output pixels (even bounds, inside the frame). */
  rect: Rect
  /** Frames where what is shown changes, ascending, starting with 0. */
  changes: number[]
  /** Straight-alpha RGBA of `rect` from frame `changes[k]` on (a fresh buffer each call). */
  draw: (k: number) => Uint8Array
}

/** The event libass shows at `ms`, for times that only grow: events are on a centisecond grid, shown from start up to (not at) end. */
function eventsAt(events: readonly CaptionEvent[]): (ms: number) => number {
  let e = 0
  return (ms) => {
    while (e < events.length && ms >= Math.round(events[e]!.end * 1000)) e++
    return e < events.length && Math.round(events[e]!.start * 1000) <= ms ? e : -1
  }
}

export function rasterCaptions(
  plan: CaptionPlan,
  options: Pick<CaptionOptions, 'style' | 'outlineColor'>,
  font: ResolvedFont,
  canvas: CanvasSize,
  frame: { width: number; height: number; fps: number; frameCount: number },
): CaptionRaster | null {
  if (!plan.events.length) return null
  const sx = frame.width / canvas.width
  const sy = frame.height / canvas.height
  const px = plan.cssPx * sy
  const measureCtx = createCanvas(4, 4).getContext('2d')
  measureCtx.font = `${px}px "${captionAlias(font)}"`
  const ascent = measureCtx.measureText('Hg').fontBoundingBoxAscent
  const lineHeight = plan.lineHeight * sy
  const outline = plan.outline * sy
  const cx = plan.x * sx
  const cy = plan.y * sy
  const rad = (plan.angle * Math.PI) / 180
  const cos = Math.abs(Math.cos(rad))
  const sin = Math.abs(Math.sin(rad))

  // The rectangle every page fits in, rotated, with room for the outline and anti-aliasing.
  const pad = Math.ceil(outline) + 4
  let halfW = 0
  let halfH = 0
  for (const page of plan.pages) {
    const w =
      (Math.max(...page.lines.map((l) => measureCtx.measureText(l.map((x) => x.text).join(' ')).width)) *
        sx) /
        sy /
        2 +
      pad
    const h = (page.lines.length * lineHeight) / 2 + pad
    halfW = Math.max(halfW, w * cos + h * sin)
    halfH = Math.max(halfH, w * sin + h * cos)
  }
  const even = (v: number) => Math.floor(v / 2) * 2
  const rect = {
    x0: Math.max(0, even(cx - halfW)),
    y0: Math.max(0, even(cy - halfH)),
    x1: Math.min(frame.width, even(cx + halfW + 2)),
    y1: Math.min(frame.height, even(cy + halfH + 2)),
  }
  if (rect.x1 <= rect.x0 || rect.y1 <= rect.y0) return null

  const shown: number[] = []
  const changes: number[] = []
  const eventAt = eventsAt(plan.events)
  for (let i = 0; i < frame.frameCount; i++) {
    // As ffmpeg's ass filter computes it: pts × time base × 1000 in doubles, cut to whole milliseconds.
    const e = eventAt(Math.trunc(i * (1 / frame.fps) * 1000))
    if (!changes.length || e !== shown.at(-1)) {
      changes.push(i)
      shown.push(e)
    }
  }

  const w = rect.x1 - rect.x0
  const h = rect.y1 - rect.y0
  const surface = createCanvas(w, h)
  const ctx = surface.getContext('2d')
  const draw = (k: number): Uint8Array => {
    ctx.clearRect(0, 0, w, h)
    const event = plan.events[shown[k] ?? -1]
    if (event) {
      ctx.save()
      ctx.translate(cx - rect.x0, cy - rect.y0)
      if (plan.angle) ctx.rotate(rad)
      // libass stretches glyphs across by the frame's width over PlayResX, against the font size's height scale.
      ctx.scale(sx / sy, 1)
      ctx.font = `${px}px "${captionAlias(font)}"`
      ctx.textAlign = 'left'
      ctx.textBaseline = 'alphabetic'
      ctx.lineJoin = 'round'
      ctx.lineWidth = outline * 2
      ctx.strokeStyle = options.outlineColor
      const lines = event.page.lines
      drawCaptionWords(ctx, lines, (n) => (n - lines.length / 2) * lineHeight + ascent, event.active, {
        lit: options.style.textColor1,
        rest: options.style.textColor2,
      })
      ctx.restore()
    }
    return new Uint8Array(ctx.getImageData(0, 0, w, h).data.buffer)
  }
  return { rect, changes, draw }
}
