/** Word timings → caption pages → SRT and WebVTT. */
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'

/** One caption on screen: a few words shown together, with each word's own time for highlighting. */
export interface CaptionPage {
  start: number
  end: number
  lines: WordTiming[][]
}

export interface PagingOptions {
  /** Width available for a line, and a function measuring text in the same units. */
  maxWidth: number
  measure: (text: string) => number
  maxLines: number
}

/** A pause this long, or a sentence end, starts a new caption. */
const PAGE_BREAK_PAUSE = 0.6

/** Groups words into pages of at most `maxLines` lines that fit `maxWidth`. */
export function paginate(words: readonly WordTiming[], options: PagingOptions): CaptionPage[] {
  const pages: CaptionPage[] = []
  let lines: WordTiming[][] = [[]]
  const flush = () => {
    const all = lines.flat()
    if (all.length)
      pages.push({ start: all[0]!.start, end: all.at(-1)!.end, lines: lines.filter((l) => l.length) })
    lines = [[]]
  }
  let prev: WordTiming | null = null
  for (const word of words) {
    const sentenceEnd = prev && /[.!?…]["')\]]?$/.test(prev.text)
    if (prev && (word.start - prev.end > PAGE_BREAK_PAUSE || sentenceEnd) && lines.flat().length) flush()
    const line = lines.at(-1)!
    const candidate = [...line, word].map((w) => w.text).join(' ')
    if (line.length && options.measure(candidate) > options.maxWidth) {
      if (lines.length >= options.maxLines) flush()
      else lines.push([])
    }
    lines.at(-1)!.push(word)
    prev = word
  }
  flush()
  // Keep a caption up until the next one (short gaps only) so text does not flicker.
  for (let i = 0; i + 1 < pages.length; i++) {
    const gap = pages[i + 1]!.start - pages[i]!.end
    if (gap > 0 && gap < 0.35) pages[i]!.end = pages[i + 1]!.start
  }
  return pages
}

/** Pages by character count, for plain subtitle files where no font is involved. */
export function paginateByChars(words: readonly WordTiming[], maxChars = 42, maxLines = 2): CaptionPage[] {
  return paginate(words, { maxWidth: maxChars, measure: (t) => t.length, maxLines })
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')
function clock(seconds: number, sep: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000))
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  return `${pad(h)}:${pad(m)}:${pad(s)}${sep}${pad(ms % 1000, 3)}`
}
const pageText = (p: CaptionPage) => p.lines.map((l) => l.map((w) => w.text).join(' ')).join('\n')

export function toSrt(pages: readonly CaptionPage[]): string {
  return pages
    .map((p, i) => `${i + 1}\n${clock(p.start, ',')} --> ${clock(p.end, ',')}\n${pageText(p)}\n`)
    .join('\n')
}

export function toVtt(pages: readonly CaptionPage[]): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return `WEBVTT\n\n${pages.map((p) => `${clock(p.start, '.')} --> ${clock(p.end, '.')}\n${escape(pageText(p))}\n`).join('\n')}`
}
