/**
 * Voice effects as ffmpeg filter chains over mono PCM. Every effect keeps the length, so the
 * synthesizer's word and phoneme times (and the lip sync built from them) still hold.
 */
import type { VoiceProfile } from '@mouthpiece/contracts/media/voices.schemas'
import { ffmpeg } from './ffmpeg'
import { encodeWav } from './wav'
import type { PcmAudio } from './wav'

export type VoiceEffectSpec =
  | { type: 'none' }
  /** Monotone metallic voice: zero the STFT phase (classic robotisation) plus a short comb echo. */
  | { type: 'robot' }
  /** Pitch shift with the formants kept (rubberband), so the voice does not turn into a chipmunk. */
  | { type: 'pitch'; semitones: number }
  /** Move a built-in voice toward a measured speaker: pitch ratio plus a tilt-matching EQ. */
  | { type: 'match'; target: VoiceProfile; source: VoiceProfile }

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

export function effectFilter(effect: VoiceEffectSpec): string | null {
  switch (effect.type) {
    case 'none':
      return null
    case 'robot':
      return [
        "afftfilt=real='hypot(re,im)*sin(0)':imag='hypot(re,im)*cos(0)':win_size=512:overlap=0.75",
        'aecho=0.8:0.7:12:0.35',
        'highpass=f=120',
      ].join(',')
    case 'pitch': {
      if (Math.abs(effect.semitones) < 0.01) return null
      return `rubberband=pitch=${(2 ** (clamp(effect.semitones, -12, 12) / 12)).toFixed(5)}:formant=preserved`
    }
    case 'match': {
      const ratio = clamp(effect.target.medianF0 / effect.source.medianF0, 0.5, 2)
      const tiltDelta = clamp(effect.target.spectralTilt - effect.source.spectralTilt, -8, 8)
      const parts: string[] = []
      if (Math.abs(Math.log2(ratio)) > 0.01)
        parts.push(`rubberband=pitch=${ratio.toFixed(5)}:formant=preserved`)
      // A tilt of Δ dB/octave over ~5.6 octaves (100 Hz–5 kHz): pivot near 700 Hz with two shelves.
      if (Math.abs(tiltDelta) > 0.2) {
        parts.push(`highshelf=f=1400:g=${(tiltDelta * 2).toFixed(2)}`)
        parts.push(`lowshelf=f=350:g=${(-tiltDelta * 1.5).toFixed(2)}`)
      }
      return parts.join(',') || null
    }
  }
}

/** Applies the effect; the result has exactly as many samples as the input. */
export async function applyVoiceEffect(
  audio: PcmAudio,
  effect: VoiceEffectSpec,
  signal?: AbortSignal,
): Promise<PcmAudio> {
  const filter = effectFilter(effect)
  if (!filter) return audio
  const { stdout } = await ffmpeg(
    [
      '-f',
      'wav',
      '-i',
      'pipe:0',
      '-af',
      `${filter},alimiter=limit=0.95`,
      '-ac',
      '1',
      '-ar',
      String(audio.sampleRate),
      '-f',
      's16le',
      'pipe:1',
    ],
    { input: encodeWav(audio.pcm, audio.sampleRate), signal },
  )
  const got = new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.byteLength / 2))
  const pcm = new Int16Array(audio.pcm.length)
  pcm.set(got.subarray(0, pcm.length))
  return { pcm, sampleRate: audio.sampleRate }
}
