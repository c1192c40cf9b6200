/**
 * Burned-in captions as an ASS script for ffmpeg's libass. The script's coordinate space is the
 * editor canvas (SPEC §9, 840×465 landscape), so the caption box from the editor lands on the same
 * spot at any output resolution; libass scales it. Sizes follow CSS: pt × 96/72 px, converted to
 * libass's ascent+descent sizing with the font's own metrics.
 */
import { PT_TO_PX } from '@mouthpiece/contracts/constants'
import type { CaptionOptions } from '@mouthpiece/contracts/media/render.schemas'
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import { measureCaption } from './caption-fonts'
import type { ResolvedFont } from './caption-fonts'
import { paginate } from './subtitles'
import type { CaptionPage } from './subtitles'

export interface CanvasSize {
  width: number
  height: number
}

/** #RRGGBB → ASS &HBBGGRR& */
export function assColor(hex: string): string {
  const h = hex.replace('#', '')
  return `&H${h.slice(4, 6)}${h.slice(2, 4)}${h.slice(0, 2)}&`.toUpperCase()
}

function assTime(seconds: number): string {
  const cs = Math.max(0, Math.round(seconds * 100))
  const h = Math.floor(cs / 360_000)
  const m = Math.floor((cs % 360_000) / 6000)
  const s = Math.floor((cs % 6000) / 100)
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}`
}

/** Braces open override blocks and backslashes start tags in ASS; keep user text literal. */
const escapeAss = (text: string) =>
  text.replace(/\\/g, '∖').replace(/\{/g, '(').replace(/\}/g, ')').replace(/\n/g, ' ')

export interface AssCaptions {
  script: string
  pages: CaptionPage[]
}

/** One caption state on screen from `start` to `end` (seconds, on ASS's centisecond grid): a page, with its spoken word lit. */
export interface CaptionEvent {
  start: number
  end: number
  page: CaptionPage
  active: WordTiming | null
}

/**
 * What the captions show and how, in editor-canvas units: the pages, each state in time, and the
 * sizes libass gets. Shared by the ASS script and by captions drawn here (caption-raster.ts), so both
 * break lines and switch words at the same moments.
 */
export interface CaptionPlan {
  pages: CaptionPage[]
  events: CaptionEvent[]
  /** CSS px of the font (pt × 96/72) and the font's ascent + descent at that size. */
  cssPx: number
  lineHeight: number
  outline: number
  /** The block's centre, clamped to the canvas, and its angle (degrees, clockwise). */
  x: number
  y: number
  angle: number
}

const centis = (seconds: number) => Math.max(0, Math.round(seconds * 100)) / 100

export function captionPlan(
  words: readonly WordTiming[],
  options: CaptionOptions,
  canvas: CanvasSize,
  font: ResolvedFont,
): CaptionPlan {
  const { style, box } = options
  const cssPx = style.fontSize * PT_TO_PX
  const metrics = measureCaption(font, cssPx)
  const lineHeight = metrics.lineHeight || cssPx * 1.2
  const maxLines = Math.max(1, Math.floor((box.h + lineHeight * 0.25) / lineHeight))
  const pages = paginate(words, { maxWidth: box.w, measure: metrics.width, maxLines })
  const events: CaptionEvent[] = []
  const add = (start: number, end: number, page: CaptionPage, active: WordTiming | null) => {
    if (centis(end) > centis(start)) events.push({ start: centis(start), end: centis(end), page, active })
  }
  for (const page of pages) {
    const all = page.lines.flat()
    if (!options.wordHighlight) add(page.start, page.end, page, null)
    else
      all.forEach((word, i) =>
        add(i === 0 ? page.start : word.start, i + 1 < all.length ? all[i + 1]!.start : page.end, page, word),
      )
  }
  return {
    pages,
    events,
    cssPx,
    lineHeight,
    outline: Math.max(1.5, cssPx * 0.075),
    x: Math.min(canvas.width, Math.max(0, box.x)),
    y: Math.min(canvas.height, Math.max(0, box.y)),
    angle: box.angle,
  }
}

export function buildAssCaptions(
  words: readonly WordTiming[],
  options: CaptionOptions,
  canvas: CanvasSize,
  font: ResolvedFont,
): AssCaptions {
  const plan = captionPlan(words, options, canvas, font)
  return { script: assScript(plan, options, canvas, font), pages: plan.pages }
}

/** The ASS script of a plan: one Dialogue event per caption state. */
export function assScript(
  plan: CaptionPlan,
  options: CaptionOptions,
  canvas: CanvasSize,
  font: ResolvedFont,
): string {
  const { style } = options
  const base = assColor(style.textColor2)
  const highlight = assColor(style.textColor1)
  const head = `{\\an5\\pos(${plan.x.toFixed(1)},${plan.y.toFixed(1)})${plan.angle ? `\\frz${(-plan.angle).toFixed(2)}` : ''}}`
  const render = ({ page, active }: CaptionEvent) =>
    page.lines
      .map((l) =>
        l
          .map((w) =>
            w === active ? `{\\1c${highlight}}${escapeAss(w.text)}{\\1c${base}}` : escapeAss(w.text),
          )
          .join(' '),
      )
      .join('\\N')
  const events = plan.events.map(
    (e) => `Dialogue: 0,${assTime(e.start)},${assTime(e.end)},Caption,,0,0,0,,${head}${render(e)}`,
  )
  const { lineHeight, outline } = plan
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${canvas.width}`,
    `PlayResY: ${canvas.height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: TV.709',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    // The face is picked by its weight-specific family name; Bold only says whether it is a bold
    // face, so libass never synthesises extra weight on top.
    `Style: Caption,${font.family},${lineHeight.toFixed(2)},${base},${base},${assColor(options.outlineColor)},&H80000000&,${font.weight >= 700 ? -1 : 0},0,0,0,100,100,0,0,1,${outline.toFixed(2)},0,5,0,0,0,1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n')
}
