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

/** A pause this long always starts a new caption. */
const PAGE_BREAK_PAUSE = 0.6
/** A phrase ends after a sentence end or a comma, semicolon, colon or dash. */
const SENTENCE_END = /[.!?…]["')\]]?$/
const CLAUSE_END = /[,;:—–]["')\]]?$/

/** Greedy lines of `words` that fit `maxWidth` (a word wider than the line gets a line of its own). */
function wrap(words: readonly WordTiming[], options: PagingOptions): WordTiming[][] {
  const lines: WordTiming[][] = [[]]
  for (const word of words) {
    const line = lines.at(-1)!
    const candidate = [...line, word].map((w) => w.text).join(' ')
    if (line.length && options.measure(candidate) > options.maxWidth) lines.push([word])
    else line.push(word)
  }
  return lines.filter((l) => l.length)
}

const fits = (words: readonly WordTiming[], options: PagingOptions) =>
  wrap(words, options).length <= options.maxLines

/** Words split into phrases: after a sentence end, a clause mark, or a pause. */
function phrases(words: readonly WordTiming[]): Array<{ words: WordTiming[]; pauseBefore: boolean }> {
  const out: Array<{ words: WordTiming[]; pauseBefore: boolean }> = []
  let prev: WordTiming | null = null
  for (const word of words) {
    const pause = prev !== null && word.start - prev.end > PAGE_BREAK_PAUSE
    const boundary = prev === null || pause || SENTENCE_END.test(prev.text) || CLAUSE_END.test(prev.text)
    if (boundary) out.push({ words: [word], pauseBefore: pause })
    else out.at(-1)!.words.push(word)
    prev = word
  }
  return out
}

/** A phrase too long for one page, in the fewest pages of near-equal word counts (no one-word tail). */
function splitEvenly(words: readonly WordTiming[], options: PagingOptions): WordTiming[][] {
  for (let n = 2; n <= words.length; n++) {
    const size = Math.ceil(words.length / n)
    const chunks: WordTiming[][] = []
    for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size))
    // Even out the last chunk with the one before it.
    if (chunks.length > 1 && chunks.at(-1)!.length < size - 1) {
      const both = [...chunks.at(-2)!, ...chunks.at(-1)!]
      const half = Math.ceil(both.length / 2)
      chunks.splice(-2, 2, both.slice(0, half), both.slice(half))
    }
    if (chunks.every((c) => fits(c, options))) return chunks
  }
  return words.map((w) => [w])
}

/**
 * Groups words into pages of at most `maxLines` lines that fit `maxWidth`, by phrase: a page ends
 * at a sentence end or a clause mark where it can, never leaves a phrase's last word alone on a
 * page ("out."), and a one- or two-word sentence ("Eight!") shares a page with its neighbour when
 * they fit together. A long pause always starts a new page.
 */
export function paginate(words: readonly WordTiming[], options: PagingOptions): CaptionPage[] {
  const groups: WordTiming[][] = []
  let current: WordTiming[] = []
  const flush = () => {
    if (current.length) groups.push(current)
    current = []
  }
  for (const phrase of phrases(words)) {
    const last = current.at(-1)
    // Sentences stay apart, unless one of them is only a word or two.
    const sentenceBreak =
      last !== undefined && SENTENCE_END.test(last.text) && current.length > 2 && phrase.words.length > 2
    if (phrase.pauseBefore || sentenceBreak) flush()
    if (fits([...current, ...phrase.words], options)) {
      current.push(...phrase.words)
      continue
    }
    flush()
    if (fits(phrase.words, options)) {
      current = [...phrase.words]
      continue
    }
    const chunks = splitEvenly(phrase.words, options)
    groups.push(...chunks.slice(0, -1))
    current = [...chunks.at(-1)!]
  }
  flush()
  const pages: CaptionPage[] = groups.map((g) => ({
    start: g[0]!.start,
    end: g.at(-1)!.end,
    lines: wrap(g, options),
  }))
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
