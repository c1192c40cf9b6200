/**
 * Audio levels for the timeline's waveforms, classified with the spec's thresholds (SPEC §9: speech
 * −60, yellow −40, red −20, max 0 dBFS): below speech is silence, then speech, loud (yellow) and
 * too loud (red).
 */
import { AUDIO_LEVEL } from '@mouthpiece/contracts/constants'

export type Level = 'silence' | 'speech' | 'yellow' | 'red'

export function levelOf(db: number): Level {
  if (db >= AUDIO_LEVEL.red) return 'red'
  if (db >= AUDIO_LEVEL.yellow) return 'yellow'
  if (db >= AUDIO_LEVEL.speech) return 'speech'
  return 'silence'
}

export const LEVEL_COLOR: Record<Level, string> = {
  silence: '#3a4152',
  speech: '#05FBCA',
  yellow: '#FBBF24',
  red: '#F87171',
}

/** Peak level in dBFS of each of `buckets` equal slices of the samples (−∞ clamps to −100). */
export function bucketLevels(samples: Float32Array, buckets: number): number[] {
  const out: number[] = []
  const size = samples.length / Math.max(1, buckets)
  for (let b = 0; b < buckets; b++) {
    let peak = 0
    const end = Math.min(samples.length, Math.floor((b + 1) * size))
    for (let i = Math.floor(b * size); i < end; i++) peak = Math.max(peak, Math.abs(samples[i]!))
    out.push(peak > 0 ? Math.max(-100, 20 * Math.log10(peak)) : -100)
  }
  return out
}
