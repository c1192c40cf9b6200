/**
 * Puts the user's own spelling back on the synthesizer's words: engines drop punctuation, expand
 * numbers ("10" → "ten") and now and then merge or misplace a word event, but captions must show
 * what was typed ("10 cats!") at the time it is said.
 */
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '')
/** How far ahead to look for the next typed word among the engine's words. */
const LOOKAHEAD = 8

export function alignWordsToText(text: string, engineWords: readonly WordTiming[]): WordTiming[] {
  const tokens = text.split(/\s+/).filter(Boolean)
  const words = engineWords.map((w) => ({ ...w }))
  const out: WordTiming[] = []
  let i = 0
  for (let k = 0; k < tokens.length && i < words.length; k++) {
    const token = tokens[k]!
    const target = norm(token)
    if (!target) {
      // A lone punctuation mark belongs to the word before it.
      const prev = out.at(-1)
      if (prev) prev.text += token
      continue
    }
    const here = words[i]!
    if (norm(here.text) === target) {
      out.push({ text: token, start: here.start, end: here.end })
      i++
      continue
    }
    const next = tokens
      .slice(k + 1)
      .map(norm)
      .find(Boolean)
    if (next !== undefined && norm(here.text) === next) {
      // The engine said this word as part of a neighbour (espeak reads "for the" as one word):
      // share the previous word's time by letters, or the next word's at the very start.
      const prev = out.at(-1)
      if (prev) {
        const prevLength = norm(prev.text).length
        const mid = prev.start + ((prev.end - prev.start) * prevLength) / (prevLength + target.length)
        out.push({ text: token, start: mid, end: prev.end })
        prev.end = mid
      } else {
        const mid = here.start + ((here.end - here.start) * target.length) / (target.length + next.length)
        out.push({ text: token, start: here.start, end: mid })
        here.start = mid
      }
      continue
    }
    // Expanded or respelled: take the engine's words up to the one matching the next typed word.
    let j = i + 1
    if (next === undefined) j = words.length
    else {
      while (j < words.length && j < i + LOOKAHEAD && norm(words[j]!.text) !== next) j++
      if (j >= words.length || j >= i + LOOKAHEAD) j = i + 1
    }
    out.push({ text: token, start: here.start, end: words[j - 1]!.end })
    i = j
  }
  return out
}
