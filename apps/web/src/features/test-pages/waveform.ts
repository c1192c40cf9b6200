import { AUDIO_LEVEL } from '@mouthpiece/contracts/constants'

/**
 * The wave-form tool's numbers, apart from the DOM: per slice of the audio, its peak in dBFS and
 * the SPEC §9 band it falls in (speech from -60, yellow from -40, red from -20, max 0).
 */
export type Band = 'silence' | 'speech' | 'yellow' | 'red'
export const BANDS: readonly Band[] = ['silence', 'speech', 'yellow', 'red']
export const BAND_COLORS: Record<Band, string> = {
  silence: '#4b5263',
  speech: '#22c55e',
  yellow: '#facc15',
  red: '#FF6A59',
}
export const BAND_LABELS: Record<Band, string> = {
  silence: `Silence (below ${AUDIO_LEVEL.speech} dB)`,
  speech: `Speech (${AUDIO_LEVEL.speech} to ${AUDIO_LEVEL.yellow} dB)`,
  yellow: `Loud (${AUDIO_LEVEL.yellow} to ${AUDIO_LEVEL.red} dB)`,
  red: `Too loud (${AUDIO_LEVEL.red} to ${AUDIO_LEVEL.max} dB)`,
}
/** The floor drawn at the bottom of the level scale. */
export const FLOOR_DB = -80

export const toDb = (amplitude: number) =>
  Math.max(FLOOR_DB, Math.min(AUDIO_LEVEL.max, 20 * Math.log10(Math.max(Math.abs(amplitude), 1e-9))))

export function bandOf(db: number): Band {
  if (db < AUDIO_LEVEL.speech) return 'silence'
  if (db < AUDIO_LEVEL.yellow) return 'speech'
  if (db < AUDIO_LEVEL.red) return 'yellow'
  return 'red'
}

export interface Slice {
  min: number
  max: number
  peakDb: number
  band: Band
}

/** `count` slices of the samples (one per pixel column of the drawing). */
export function slices(samples: Float32Array, count: number): Slice[] {
  const n = Math.max(1, Math.min(count, samples.length))
  const out: Slice[] = []
  for (let i = 0; i < n; i++) {
    const from = Math.floor((i * samples.length) / n)
    const to = Math.max(from + 1, Math.floor(((i + 1) * samples.length) / n))
    let min = 0
    let max = 0
    for (let j = from; j < to; j++) {
      const v = samples[j]!
      if (v < min) min = v
      if (v > max) max = v
    }
    const peakDb = toDb(Math.max(-min, max))
    out.push({ min, max, peakDb, band: bandOf(peakDb) })
  }
  return out
}

/** The loudest peak and the share of the audio's length in each band (0..1). */
export function summarise(s: readonly Slice[]): { peakDb: number; shares: Record<Band, number> } {
  const shares: Record<Band, number> = { silence: 0, speech: 0, yellow: 0, red: 0 }
  let peakDb = FLOOR_DB
  for (const x of s) {
    shares[x.band] += 1
    peakDb = Math.max(peakDb, x.peakDb)
  }
  for (const b of BANDS) shares[b] /= s.length || 1
  return { peakDb, shares }
}

/** Mono mix of a decoded buffer's channels (the level of what a listener hears). */
export function mono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!
  const out = new Float32Array(channels[0]?.length ?? 0)
  for (const ch of channels) for (let i = 0; i < out.length; i++) out[i]! += ch[i]! / channels.length
  return out
}
