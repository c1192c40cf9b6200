/**
 * Offline voice matching ("voice match (offline)"): measure the uploaded speaker's median F0 and
 * spectral tilt, speak with the built-in voice closest in register, then shift pitch (formants kept)
 * and tilt toward the speaker. It is a resemblance in pitch and brightness, not a clone.
 */
import type { SynthesisOptionsInput, VoiceProfile } from '@mouthpiece/contracts/media/voices.schemas'
import { MediaInputError } from '../speech/speech.types'
import type { SpeechResult } from '../speech/speech.types'
import type { SpeechService } from '../speech/speech.service'
import { probeAudioUpload } from './audio-upload'
import { decodeAudio } from './ffmpeg'
import { ANALYSIS_RATE, analyseVoice } from './voice-analysis'
import { applyVoiceEffect } from './voice-effects'

/** Analyses an uploaded sample (any accepted container) after checking it by probing. */
export async function profileVoiceSample(file: string, signal?: AbortSignal): Promise<VoiceProfile> {
  await probeAudioUpload(file, signal)
  const pcm = await decodeAudio(file, ANALYSIS_RATE, signal)
  const profile = analyseVoice(pcm, ANALYSIS_RATE)
  if (profile.voicedRatio < 0.05 || profile.medianF0 < 50)
    throw new MediaInputError('No speaking voice was found in the sample', 'no_voice')
  return profile
}

/** The built-in voice to start from: male register below ~165 Hz, female above. */
export function baseVoiceFor(profile: VoiceProfile): string {
  return profile.medianF0 < 165 ? 'espeak:en-us+m3' : 'festival:cmu_us_slt_arctic_hts'
}

export async function synthesizeMatched(
  speech: SpeechService,
  text: string,
  target: VoiceProfile,
  options: SynthesisOptionsInput = {},
  signal?: AbortSignal,
): Promise<SpeechResult & { label: string }> {
  const base = await speech.synthesize(text, baseVoiceFor(target), options, signal)
  const source = analyseVoice(base.pcm, base.sampleRate)
  const shaped = await applyVoiceEffect(
    { pcm: base.pcm, sampleRate: base.sampleRate },
    { type: 'match', target, source },
    signal,
  )
  return { ...base, pcm: shaped.pcm, engine: 'match', label: 'voice match (offline)' }
}
