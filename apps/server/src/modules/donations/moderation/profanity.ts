/**
 * The profanity matcher behind every spoken alert. Text is first folded to a canonical form —
 * lower case, accents dropped, compatibility forms (ｆｕｌｌｗｉｄｔｈ, 𝐛𝐨𝐥𝐝) unfolded, look-alike
 * letters from Cyrillic and Greek mapped to Latin, invisible characters removed — keeping, for every
 * canonical character, where it came from, so a match can be beeped out of the original text.
 *
 * Matching works on whole tokens, never on raw substrings, which is what keeps "Scunthorpe",
 * "class" and "assistant" clean: a list word must be the whole token (`word`), the token with a
 * common ending (`word+`), and only for a few unmistakable roots anywhere inside it (`word*`).
 * Against evasion, each token is also tried with leetspeak read as letters (sh1t, a$$, @ss),
 * `*`/`#` standing for one hidden letter (f*ck, s##t), and every letter allowed to repeat
 * (fuuuck); runs of single characters separated by spaces or dots (f u c k, s.h.i.t) are joined
 * and tried too.
 */

export interface ProfanityLists {
  black: readonly string[]
  white: readonly string[]
}
export interface ProfanityMatch {
  /** Span in the original text (UTF-16 indices, end exclusive). */
  start: number
  end: number
  text: string
}
export interface ProfanityFilter {
  find(text: string): ProfanityMatch[]
}

/** Characters that render as nothing (soft hyphen, zero-width joiners, direction marks, variation selectors…). */
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x206a, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
]
const isInvisible = (cp: string) => {
  const c = cp.codePointAt(0) ?? 0
  return INVISIBLE_RANGES.some(([a, b]) => c >= a && c <= b)
}

/** Look-alikes that survive NFKD: Cyrillic, Greek and a few Latin letters with strokes. */
const HOMOGLYPHS: Record<string, string> = {
  а: 'a',
  в: 'b',
  г: 'r',
  д: 'd',
  е: 'e',
  ё: 'e',
  з: '3',
  и: 'u',
  й: 'u',
  к: 'k',
  л: 'n',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  ф: 'f',
  х: 'x',
  ц: 'u',
  ч: '4',
  ш: 'w',
  щ: 'w',
  ъ: 'b',
  ы: 'bi',
  ь: 'b',
  э: 'e',
  ю: 'io',
  я: 'r',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  һ: 'h',
  ӏ: 'l',
  є: 'e',
  α: 'a',
  β: 'b',
  γ: 'y',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'n',
  θ: 'o',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'u',
  ν: 'v',
  ξ: 'e',
  ο: 'o',
  π: 'n',
  ρ: 'p',
  σ: 'o',
  ς: 's',
  τ: 't',
  υ: 'u',
  φ: 'f',
  χ: 'x',
  ψ: 'w',
  ω: 'w',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ƒ: 'f',
  ŧ: 't',
  ɡ: 'g',
  ĸ: 'k',
  ŋ: 'n',
  '¢': 'c',
  '€': 'e',
  '£': 'l',
  '¥': 'y',
  '©': 'c',
  '®': 'r',
}

