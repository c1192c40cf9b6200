/**
 * Mouth shapes for every viseme and the coarticulation blend between them.
 *
 * Blending follows the dominance model of Cohen & Massaro (1993): each cue pulls the mouth toward its
 * shape with a strength that is full inside the cue and decays exponentially outside it. Lips that
 * must close or touch the teeth (PP, FF) dominate strongly so they always reach their shape; tongue
 * consonants (DD, kk, nn, SS) are weak and take the shape of the vowels around them, as real lips do.
 * The result is a pure function of time, so any frame can be drawn on its own.
 */
import type { Viseme, VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'

export interface MouthShape {
  /** Jaw/lip opening 0..1. */
  open: number
  /** Mouth width 0 (pucker) ..1 (wide grin). */
  wide: number
  /** Lip rounding 0..1. */
  round: number
  /** Upper teeth showing 0..1. */
  teeth: number
  /** Tongue showing 0..1. */
  tongue: number
  /** Lips pressed together 0..1 (m, b, p). */
  press: number
  /** Lower lip tucked under the upper teeth 0..1 (f, v). */
  bite: number
}

const S = (
  open: number,
  wide: number,
  round: number,
  teeth: number,
  tongue = 0,
  press = 0,
  bite = 0,
): MouthShape => ({
  open,
  wide,
  round,
  teeth,
  tongue,
  press,
  bite,
})

export const VISEME_SHAPES: Record<Viseme, MouthShape> = {
  sil: S(0, 0.5, 0, 0, 0, 0.15),
  PP: S(0, 0.46, 0.1, 0, 0, 1),
  FF: S(0.14, 0.55, 0, 1, 0, 0, 1),
  TH: S(0.22, 0.55, 0, 0.7, 1),
  DD: S(0.24, 0.56, 0, 0.8, 0.2),
  kk: S(0.36, 0.55, 0, 0.45, 0.2),
  CH: S(0.2, 0.36, 0.65, 1),
  SS: S(0.12, 0.7, 0, 1),
  nn: S(0.22, 0.55, 0, 0.4, 0.6),
  RR: S(0.26, 0.36, 0.7, 0.3),
  aa: S(1, 0.64, 0, 0.35, 0.35),
  E: S(0.58, 0.74, 0, 0.5, 0.2),
  ih: S(0.32, 0.86, 0, 0.75),
  oh: S(0.72, 0.3, 0.9, 0.15),
  ou: S(0.32, 0.16, 1, 0),
}

const DOMINANCE: Record<Viseme, number> = {
  sil: 0.5,
  PP: 1,
  FF: 0.95,
  TH: 0.6,
  DD: 0.3,
  kk: 0.3,
  CH: 0.7,
  SS: 0.4,
  nn: 0.3,
  RR: 0.55,
  aa: 0.65,
  E: 0.6,
  ih: 0.6,
  oh: 0.7,
  ou: 0.75,
}

/** How fast a cue's pull fades outside it (seconds). */
const DECAY = 0.045
const KEYS = ['open', 'wide', 'round', 'teeth', 'tongue', 'press', 'bite'] as const

function firstCueEndingAfter(cues: readonly VisemeCue[], t: number): number {
  let lo = 0
  let hi = cues.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (cues[mid]!.end <= t) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The blended mouth at time t (seconds) for time-ordered cues. */
export function mouthAt(t: number, cues: readonly VisemeCue[]): MouthShape {
  if (!cues.length) return { ...VISEME_SHAPES.sil }
  const at = firstCueEndingAfter(cues, t)
  const acc: MouthShape = S(0, 0, 0, 0)
  let total = 0
  // Inside a must-reach cue (lips closing for m/b/p, lip to teeth for f/v) the neighbours barely pull.
  const current = cues[at]
  const inMustReach = current !== undefined && current.start <= t && DOMINANCE[current.viseme] >= 0.9
  for (let i = Math.max(0, at - 4); i < Math.min(cues.length, at + 5); i++) {
    const cue = cues[i]!
    const distance = t < cue.start ? cue.start - t : t > cue.end ? t - cue.end : 0
    if (distance > DECAY * 6) continue
    const d = DOMINANCE[cue.viseme] * Math.exp(-distance / DECAY) * (inMustReach && i !== at ? 0.25 : 1)
    const shape = VISEME_SHAPES[cue.viseme]
    const weight = cue.weight ?? 1
    for (const k of KEYS) acc[k] += d * (k === 'open' ? shape.open * weight : shape[k])
    total += d
  }
  if (total === 0) return { ...VISEME_SHAPES.sil }
  for (const k of KEYS) acc[k] /= total
  return acc
}
