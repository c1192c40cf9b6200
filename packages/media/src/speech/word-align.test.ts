import { describe, expect, it } from 'vitest'
import { alignWordsToText } from './word-align'

const w = (text: string, start: number, end: number) => ({ text, start, end })

describe('caption words follow the typed text', () => {
  it('keeps punctuation and typed numbers', () => {
    const words = [
      w('Hello', 0, 0.3),
      w('I', 0.5, 0.6),
      w('have', 0.6, 0.8),
      w('ten', 0.8, 1),
      w('cats', 1, 1.3),
    ]
    expect(alignWordsToText('Hello, I have 10 cats!', words).map((x) => x.text)).toEqual([
      'Hello,',
      'I',
      'have',
      '10',
      'cats!',
    ])
    expect(alignWordsToText('Hello, I have 10 cats!', words)[3]).toEqual({ text: '10', start: 0.8, end: 1 })
  })

  it('gives a word the engine merged into its neighbour a share of that time', () => {
    // espeak says "for the" as one word.
    const words = [w('much', 0, 0.2), w('for', 0.2, 0.6), w('five', 0.6, 0.9)]
    const aligned = alignWordsToText('much for the five', words)
    expect(aligned.map((x) => x.text)).toEqual(['much', 'for', 'the', 'five'])
    expect(aligned[1]!.end).toBeCloseTo(aligned[2]!.start)
    expect(aligned[2]!.end).toBe(0.6)
    expect(aligned[3]).toEqual({ text: 'five', start: 0.6, end: 0.9 })
  })

  it('joins the words an expansion produced ("1999" → four words)', () => {
    const words = [
      w('in', 0, 0.1),
      w('nineteen', 0.1, 0.5),
      w('ninety', 0.5, 0.8),
      w('nine', 0.8, 1),
      w('we', 1.1, 1.2),
    ]
    expect(alignWordsToText('in 1999 we', words)).toEqual([
      w('in', 0, 0.1),
      w('1999', 0.1, 1),
      w('we', 1.1, 1.2),
    ])
  })
})