/** Leetspeak read as letters; '1' and '|' can be either i or l, so both readings are tried. */
const LEET: Record<string, readonly string[]> = {
  '0': ['o'],
  '1': ['i', 'l'],
  '2': ['z'],
  '3': ['e'],
  '4': ['a'],
  '5': ['s'],
  '6': ['g'],
  '7': ['t'],
  '8': ['b'],
  '9': ['g'],
  '@': ['a'],
  $: ['s'],
  '!': ['i'],
  '|': ['i', 'l'],
  '+': ['t'],
}
const WILDCARD = '*#'
const isTokenChar = (c: string) =>
  (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c in LEET || WILDCARD.includes(c)
/** What may separate the letters of a spelled-out word: "f u c k", "f.u.c.k", "f-u-c-k". */
const SPELL_GAP = /^[\s.\-_~/\\:]{1,3}$/
const SUFFIXES = '(?:s|es|ed|er|ers|ing|in|y|ies|ier|iest|head|heads|face|faces|hole|holes|bag|bags|wit|wits)'
const MAX_TOKEN = 64
const MAX_SPELLED = 24

interface Canonical {
  text: string
  /** Original span of each canonical character. */
  from: number[]
  to: number[]
}

/** Folds text to the canonical alphabet, remembering where each character came from. */
export function canonicalize(input: string): Canonical {
  let text = ''
  const from: number[] = []
  const to: number[] = []
  let i = 0
  for (const cp of input) {
    const start = i
    i += cp.length
    if (isInvisible(cp)) continue
    const folded = cp.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
    for (const ch of folded) {
      const mapped = HOMOGLYPHS[ch] ?? ch
      for (const m of mapped) {
        text += m
        from.push(start)
        to.push(i)
      }
    }
  }
  return { text, from, to }
}

/** A word as the lists hold it, in canonical letters with leet read as letters. */
export function canonicalWord(word: string): string {
  return readLeet(canonicalize(word.trim()).text.replace(/\s+/g, ' '), 0)
}

function readLeet(token: string, option: 0 | 1): string {
  let out = ''
  for (const c of token) {
    const choices = LEET[c]
    out += choices ? (choices[option] ?? choices[0]) : c
  }
  return out
}

/**
 * The readings of one token worth testing: leet both ways, trailing "!!!" dropped, hidden-letter
 * marks dropped. Digits that end a token are a number, not letters: names and words carry them
 * ("Anna1111", "Cheerer11111", "gamer2000"), and read as letters they made words that were never
 * written ("anna" + "llll"). Digits inside a word (sh1t, a55hole) or leading it (5hit) stay leet.
 */
function readingsOf(token: string): string[] {
  if (!/[a-z]/.test(token)) return []
  const word = token.replace(/(?<=[^0-9])[0-9]+$/, '')
  const bases = new Set([word, word.replace(/[!|]+$/, '').replace(/^[!|]+/, '')])
  const out = new Set<string>()
  for (const b of bases) {
    if (!b) continue
    out.add(readLeet(b, 0))
    out.add(readLeet(b, 1))
    const bare = b.replace(/[*#]/g, '')
    if (bare && bare !== b) out.add(readLeet(bare, 0))
  }
  return [...out]
}

/** Hidden-letter marks may stand for at most half the letters: "****" is not a word. */
function fewWildcards(reading: string): boolean {
  let marks = 0
  for (const c of reading) if (WILDCARD.includes(c)) marks++
  return marks * 2 <= reading.length
}

/** Each letter may repeat (fuuuck) or be hidden by a mark (f*ck). */
function letterPattern(word: string): string {
  let out = ''
  for (const c of word) {
    if (c === ' ') out += ' '
    else out += `[${c.replace(/[\\\]^-]/g, '\\$&')}*#]+`
  }
  return out
}

interface Compiled {
  whole: RegExp | null
  suffixed: RegExp | null
  inside: RegExp | null
  phrase: RegExp | null
  white: Set<string>
}

function compile(lists: ProfanityLists): Compiled {
  const whole: string[] = []
  const suffixed: string[] = []
  const inside: string[] = []
  const phrase: string[] = []
  for (const entry of new Set(lists.black)) {
    const mode = entry.endsWith('*') ? 'inside' : entry.endsWith('+') ? 'suffixed' : 'whole'
    const word = canonicalWord(mode === 'whole' ? entry : entry.slice(0, -1)).replace(/[^a-z0-9 ]/g, '')
    if (word.replace(/ /g, '').length < 2) continue
    const pattern = letterPattern(word)
    if (word.includes(' ')) phrase.push(pattern)
    else if (mode === 'inside') inside.push(pattern)
    else if (mode === 'suffixed') suffixed.push(pattern)
    else whole.push(pattern)
  }
  const alt = (list: string[]) => (list.length ? list.join('|') : null)
  const w = alt(whole)
  const s = alt(suffixed)
  const i = alt(inside)
  const p = alt(phrase)
  return {
    whole: w ? new RegExp(`^(?:${w})s?$`) : null,
    suffixed: s ? new RegExp(`^(?:${s})${SUFFIXES}?$`) : null,
    inside: i ? new RegExp(`(?:${i})`) : null,
    phrase: p ? new RegExp(`(?:^| )(?:${p})(?= |$)`, 'g') : null,
    white: new Set(lists.white.map((word) => canonicalWord(word)).filter(Boolean)),
  }
}

interface Token {
  text: string
  /** Canonical index range. */
  start: number
  end: number
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let start = -1
  for (let i = 0; i <= text.length; i++) {
    const inside = i < text.length && isTokenChar(text[i]!)
    if (inside && start < 0) start = i
    if (!inside && start >= 0) {
      tokens.push({ text: text.slice(start, i), start, end: i })
      start = -1
    }
  }
  return tokens
}

export function compileProfanity(lists: ProfanityLists): ProfanityFilter {
  const c = compile(lists)
  const bad = (token: string): boolean => {
    if (token.length > MAX_TOKEN) return false
    if (c.white.has(token) || c.white.has(readLeet(token, 0))) return false
    return readingsOf(token).some((r) => {
      if (c.white.has(r) || !fewWildcards(r)) return false
      return !!(c.whole?.test(r) || c.suffixed?.test(r) || c.inside?.test(r))
    })
  }

  return {
    find(input) {
      const canon = canonicalize(input)
      const tokens = tokenize(canon.text)
      const spans: Array<[number, number]> = []
      for (const t of tokens) if (bad(t.text)) spans.push([t.start, t.end])
      // Spelled-out words: runs of single characters, tried over every window of 3 or more.
      let run: Token[] = []
      const flushRun = () => {
        if (run.length >= 3 && run.length <= MAX_SPELLED) {
          for (let a = 0; a < run.length; a++)
            for (let b = run.length; b >= a + 3; b--) {
              const word = run
                .slice(a, b)
                .map((t) => t.text)
                .join('')
              if (bad(word)) {
                spans.push([run[a]!.start, run[b - 1]!.end])
                break
              }
            }
        }
        run = []
      }
      for (const t of tokens) {
        const prev = run.at(-1)
        if (t.text.length === 1 && (!prev || SPELL_GAP.test(canon.text.slice(prev.end, t.start)))) run.push(t)
        else {
          flushRun()
          if (t.text.length === 1) run.push(t)
        }
      }
      flushRun()
      if (c.phrase) spans.push(...phraseSpans(c.phrase, tokens))
      return toMatches(spans, canon, input)
    },
  }
}

/** Multi-word list entries, matched over the token sequence read as letters. */
function phraseSpans(re: RegExp, tokens: Token[]): Array<[number, number]> {
  let joined = ''
  const at: Array<{ offset: number; token: Token }> = []
  for (const t of tokens) {
    if (joined) joined += ' '
    at.push({ offset: joined.length, token: t })
    joined += readLeet(t.text, 0)
  }
  const spans: Array<[number, number]> = []
  re.lastIndex = 0
  for (const m of joined.matchAll(re)) {
    const begin = m.index + (m[0].startsWith(' ') ? 1 : 0)
    const finish = m.index + m[0].length
    const covered = at.filter((a) => a.offset + a.token.text.length > begin && a.offset < finish)
    if (covered.length) spans.push([covered[0]!.token.start, covered.at(-1)!.token.end])
  }
  return spans
}

function toMatches(spans: Array<[number, number]>, canon: Canonical, input: string): ProfanityMatch[] {
  const sorted = spans.sort((a, b) => a[0] - b[0])
  const merged: Array<[number, number]> = []
  for (const s of sorted) {
    const last = merged.at(-1)
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1])
    else merged.push([s[0], s[1]])
  }
  return merged.map(([a, b]) => {
    const start = canon.from[a]!
    const end = canon.to[b - 1]!
    return { start, end, text: input.slice(start, end) }
  })
}

/** Replaces each match with `replacement` ("beep"). */
export function censor(text: string, matches: ProfanityMatch[], replacement: string): string {
  let out = ''
  let at = 0
  for (const m of matches) {
    out += text.slice(at, m.start) + replacement
    at = m.end
  }
  return out + text.slice(at)
}
