/**
 * Fits a text into a box: the largest font size (up to a maximum) at which the words wrap into at
 * most `maxLines` lines that fit the box. Word widths are measured once at a reference size and
 * scaled (glyph advances scale linearly with size), so a fit is a handful of multiplications and
 * the layout (server) and the canvas editor (browser) reach the same lines from the same font files.
 */
import { CAPTION_FONTS } from '@mouthpiece/contracts/constants'
import type { CaptionFont } from '@mouthpiece/contracts/constants'
import type { CanvasFont } from '@mouthpiece/contracts/ads/canvas'
import { captionFace } from '../caption-fonts'

/** Width of `text` drawn with the canvas font string `font`. */
export type Measure = (font: string, text: string) => number

export const LINE_HEIGHT = 1.14
const REF = 100
const MIN_SIZE = 6

/**
 * The canvas family of a font: a caption font resolves to the registered face of its nearest
 * shipped weight; any other family (a brand's own font, registered under its name) is used as is,
 * with Roboto of the same weight behind it for glyphs or hosts that lack it.
 */
export function fontFamilies(font: CanvasFont): string {
  const fallback = captionFace('Roboto', font.weight).family
  if ((CAPTION_FONTS as readonly string[]).includes(font.family))
    return `"${captionFace(font.family as CaptionFont, font.weight).family}", "${fallback}"`
  return `"${font.family.replace(/["\\]/g, '')}", "${fallback}"`
}

export const fontString = (font: CanvasFont, px: number) => `${px.toFixed(2)}px ${fontFamilies(font)}`

export interface FittedText {
  size: number
  lines: string[]
  /** Widest line at `size`. */
  width: number
  /** lines × size × line height. */
  height: number
}

export interface FitOptions {
  font: CanvasFont
  maxSize: number
  maxLines: number
  uppercase?: boolean
  /** Extra px between letters per px of size (tracking), e.g. 0.05. */
  letterSpacing?: number
}

/** Greedy word wrap at a scale; null when a line (or a single word) is wider than `width`. */
function wrap(
  words: readonly string[],
  widths: readonly number[],
  space: number,
  k: number,
  width: number,
  maxLines: number,
): { lines: string[]; widest: number } | null {
  const lines: string[] = []
  let line = ''
  let lineWidth = 0
  let widest = 0
  for (let i = 0; i < words.length; i++) {
    const w = widths[i]! * k
    if (w > width) return null
    if (line && lineWidth + space * k + w <= width) {
      line += ` ${words[i]!}`
      lineWidth += space * k + w
    } else {
      if (line) lines.push(line)
      if (lines.length >= maxLines) return null
      line = words[i]!
      lineWidth = w
    }
    widest = Math.max(widest, lineWidth)
  }
  if (line) lines.push(line)
  return lines.length <= maxLines ? { lines, widest } : null
}

export function fitText(
  measure: Measure,
  text: string,
  box: { w: number; h: number },
  opts: FitOptions,
): FittedText {
  const shown = opts.uppercase ? text.toUpperCase() : text
  const words = shown.split(/\s+/).filter(Boolean)
  if (!words.length) return { size: opts.maxSize, lines: [], width: 0, height: 0 }
  const refFont = fontString(opts.font, REF)
  const tracking = (opts.letterSpacing ?? 0) * REF
  const widths = words.map((w) => measure(refFont, w) + tracking * w.length)
  const space = measure(refFont, ' ') + tracking
  let lo = MIN_SIZE
  let hi = Math.max(MIN_SIZE, opts.maxSize)
  let best: { size: number; lines: string[]; widest: number } | null = null
  // Binary search on the size to 1/4 px: every step is a wrap of a few words.
  for (let step = 0; step < 24 && hi - lo > 0.25; step++) {
    const size = (lo + hi) / 2
    const fit =
      size * LINE_HEIGHT * 1 <= box.h
        ? wrap(
            words,
            widths,
            space,
            size / REF,
            box.w,
            Math.min(opts.maxLines, Math.floor(box.h / (size * LINE_HEIGHT)) || 1),
          )
        : null
    if (fit) {
      best = { size, ...fit }
      lo = size
    } else hi = size
  }
  const atMax = wrap(
    words,
    widths,
    space,
    hi / REF,
    box.w,
    Math.min(opts.maxLines, Math.floor(box.h / (hi * LINE_HEIGHT)) || 1),
  )
  if (atMax && hi * LINE_HEIGHT <= box.h) best = { size: hi, ...atMax }
  if (!best) {
    // Even the smallest size overflows: draw at the smallest size, cut to the lines that fit.
    const k = MIN_SIZE / REF
    const fit = wrap(words, widths, space, k, Number.POSITIVE_INFINITY, 99)!
    best = {
      size: MIN_SIZE,
      lines: fit.lines.slice(0, Math.max(1, opts.maxLines)),
      widest: Math.min(box.w, fit.widest),
    }
  }
  const size = Math.floor(best.size * 4) / 4
  return {
    size,
    lines: best.lines,
    width: best.widest * (size / best.size),
    height: best.lines.length * size * LINE_HEIGHT,
  }
}
