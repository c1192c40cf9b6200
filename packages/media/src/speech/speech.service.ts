/**
 * The one synthesis entry point: `synthesize(text, voiceId, options)` picks the engine by the voice id
 * prefix, validates input with the user-facing messages, and returns PCM plus word/phoneme times.
 */
import { SynthesisOptions, SynthesisText } from '@mouthpiece/contracts/media/voices.schemas'
import type { Emotion, SynthesisOptionsInput, Voice } from '@mouthpiece/contracts/media/voices.schemas'
import type { Prosody } from './prosody'
import { createEspeakEngine } from './espeak-engine'
import { createFestivalEngine } from './festival-engine'
import { closeResidentFestivals } from './festival-process'
import { neuralEngineFromEnv } from './neural-engine'
import { MediaInputError } from './speech.types'
import { alignWordsToText } from './word-align'
import type { SpeechEngine, SpeechResult } from './speech.types'

export interface SpeechService {
  listVoices(): Promise<Voice[]>
  /** The voice for an id, or null. Accepts any espeak `<language>+<variant>` combination. */
  findVoice(voiceId: string): Promise<Voice | null>
  synthesize(
    text: string,
    voiceId: string,
    options?: SynthesisOptionsInput,
    signal?: AbortSignal,
  ): Promise<SpeechResult>
  close(): Promise<void>
}

/** What a voice profile (`profile:<id>`) speaks with: an engine voice, its settings and its emotion table. */
export interface ProfileSpeech {
  name: string
  voiceId: string
  rate: number
  pitch: number
  emotions: Partial<Record<Emotion, Prosody>>
}
type ProfileSource = (id: number) => Promise<ProfileSpeech | null>
let profileSource: ProfileSource | null = null
/**
 * Voice profiles live in the server's database; each process that speaks registers how to read one
 * (voices module), so every path that synthesizes — previews, renders, alerts, scenes — speaks them.
 */
export function setVoiceProfileSource(source: ProfileSource | null): void {
  profileSource = source
}
const PROFILE_ID = /^profile:(\d+)$/
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

export function createSpeechService(extraEngines: SpeechEngine[] = []): SpeechService {
  const espeak = createEspeakEngine()
  const engines: SpeechEngine[] = [createFestivalEngine(), espeak, ...extraEngines]
  let all: Promise<Voice[]> | null = null
  const listVoices = () =>
    (all ??= Promise.all(engines.map((e) => e.listVoices())).then((lists) => lists.flat()))

  const findEngineVoice = async (voiceId: string): Promise<Voice | null> => {
    const voices = await listVoices()
    const exact = voices.find((v) => v.id === voiceId)
    if (exact) return exact
    const m = /^espeak:([^+]+)\+(.+)$/.exec(voiceId)
    if (!m) return null
    const base = voices.find((v) => v.id === `espeak:${m[1]}`)
    const variant = voices.find((v) => v.variant === m[2])
    if (!base || !variant) return null
    return {
      ...base,
      id: voiceId,
      variant: m[2],
      gender: variant.gender,
      label: `${base.name} · ${variant.name} (espeak)`,
    }
  }
  const findProfile = async (voiceId: string): Promise<{ profile: ProfileSpeech; voice: Voice } | null> => {
    const m = PROFILE_ID.exec(voiceId)
    const profile = m && profileSource ? await profileSource(Number(m[1])) : null
    const voice = profile ? await findEngineVoice(profile.voiceId) : null
    return profile && voice ? { profile, voice } : null
  }
  const findVoice = async (voiceId: string): Promise<Voice | null> => {
    if (!PROFILE_ID.test(voiceId)) return findEngineVoice(voiceId)
    const found = await findProfile(voiceId)
    return found && { ...found.voice, id: voiceId, label: `${found.profile.name} (${found.voice.label})` }
  }

  return {
    listVoices,
    findVoice,
    async synthesize(text, voiceId, options = {}, signal) {
      const parsedText = SynthesisText.safeParse(text)
      if (!parsedText.success)
        throw new MediaInputError(parsedText.error.issues[0]?.message ?? 'Invalid text', 'invalid_text')
      const parsedOptions = SynthesisOptions.safeParse(options)
      if (!parsedOptions.success)
        throw new MediaInputError(
          parsedOptions.error.issues[0]?.message ?? 'Invalid voice options',
          'invalid_options',
        )
      let opts = parsedOptions.data
      let voice: Voice | null
      if (PROFILE_ID.test(voiceId)) {
        // A profile speaks its engine voice with its speed and pitch on top of the request's, and its own emotion row.
        const found = await findProfile(voiceId)
        voice = found?.voice ?? null
        if (found) {
          const p = found.profile
          opts = {
            ...opts,
            rate: clamp(opts.rate * p.rate, 0.5, 2),
            pitch: clamp(opts.pitch + p.pitch, -12, 12),
            emotionProsody: p.emotions[opts.emotion] ?? opts.emotionProsody,
          }
        }
      } else voice = await findEngineVoice(voiceId)
      if (!voice) throw new MediaInputError('Unknown voice', 'unknown_voice')
      const engine = engines.find((e) => e.name === voice.engine)
      if (!engine) throw new MediaInputError('Unknown voice', 'unknown_voice')
      const result = await engine.synthesize(parsedText.data, voice, opts, signal)
      // A profile answers as itself, so labels and logs name the profile, not only its engine voice.
      return {
        ...result,
        voiceId: PROFILE_ID.test(voiceId) ? voiceId : result.voiceId,
        words: alignWordsToText(parsedText.data, result.words),
      }
    },
    close: async () => {
      closeResidentFestivals()
      await espeak.close()
    },
  }
}

let shared: SpeechService | null = null
/** A process-wide service (one espeak thread per process); adds the neural provider when NEURAL_TTS_API_KEY is set. */
export function speechService(): SpeechService {
  if (shared) return shared
  const neural = neuralEngineFromEnv()
  return (shared = createSpeechService(neural ? [neural] : []))
}
