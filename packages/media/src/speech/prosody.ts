import type { Emotion, SynthesisOptions } from '@mouthpiece/contracts/media/voices.schemas'

/** Engine-neutral prosody: multipliers around the voice's natural delivery, pitch in semitones. */
export interface Prosody {
  rate: number
  pitchSemitones: number
  /** Intonation range multiplier (how much the pitch moves). */
  range: number
  volume: number
}

/**
 * How each emotion changes delivery at full intensity, after the acoustic correlates reported in the
 * emotional-speech literature (e.g. Murray & Arnott 1993): joy is faster, higher and wider; sadness
 * slower, lower, flatter and quieter; anger louder and faster with a wide range; surprise much higher
 * and wider.
 */
const EMOTION_PROSODY: Record<Emotion, Prosody> = {
  Neutral: { rate: 1, pitchSemitones: 0, range: 1, volume: 1 },
  Happy: { rate: 1.12, pitchSemitones: 3, range: 1.6, volume: 1.1 },
  Sad: { rate: 0.78, pitchSemitones: -3, range: 0.45, volume: 0.75 },
  Angry: { rate: 1.15, pitchSemitones: -1, range: 1.4, volume: 1.4 },
  Surprised: { rate: 1.05, pitchSemitones: 5, range: 1.9, volume: 1.15 },
}

/** Intensity 0 still tints the voice a little; 1 applies the full table above. */
const strength = (intensity: number) => 0.3 + 0.7 * Math.min(1, Math.max(0, intensity))
const towards = (neutral: number, full: number, s: number) => neutral + (full - neutral) * s

export function prosodyFor(options: SynthesisOptions): Prosody {
  const e = options.emotionProsody ?? EMOTION_PROSODY[options.emotion]
  const s = strength(options.intensity)
  return {
    rate: options.rate * towards(1, e.rate, s),
    pitchSemitones: options.pitch + towards(0, e.pitchSemitones, s),
    range: towards(1, e.range, s),
    volume: options.volume * towards(1, e.volume, s),
  }
}
