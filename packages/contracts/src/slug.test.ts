import { describe, expect, it } from 'vitest'
import { isSlug, slugify } from './slug'

describe('slugify', () => {
  it('lowercases and joins words with hyphens', () => {
    expect(slugify('Stream Starting')).toBe('stream-starting')
  })
  it('strips accents', () => {
    expect(slugify('Crème Brûlée à la Mode')).toBe('creme-brulee-a-la-mode')
    expect(slugify('Ñandú Über')).toBe('nandu-uber')
  })
  it('drops punctuation and symbols, collapsing runs into one hyphen', () => {
    expect(slugify('Thank You!!! (Subs & Bits)')).toBe('thank-you-subs-bits')
    expect(slugify('  --Hype__Train--  ')).toBe('hype-train')
  })
  it('keeps digits', () => {
    expect(slugify('Top 10 Clips of 2026')).toBe('top-10-clips-of-2026')
  })
  it('gives an empty slug when nothing alphanumeric is left', () => {
    expect(slugify('!!! ---')).toBe('')
    expect(slugify('')).toBe('')
  })
  it('is stable: a slug slugifies to itself', () => {
    for (const text of ['greetings', 'stream-starting', 'a-1-b']) expect(slugify(text)).toBe(text)
  })
})

describe('isSlug', () => {
  it('accepts what slugify produces and rejects the rest', () => {
    expect(isSlug('hype')).toBe(true)
    expect(isSlug('stream-starting')).toBe(true)
    expect(isSlug('Stream')).toBe(false)
    expect(isSlug('a--b')).toBe(false)
    expect(isSlug('-a')).toBe(false)
    expect(isSlug('')).toBe(false)
  })
})
