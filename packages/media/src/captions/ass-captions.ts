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
const escapeAss = (text: string) => text.replace(/\\/g, '∖').replace(/\{/g, '(').replace(/\}/g, ')').replace(/\n/g, ' ')

export interface AssCaptions {
  script: string
  pages: CaptionPage[]
}

export function buildAssCaptions(words: readonly WordTiming[], options: CaptionOptions, canvas: CanvasSize, font: ResolvedFont): AssCaptions {
  const { style, box } = options
  const cssPx = style.fontSize * PT_TO_PX
  const metrics = measureCaption(font, cssPx)
  const lineHeight = metrics.lineHeight || cssPx * 1.2
  const maxLines = Math.max(1, Math.floor((box.h + lineHeight * 0.25) / lineHeight))
  const pages = paginate(words, { maxWidth: box.w, measure: metrics.width, maxLines })
  const outline = Math.max(1.5, cssPx * 0.075)
  const base = assColor(style.textColor2)
  const highlight = assColor(style.textColor1)
  const x = Math.min(canvas.width, Math.max(0, box.x))
  const y = Math.min(canvas.height, Math.max(0, box.y))
  const head = `{\\an5\\pos(${x.toFixed(1)},${y.toFixed(1)})${box.angle ? `\\frz${(-box.angle).toFixed(2)}` : ''}}`
  const events: string[] = []
  const line = (start: number, end: number, text: string) =>
    events.push(`Dialogue: 0,${assTime(start)},${assTime(end)},Caption,,0,0,0,,${head}${text}`)
  for (const page of pages) {
    const all = page.lines.flat()
    const render = (active: WordTiming | null) =>
      page.lines
        .map((l) => l.map((w) => (w === active ? `{\\1c${highlight}}${escapeAss(w.text)}{\\1c${base}}` : escapeAss(w.text))).join(' '))
        .join('\\N')
    if (!options.wordHighlight) {
      line(page.start, page.end, render(null))
      continue
    }
    all.forEach((word, i) => {
      const start = i === 0 ? page.start : word.start
      const end = i + 1 < all.length ? all[i + 1]!.start : page.end
      if (end > start) line(start, end, render(word))
    })
  }
  const script = [
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
  return { script, pages }
}
