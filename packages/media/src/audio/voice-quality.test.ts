import { describe, expect, it } from 'vitest'
import { measureVoiceQuality, pitchDistance, timbreDistance } from './voice-quality'

const RATE = 22_050

/** A buzz of harmonics whose pitch glides from f0 to f1 over `seconds`, at `gain` of full scale, with some noise. */
function voice(f0: number, f1: number, { seconds = 1.5, gain = 0.3, noise = 0, tilt = 1 } = {}): Int16Array {
  const n = Math.round(seconds * RATE)
  const out = new Int16Array(n + RATE / 2) // and half a second of silence
  let phase = 0
  let seed = 7
  for (let i = 0; i < n; i++) {
    const f = f0 * (f1 / f0) ** (i / n)
    phase += (2 * Math.PI * f) / RATE
    let s = 0
    // Harmonics up to 7.5 kHz, so every band of the timbre holds some of the voice.
    for (let h = 1; h * f < 7500; h++) s += Math.sin(h * phase) / h ** tilt
    seed = (seed * 16807) % 2147483647
    const v = gain * (0.5 * s + noise * (seed / 2147483647 - 0.5) * 2)
    out[i] = Math.round(Math.max(-1, Math.min(1, v)) * 32767)
  }
  return out
}

describe('a measured listening pass', () => {
  it('hears the register and the melody: a glide over an octave is not monotone, a held note is', () => {
    const glide = measureVoiceQuality(voice(110, 220), RATE)
    const held = measureVoiceQuality(voice(150, 151), RATE)
    expect(glide.medianF0).toBeGreaterThan(145)
    expect(glide.medianF0).toBeLessThan(165)
    expect(glide.pitchRangeSt).toBeGreaterThan(8)
    expect(held.pitchRangeSt).toBeLessThan(0.5)
    expect(held.speechSeconds).toBeCloseTo(1.5, 1)
    expect(held.durationSeconds).toBeCloseTo(2, 1)
  })

  it('hears roughness: a clean buzz has a high HNR and low flatness, a noisy one not', () => {
    const clean = measureVoiceQuality(voice(140, 150), RATE)
    const rough = measureVoiceQuality(voice(140, 150, { noise: 0.6 }), RATE)
    expect(clean.hnrDb).toBeGreaterThan(15)
    expect(rough.hnrDb).toBeLessThan(clean.hnrDb - 8)
    expect(rough.flatness).toBeGreaterThan(clean.flatness * 3)
  })

  it('hears level and clipping', () => {
    const quiet = measureVoiceQuality(voice(140, 150, { gain: 0.05 }), RATE)
    const hot = measureVoiceQuality(voice(140, 150, { gain: 1.6 }), RATE)
    expect(quiet.peakDb).toBeLessThan(-15)
    expect(quiet.clippedRatio).toBe(0)
    expect(hot.peakDb).toBeCloseTo(0, 1)
    expect(hot.clippedRatio).toBeGreaterThan(0.01)
  })

  it('tells voices apart by pitch and by timbre, and the same voice louder is the same', () => {
    const a = measureVoiceQuality(voice(120, 130), RATE)
    const louder = measureVoiceQuality(voice(120, 130, { gain: 0.6 }), RATE)
    const dark = measureVoiceQuality(voice(120, 130, { tilt: 2 }), RATE)
    const high = measureVoiceQuality(voice(240, 260), RATE)
    expect(timbreDistance(a, louder)).toBeLessThan(0.5)
    expect(timbreDistance(a, dark)).toBeGreaterThan(4)
    expect(pitchDistance(a, high)).toBeCloseTo(12, 0)
  })
})
