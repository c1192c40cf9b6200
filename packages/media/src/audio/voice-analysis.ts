/**
 * Our own small voice analysis for offline voice matching (pitchfinder is GPL, so not used):
 * - F0 with YIN (de Cheveigné & Kawahara 2002): cumulative-mean-normalised difference, absolute
 *   threshold, parabolic interpolation; median over voiced frames.
 * - Spectral tilt: slope of the mean log-power spectrum of voiced frames against log2 frequency
 *   (dB per octave, 100 Hz–5 kHz). Breathy/dark voices fall faster than bright ones.
 */
import type { VoiceProfile } from '@mouthpiece/contracts/media/voices.schemas'

export const ANALYSIS_RATE = 16_000
const FRAME = 1024
const HOP = 320
const MIN_F0 = 60
const MAX_F0 = 500
const YIN_THRESHOLD = 0.15

/** YIN pitch of one frame (Hz) or 0 when unvoiced. `frame` holds at least 2 × maxTau samples. */
export function yinPitch(frame: Float32Array, sampleRate: number, minF0 = MIN_F0, maxF0 = MAX_F0): number {
  const maxTau = Math.min(Math.floor(sampleRate / minF0), Math.floor(frame.length / 2))
  const minTau = Math.max(2, Math.floor(sampleRate / maxF0))
  const w = frame.length - maxTau
  const d = new Float32Array(maxTau + 1)
  for (let tau = 1; tau <= maxTau; tau++) {
    let sum = 0
    for (let i = 0; i < w; i++) {
      const diff = frame[i]! - frame[i + tau]!
      sum += diff * diff
    }
    d[tau] = sum
  }
  // Cumulative mean normalised difference.
  let running = 0
  const cmnd = new Float32Array(maxTau + 1)
  cmnd[0] = 1
  for (let tau = 1; tau <= maxTau; tau++) {
    running += d[tau]!
    cmnd[tau] = running > 0 ? (d[tau]! * tau) / running : 1
  }
  let tau = minTau
  while (tau <= maxTau && cmnd[tau]! >= YIN_THRESHOLD) tau++
  if (tau > maxTau) return 0
  while (tau + 1 <= maxTau && cmnd[tau + 1]! < cmnd[tau]!) tau++
  const a = cmnd[tau - 1] ?? cmnd[tau]!
  const b = cmnd[tau]!
  const c = cmnd[tau + 1] ?? cmnd[tau]!
  const denom = a + c - 2 * b
  const shift = denom !== 0 ? (a - c) / (2 * denom) : 0
  return sampleRate / (tau + shift)
}

/** In-place radix-2 FFT (re, im of length power of two). */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1
    for (; j & bit; bit >>= 1) j ^= bit
    j ^= bit
    if (i < j) {
      ;[re[i], re[j]] = [re[j]!, re[i]!]
      ;[im[i], im[j]] = [im[j]!, im[i]!]
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len
    const wr = Math.cos(ang)
    const wi = Math.sin(ang)
    for (let i = 0; i < n; i += len) {
      let cr = 1
      let ci = 0
      for (let k = 0; k < len / 2; k++) {
        const a = i + k
        const b = a + len / 2
        const tr = re[b]! * cr - im[b]! * ci
        const ti = re[b]! * ci + im[b]! * cr
        re[b] = re[a]! - tr
        im[b] = im[a]! - ti
        re[a] = re[a]! + tr
        im[a] = im[a]! + ti
        const nr = cr * wr - ci * wi
        ci = cr * wi + ci * wr
        cr = nr
      }
    }
  }
}

const median = (values: number[]) => {
  if (!values.length) return 0
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** Median F0, spectral tilt and voicing of mono 16-bit PCM. */
export function analyseVoice(pcm: Int16Array, sampleRate: number): VoiceProfile {
  const x = new Float32Array(pcm.length)
  let peak = 0
  for (let i = 0; i < pcm.length; i++) {
    x[i] = pcm[i]! / 32768
    peak = Math.max(peak, Math.abs(x[i]!))
  }
  const frames = Math.max(0, Math.floor((x.length - FRAME) / HOP) + 1)
  const f0s: number[] = []
  const spectrum = new Float64Array(FRAME / 2)
  let spectra = 0
  const hann = Float64Array.from(
    { length: FRAME },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FRAME - 1)),
  )
  // Frames quieter than 30 dB below the loudest sample are treated as silence.
  const gate = peak * 0.03
  for (let f = 0; f < frames; f++) {
    const frame = x.subarray(f * HOP, f * HOP + FRAME)
    let rms = 0
    for (let i = 0; i < FRAME; i++) rms += frame[i]! * frame[i]!
    rms = Math.sqrt(rms / FRAME)
    if (rms < gate) continue
    const f0 = yinPitch(frame, sampleRate)
    if (!f0) continue
    f0s.push(f0)
    const re = Float64Array.from(frame, (v, i) => v * hann[i]!)
    const im = new Float64Array(FRAME)
    fft(re, im)
    for (let k = 0; k < FRAME / 2; k++) spectrum[k]! += re[k]! * re[k]! + im[k]! * im[k]!
    spectra++
  }
  let tilt = 0
  if (spectra) {
    // Least squares of dB against octaves over 100 Hz–5 kHz.
    const pts: [number, number][] = []
    for (let k = 1; k < FRAME / 2; k++) {
      const hz = (k * sampleRate) / FRAME
      if (hz < 100 || hz > 5000) continue
      pts.push([Math.log2(hz), 10 * Math.log10(spectrum[k]! / spectra + 1e-12)])
    }
    const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length
    const my = pts.reduce((s, p) => s + p[1], 0) / pts.length
    const sxy = pts.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0)
    const sxx = pts.reduce((s, p) => s + (p[0] - mx) ** 2, 0)
    tilt = sxx ? sxy / sxx : 0
  }
  const analysed = Math.max(1, frames)
  return {
    medianF0: median(f0s) || 1,
    spectralTilt: tilt,
    voicedRatio: Math.min(1, f0s.length / analysed),
    durationSeconds: pcm.length / sampleRate,
  }
}
