/**
 * A measured "listening pass" over a spoken clip (decision 0077): what an ear notices first in a
 * synthetic voice, as numbers. Pitch is YIN (voice-analysis.ts) over voiced frames.
 * - Register and melody: median F0 and its 10th–90th percentile spread in semitones (a spread under
 *   ~2 st sounds monotone, "robotic").
 * - Level: RMS of the active frames and the peak (dBFS), and the share of samples at full scale
 *   (clipping crackles).
 * - Roughness: harmonics-to-noise ratio (normalised autocorrelation at the pitch period, Boersma
 *   1993) — low HNR sounds hoarse or buzzy; spectral flatness of voiced frames (0 tonal … 1 noise).
 * - Timbre: the mean level of 24 mel-spaced bands (100 Hz–7 kHz) relative to the clip's own mean,
 *   so two voices can be compared independently of loudness (`timbreDistance`).
 */
import { fft, yinPitch } from './voice-analysis'

export interface VoiceQuality {
  durationSeconds: number
  /** From the first to the last active frame. */
  speechSeconds: number
  medianF0: number
  /** 10th–90th percentile of F0, in semitones. */
  pitchRangeSt: number
  rmsDb: number
  peakDb: number
  /** Samples at (or within 0.1 % of) full scale, and their share of the clip. */
  clippedSamples: number
  clippedRatio: number
  /** Median harmonics-to-noise ratio of voiced frames (dB). */
  hnrDb: number
  /** Mean spectral flatness of voiced frames, 0 (pure tone) … 1 (white noise). */
  flatness: number
  /** Mean band levels (dB, relative to their own mean), 24 mel bands 100 Hz–7 kHz. */
  bands: number[]
}

const FRAME_S = 0.04
const HOP_S = 0.02
const BANDS = 24
const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700)
const hzOfMel = (m: number) => 700 * (10 ** (m / 2595) - 1)
const db = (x: number) => 20 * Math.log10(Math.max(x, 1e-9))

function percentile(values: number[], p: number): number {
  if (!values.length) return 0
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.round(p * (s.length - 1))))]!
}

/** Normalised autocorrelation of a frame at lag `tau` (1 = perfectly periodic). */
function periodicity(frame: Float32Array, tau: number): number {
  let xy = 0
  let xx = 0
  let yy = 0
  for (let i = 0; i + tau < frame.length; i++) {
    xy += frame[i]! * frame[i + tau]!
    xx += frame[i]! * frame[i]!
    yy += frame[i + tau]! * frame[i + tau]!
  }
  return xx && yy ? xy / Math.sqrt(xx * yy) : 0
}

/** Peak (dBFS) and the samples at (or within 0.1 % of) full scale. */
export function measureLevel(pcm: Int16Array): { peakDb: number; clippedSamples: number } {
  let peak = 0
  let clippedSamples = 0
  for (const v of pcm) {
    peak = Math.max(peak, Math.abs(v))
    if (Math.abs(v) >= 32735) clippedSamples++
  }
  return { peakDb: db(peak / 32768), clippedSamples }
}

/** Measures mono 16-bit PCM at any rate ≥ 16 kHz. */
export function measureVoiceQuality(pcm: Int16Array, sampleRate: number): VoiceQuality {
  const x = Float32Array.from(pcm, (v) => v / 32768)
  const level = measureLevel(pcm)
  const frame = Math.round(FRAME_S * sampleRate)
  const hop = Math.round(HOP_S * sampleRate)
  const nfft = 1 << Math.ceil(Math.log2(frame))
  const hann = Float64Array.from(
    { length: frame },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (frame - 1)),
  )
  const edges = Array.from({ length: BANDS + 1 }, (_, b) =>
    Math.round((hzOfMel(mel(100) + ((mel(7000) - mel(100)) * b) / BANDS) * nfft) / sampleRate),
  )
  const count = Math.max(0, Math.floor((x.length - frame) / hop) + 1)
  const rms = Array.from({ length: count }, (_, f) => {
    let s = 0
    for (let i = f * hop; i < f * hop + frame; i++) s += x[i]! * x[i]!
    return Math.sqrt(s / frame)
  })
  // Active: within 35 dB of the loudest frame (pauses and the silence around the line are not).
  const gate = Math.max(...rms, 0) * 10 ** (-35 / 20)
  const active = rms.map((r) => r > gate)
  const f0s: number[] = []
  const hnrs: number[] = []
  const flats: number[] = []
  const bandSum = new Float64Array(BANDS)
  let voiced = 0
  let activeEnergy = 0
  let activeFrames = 0
  for (let f = 0; f < count; f++) {
    if (!active[f]) continue
    activeEnergy += rms[f]! ** 2
    activeFrames++
    const w = x.subarray(f * hop, f * hop + frame)
    const f0 = yinPitch(w, sampleRate)
    if (!f0) continue
    f0s.push(f0)
    const r = Math.min(0.9999, periodicity(w, Math.round(sampleRate / f0)))
    if (r > 0) hnrs.push(10 * Math.log10(r / (1 - r)))
    const re = new Float64Array(nfft)
    const im = new Float64Array(nfft)
    for (let i = 0; i < frame; i++) re[i] = w[i]! * hann[i]!
    fft(re, im)
    let logSum = 0
    let sum = 0
    const half = nfft / 2
    const power = new Float64Array(half)
    for (let k = 1; k < half; k++) {
      power[k] = re[k]! * re[k]! + im[k]! * im[k]! + 1e-12
      logSum += Math.log(power[k]!)
      sum += power[k]!
    }
    flats.push(Math.exp(logSum / (half - 1)) / (sum / (half - 1)))
    for (let b = 0; b < BANDS; b++) {
      let e = 0
      for (let k = edges[b]!; k < Math.max(edges[b]! + 1, edges[b + 1]!); k++) e += power[k] ?? 0
      bandSum[b]! += e
    }
    voiced++
  }
  const levels = Array.from(bandSum, (e) => 10 * Math.log10(e / Math.max(1, voiced) + 1e-12))
  const meanLevel = levels.reduce((s, v) => s + v, 0) / BANDS
  const first = active.indexOf(true)
  const last = active.lastIndexOf(true)
  const median = percentile(f0s, 0.5)
  return {
    durationSeconds: pcm.length / sampleRate,
    speechSeconds: first >= 0 ? ((last - first) * hop + frame) / sampleRate : 0,
    medianF0: median,
    pitchRangeSt: f0s.length ? 12 * Math.log2(percentile(f0s, 0.9) / percentile(f0s, 0.1)) : 0,
    rmsDb: db(Math.sqrt(activeEnergy / Math.max(1, activeFrames))),
    peakDb: level.peakDb,
    clippedSamples: level.clippedSamples,
    clippedRatio: pcm.length ? level.clippedSamples / pcm.length : 0,
    hnrDb: percentile(hnrs, 0.5),
    flatness: flats.length ? flats.reduce((s, v) => s + v, 0) / flats.length : 1,
    bands: levels.map((l) => l - meanLevel),
  }
}

/** How far apart two voices' timbres are: RMS difference of their relative band levels (dB). */
export function timbreDistance(a: VoiceQuality, b: VoiceQuality): number {
  let s = 0
  for (let i = 0; i < BANDS; i++) s += (a.bands[i]! - b.bands[i]!) ** 2
  return Math.sqrt(s / BANDS)
}

/** Pitch distance in semitones between two voices' medians. */
export const pitchDistance = (a: VoiceQuality, b: VoiceQuality) =>
  Math.abs(12 * Math.log2(a.medianF0 / b.medianF0))
