/**
 * Lip sync for audio without text (uploads): mouth openness from the loudness envelope, shape from
 * the spectrum of each 20 ms frame.
 *  - quiet (below -40 dB of the loudest frame)          → sil
 *  - energy mostly above 3.5 kHz (hiss)                  → SS
 *  - low spectral centroid (< 900 Hz) while open         → oh / ou (rounded vowels)
 *  - otherwise by openness: wide → aa, mid → E, small → ih, barely → DD
 * Cue weight carries the openness so loud syllables open wider than soft ones.
 */
import type { Viseme, VisemeCue } from '@mouthpiece/contracts/media/visemes.schemas'
import { fft } from '../audio/voice-analysis'
import { foldShortCues } from './phoneme-visemes'

const FRAME_SECONDS = 0.02

export function visemeCuesFromAudio(pcm: Int16Array, sampleRate: number): VisemeCue[] {
  const hop = Math.round(sampleRate * FRAME_SECONDS)
  const n = 512
  const frames = Math.floor(pcm.length / hop)
  const rmsDb: number[] = []
  const centroid: number[] = []
  const hiss: number[] = []
  const re = new Float64Array(n)
  const im = new Float64Array(n)
  for (let f = 0; f < frames; f++) {
    let sum = 0
    for (let i = 0; i < hop; i++) {
      const v = (pcm[f * hop + i] ?? 0) / 32768
      sum += v * v
    }
    rmsDb.push(10 * Math.log10(sum / hop + 1e-10))
    re.fill(0)
    im.fill(0)
    for (let i = 0; i < n; i++)
      re[i] = ((pcm[f * hop + i] ?? 0) / 32768) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)))
    fft(re, im)
    let total = 0
    let weighted = 0
    let high = 0
    for (let k = 1; k < n / 2; k++) {
      const p = re[k]! * re[k]! + im[k]! * im[k]!
      const hz = (k * sampleRate) / n
      total += p
      weighted += p * hz
      if (hz > 3500) high += p
    }
    centroid.push(total ? weighted / total : 0)
    hiss.push(total ? high / total : 0)
  }
  const peak = Math.max(-100, ...rmsDb)
  const cues: VisemeCue[] = []
  for (let f = 0; f < frames; f++) {
    const rel = rmsDb[f]! - peak
    const open = Math.min(1, Math.max(0, (rel + 40) / 34))
    let viseme: Viseme
    if (rel < -40) viseme = 'sil'
    else if (hiss[f]! > 0.5) viseme = 'SS'
    else if (centroid[f]! < 900 && open > 0.45) viseme = open > 0.7 ? 'oh' : 'ou'
    else if (open > 0.75) viseme = 'aa'
    else if (open > 0.5) viseme = 'E'
    else if (open > 0.25) viseme = 'ih'
    else viseme = 'DD'
    cues.push({
      viseme,
      start: f * FRAME_SECONDS,
      end: (f + 1) * FRAME_SECONDS,
      weight: viseme === 'sil' ? 1 : Math.max(0.35, open),
    })
  }
  return foldShortCues(cues, 0.04)
}
