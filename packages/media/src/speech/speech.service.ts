/**
 * The one synthesis entry point: `synthesize(text, voiceId, options)` picks the engine by the voice id
 * prefix, validates input with the user-facing messages, and returns PCM plus word/phoneme times.
 */
import { SynthesisOptions, SynthesisText } from '@mouthpiece/contracts/media/voices.schemas'
import type { SynthesisOptionsInput, Voice } from '@mouthpiece/contracts/media/voices.schemas'
import { createEspeakEngine } from './espeak-engine'
import { createFestivalEngine } from './festival-engine'
import { neuralEngineFromEnv } from './neural-engine'
import { MediaInputError } from './speech.types'
import { alignWordsToText } from './word-align'
import type { SpeechEngine, SpeechResult } from './speech.types'

export interface SpeechService {
  listVoices(): Promise<Voice[]>
  /** The voice for an id, or null. Accepts any espeak `<language>+<variant>` combination. */
  findVoice(voiceId: string): Promise<Voice | null>
  synthesize(text: string, voiceId: string, options?: SynthesisOptionsInput, signal?: AbortSignal): Promise<SpeechResult>
  close(): Promise<void>
}

export function createSpeechService(extraEngines: SpeechEngine[] = []): SpeechService {
  const espeak = createEspeakEngine()
  const engines: SpeechEngine[] = [createFestivalEngine(), espeak, ...extraEngines]
  let all: Promise<Voice[]> | null = null
  const listVoices = () => (all ??= Promise.all(engines.map((e) => e.listVoices())).then((lists) => lists.flat()))

  const findVoice = async (voiceId: string): Promise<Voice | null> => {
    const voices = await listVoices()
    const exact = voices.find((v) => v.id === voiceId)
    if (exact) return exact
    const m = /^espeak:([^+]+)\+(.+)$/.exec(voiceId)
    if (!m) return null
    const base = voices.find((v) => v.id === `espeak:${m[1]}`)
    const variant = voices.find((v) => v.variant === m[2])
    if (!base || !variant) return null
    return { ...base, id: voiceId, variant: m[2], gender: variant.gender, label: `${base.name} · ${variant.name} (espeak)` }
  }

  return {
    listVoices,
    findVoice,
    async synthesize(text, voiceId, options = {}, signal) {
      const parsedText = SynthesisText.safeParse(text)
      if (!parsedText.success) throw new MediaInputError(parsedText.error.issues[0]?.message ?? 'Invalid text', 'invalid_text')
      const parsedOptions = SynthesisOptions.safeParse(options)
      if (!parsedOptions.success) throw new MediaInputError(parsedOptions.error.issues[0]?.message ?? 'Invalid voice options', 'invalid_options')
      const voice = await findVoice(voiceId)
      if (!voice) throw new MediaInputError('Unknown voice', 'unknown_voice')
      const engine = engines.find((e) => e.name === voice.engine)
      if (!engine) throw new MediaInputError('Unknown voice', 'unknown_voice')
      const result = await engine.synthesize(parsedText.data, voice, parsedOptions.data, signal)
      return { ...result, words: alignWordsToText(parsedText.data, result.words) }
    },
    close: () => espeak.close(),
  }
}

let shared: SpeechService | null = null
/** A process-wide service (one espeak thread per process); adds the neural provider when NEURAL_TTS_API_KEY is set. */
export function speechService(): SpeechService {
  if (shared) return shared
  const neural = neuralEngineFromEnv()
  return (shared = createSpeechService(neural ? [neural] : []))
}
