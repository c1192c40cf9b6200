/**
 * Phonemes → visemes (the 15 mouth shapes of @mouthpiece/contracts/media/visemes.schemas).
 *
 * espeak-ng reports IPA (any language), Festival reports ARPAbet-style phones (US English). Both map
 * through the tables below; diphthongs and affricates become two cues (first part 60 %, glide 40 %),
 * so "I" reads as aa→ih and "go" as oh→ou on the lips.
 *
 * IPA table (by base letter; length marks, stress and diacritics are ignored):
 *   PP  p b m            FF  f v ɸ β ʋ ɱ       TH  θ ð              DD  t d ʈ ɖ ɾ
 *   kk  k g ɡ q ɢ x ɣ χ ʁ ħ ʕ h ɦ ŋ ɴ ʔ        CH  ʃ ʒ ɕ ʑ ç ʝ c ɟ (tʃ dʒ)
 *   SS  s z ʂ ʐ (ts dz)  nn  n ɲ ɳ l ɫ ʎ ɭ ɬ ɮ ʟ  RR  r ɹ ɻ ʀ ɚ ɝ ɺ ɽ
 *   aa  a ɑ æ ʌ ɐ ä ᴀ    E   e ɛ ə ɜ ɘ ɤ ɵ     ih  i ɪ j ɨ ᵻ ɯ     oh  o ɔ ɒ ø œ ɞ
 *   ou  u ʊ w ʉ y ʏ ɥ ʍ
 * ARPAbet table: see ARPABET below (aa→aa, ae→aa, ah→aa, ao→oh, aw→aa+ou, ax→E, ay→aa+ih, …).
 */
import type { PhonemeTiming } from '@mouthpiece/contracts/media/voices.schemas'
import type { Viseme, VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'

const IPA_GROUPS: Record<Viseme, string> = {
  sil: '',
  PP: 'pbm',
  FF: 'fvɸβʋɱ',
  TH: 'θð',
  DD: 'tdʈɖɾ',
  kk: 'kgɡqɢxɣχʁħʕhɦŋɴʔ',
  CH: 'ʃʒɕʑçʝcɟ',
  SS: 'szʂʐ',
  nn: 'nɲɳlɫʎɭɬɮʟ',
  RR: 'rɹɻʀɚɝɺɽ',
  aa: 'aɑæʌɐäᴀ',
  E: 'eɛəɜɘɤɵ',
  ih: 'iɪjɨᵻɯ',
  oh: 'oɔɒøœɞ',
  ou: 'uʊwʉyʏɥʍ',
}
const IPA: Map<string, Viseme> = new Map(
  Object.entries(IPA_GROUPS).flatMap(([v, chars]) => Array.from(chars).map((c) => [c, v as Viseme] as const)),
)

export const ARPABET: Record<string, Viseme[]> = {
  aa: ['aa'],
  ae: ['aa'],
  ah: ['aa'],
  ao: ['oh'],
  aw: ['aa', 'ou'],
  ax: ['E'],
  axr: ['RR'],
  ay: ['aa', 'ih'],
  b: ['PP'],
  ch: ['CH'],
  d: ['DD'],
  dh: ['TH'],
  dx: ['DD'],
  eh: ['E'],
  el: ['nn'],
  em: ['PP'],
  en: ['nn'],
  er: ['RR'],
  ey: ['E', 'ih'],
  f: ['FF'],
  g: ['kk'],
  hh: ['kk'],
  ih: ['ih'],
  ix: ['ih'],
  iy: ['ih'],
  jh: ['CH'],
  k: ['kk'],
  l: ['nn'],
  m: ['PP'],
  n: ['nn'],
  ng: ['kk'],
  ow: ['oh', 'ou'],
  oy: ['oh', 'ih'],
  p: ['PP'],
  r: ['RR'],
  s: ['SS'],
  sh: ['CH'],
  t: ['DD'],
  th: ['TH'],
  uh: ['ou'],
  uw: ['ou'],
  v: ['FF'],
  w: ['ou'],
  y: ['ih'],
  z: ['SS'],
  zh: ['CH'],
  pau: ['sil'],
  sil: ['sil'],
  'h#': ['sil'],
  brth: ['sil'],
}

/** Marks that carry no mouth shape of their own: stress, length, ties, syllable breaks, diacritics. */
const IGNORED = /[ˈˌːˑ.‿ʰʲʷˠˤʼ˞-]|\p{M}/gu

/** The visemes of one phoneme symbol (IPA or ARPAbet), or null when the symbol is unknown. */
export function visemesOf(symbol: string): Viseme[] | null {
  const lower = symbol.toLowerCase()
  const arpa = ARPABET[lower.replace(/[0-9]$/, '')]
  if (arpa) return arpa
  const letters = Array.from(symbol.normalize('NFD').replace(IGNORED, ''))
  if (!letters.length) return null
  // Affricates: the fricative shape is what shows.
  const joined = letters.join('')
  if (/^(tʃ|dʒ|tɕ|dʑ)/.test(joined)) return ['CH']
  if (/^(ts|dz)/.test(joined)) return ['SS']
  const out: Viseme[] = []
  for (const c of letters) {
    const v = IPA.get(c)
    if (!v) continue
    if (out.at(-1) !== v) out.push(v)
  }
  return out.length ? out.slice(0, 2) : null
}

/**
 * Viseme cues for timed phonemes; gaps become `sil`. Cues shorter than 25 ms are folded into their
 * neighbour (they would only flicker at 30 fps); the avatar's mouth blends the rest smoothly.
 */
export function visemeCues(phonemes: PhonemeTiming[], duration: number): VisemeCue[] {
  const raw: VisemeCue[] = []
  let t = 0
  for (const p of phonemes) {
    if (p.start > t + 0.01) raw.push({ viseme: 'sil', start: t, end: p.start, weight: 1 })
    const shapes = visemesOf(p.symbol) ?? ['E']
    const len = p.end - p.start
    if (shapes.length === 2) {
      const mid = p.start + len * 0.6
      raw.push(
        { viseme: shapes[0]!, start: p.start, end: mid, weight: 1 },
        { viseme: shapes[1]!, start: mid, end: p.end, weight: 1 },
      )
    } else {
      raw.push({ viseme: shapes[0]!, start: p.start, end: p.end, weight: 1 })
    }
    t = Math.max(t, p.end)
  }
  if (duration > t + 0.01) raw.push({ viseme: 'sil', start: t, end: duration, weight: 1 })
  return foldShortCues(raw, 0.025)
}

export function foldShortCues(cues: VisemeCue[], minLength: number): VisemeCue[] {
  // First join runs of the same shape (keeping the strongest weight), then fold what is still too
  // short into its predecessor. Lip closures (PP) are never folded away: a missed "m" is visible.
  const runs: VisemeCue[] = []
  for (const cue of cues) {
    const prev = runs.at(-1)
    if (prev && prev.viseme === cue.viseme) {
      prev.end = cue.end
      prev.weight = Math.max(prev.weight ?? 1, cue.weight ?? 1)
    } else runs.push({ ...cue })
  }
  const out: VisemeCue[] = []
  for (const cue of runs) {
    const prev = out.at(-1)
    if (prev && cue.end - cue.start < minLength && cue.viseme !== 'PP') prev.end = cue.end
    else out.push(cue)
  }
  return out
}
