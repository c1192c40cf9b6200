/**
 * A neural TTS / voice-cloning provider speaking the ElevenLabs HTTP API, used when an API key is
 * configured. Audio comes back as raw 16-bit little-endian mono PCM (`pcm_22050`) with per-character
 * times; words are built from those times. The provider reports no phonemes, so mouth shapes are
 * derived from the audio itself (see `phonemesFromAudio`).
 */
import type {
  Emotion,
  PhonemeTiming,
  SpeechEngineName,
  SynthesisOptions,
  Voice,
  WordTiming,
} from '@mouthpiece/contracts/media/voices.schemas'
import type { Viseme } from '@mouthpiece/contracts/media/visemes.schemas'
import { applyGain } from '../audio/wav'
import { visemeCuesFromAudio } from '../lipsync/audio-visemes'
import { prosodyFor } from './prosody'
import { MediaInputError } from './speech.types'
import type { SpeechEngine, SpeechResult } from './speech.types'

export const NEURAL_DEFAULT_BASE_URL = 'https://api.elevenlabs.io'
export const NEURAL_MODEL_ID = 'eleven_multilingual_v2'
export const NEURAL_SAMPLE_RATE = 22_050
const DEFAULT_TIMEOUT_MS = 60_000

/**
 * The contracts' engine enum does not list `neural` yet; the service routes by this name at runtime.
 * Once `SPEECH_ENGINES` (and the `VoiceId` pattern) include `neural`, this widening goes away.
 */
export const NEURAL_ENGINE_NAME: SpeechEngineName = 'neural'

export const NEURAL_MESSAGES = {
  unauthorized: 'The neural voice provider rejected the API key.',
  rateLimited: 'The neural voice provider is rate limiting requests. Try again shortly.',
  unavailable: 'The neural voice provider is unavailable right now. Try again later.',
  timeout: 'The neural voice provider did not answer in time. Try again later.',
  unknownVoice: 'Unknown voice',
} as const

export interface NeuralEngineConfig {
  apiKey: string
  /** Defaults to https://api.elevenlabs.io. */
  baseUrl?: string
  /** Per-request timeout; default 60 s. */
  timeoutMs?: number
}

export interface VoiceSettings {
  stability: number
  similarity_boost: number
  style: number
  use_speaker_boost: boolean
  speed: number
}

export interface CloneFile {
  name: string
  data: Uint8Array
  /** MIME type, e.g. `audio/wav`. */
  type?: string
}

export interface NeuralEngine extends SpeechEngine {
  /** Creates a cloned voice from recordings; returns its provider id and our voice id. */
  cloneVoice(
    name: string,
    files: CloneFile[],
    signal?: AbortSignal,
  ): Promise<{ voiceId: string; providerVoiceId: string }>
}

interface ProviderVoice {
  voice_id: string
  name: string
  category?: string
  labels?: Record<string, string | undefined>
}

interface Alignment {
  characters: string[]
  character_start_times_seconds: number[]
  character_end_times_seconds: number[]
}

/** How far each emotion moves away from a calm read at full intensity: expressive = less stable, more style. */
const EMOTION_EXPRESSION: Record<Emotion, number> = {
  Neutral: 0,
  Happy: 0.6,
  Sad: 0.5,
  Angry: 0.9,
  Surprised: 0.8,
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
const round2 = (v: number) => Math.round(v * 100) / 100

/** Emotion and intensity → the provider's voice settings; stronger emotion = lower stability, higher style. */
export function voiceSettingsFor(options: SynthesisOptions): VoiceSettings {
  const expression = EMOTION_EXPRESSION[options.emotion] * clamp(options.intensity, 0, 1)
  return {
    stability: round2(clamp(0.5 - 0.35 * expression, 0, 1)),
    similarity_boost: 0.75,
    style: round2(clamp(0.6 * expression, 0, 1)),
    use_speaker_boost: true,
    // The provider accepts 0.7–1.2; prosody's rate already folds the emotion's tempo in.
    speed: round2(clamp(prosodyFor(options).rate, 0.7, 1.2)),
  }
}

/** Words (split on whitespace) with times from the provider's per-character alignment. */
export function wordsFromAlignment(alignment: Alignment, duration: number): WordTiming[] {
  const words: WordTiming[] = []
  let text = ''
  let start = 0
  let end = 0
  const flush = () => {
    if (text && end > start) words.push({ text, start, end: Math.min(end, duration) })
    text = ''
  }
  alignment.characters.forEach((c, i) => {
    if (/^\s*$/.test(c)) return flush()
    const s = alignment.character_start_times_seconds[i] ?? end
    const e = alignment.character_end_times_seconds[i] ?? s
    if (!text) start = s
    text += c
    end = Math.max(end, e)
  })
  flush()
  return words
}

/** One symbol per mouth shape that `visemesOf` maps straight back to that shape. */
const VISEME_SYMBOL: Record<Exclude<Viseme, 'sil'>, string> = {
  PP: 'p',
  FF: 'f',
  TH: 'θ',
  DD: 't',
  kk: 'k',
  CH: 'ʃ',
  SS: 's',
  nn: 'n',
  RR: 'r',
  aa: 'a',
  E: 'e',
  ih: 'i',
  oh: 'o',
  ou: 'u',
}

/**
 * The provider gives no phonemes. So that every caller's `visemeCues(result.phonemes)` still moves the
 * mouth, the audio-derived cues (`visemeCuesFromAudio`) are returned as stand-in phonemes whose symbols
 * map back to the same shapes; silences are left as gaps (which become `sil`).
 */
export function phonemesFromAudio(pcm: Int16Array, sampleRate: number): PhonemeTiming[] {
  return visemeCuesFromAudio(pcm, sampleRate)
    .filter((c) => c.viseme !== 'sil' && c.end > c.start)
    .map((c) => ({ symbol: VISEME_SYMBOL[c.viseme as Exclude<Viseme, 'sil'>], start: c.start, end: c.end }))
}

/** Raw little-endian 16-bit PCM (base64) → samples; an odd trailing byte is dropped. */
export function decodePcm16(base64: string): Int16Array {
  const bytes = Buffer.from(base64, 'base64')
  const pcm = new Int16Array(bytes.length >> 1)
  for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(i * 2)
  return pcm
}

function genderOf(labels: ProviderVoice['labels']): Voice['gender'] {
  const g = labels?.gender?.toLowerCase()
  return g === 'male' || g === 'female' ? g : 'unknown'
}

export function toNeuralVoice(v: ProviderVoice): Voice {
  const details = [v.labels?.accent, v.category === 'cloned' ? 'cloned' : undefined]
    .filter(Boolean)
    .join(', ')
  return {
    id: `neural:${v.voice_id}`,
    name: v.name,
    engine: NEURAL_ENGINE_NAME,
    language: v.labels?.language ?? 'en',
    gender: genderOf(v.labels),
    label: `${v.name}${details ? ` · ${details}` : ''} (neural)`,
  }
}

export function createNeuralEngine(config: NeuralEngineConfig): NeuralEngine {
  const base = (config.baseUrl ?? NEURAL_DEFAULT_BASE_URL).replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS

  async function call<T>(path: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted()
    const timeout = AbortSignal.timeout(timeoutMs)
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
    let res: Response
    try {
      res = await fetch(`${base}${path}`, {
        ...init,
        headers: { ...init.headers, 'xi-api-key': config.apiKey },
        signal: combined,
      })
    } catch (error) {
      // The caller's abort propagates as an abort; our own timeout and network failures get a clear message.
      if (signal?.aborted) throw signal.reason
      if (timeout.aborted) throw new Error(NEURAL_MESSAGES.timeout, { cause: error })
      throw new Error(NEURAL_MESSAGES.unavailable, { cause: error })
    }
    if (res.ok) {
      try {
        return (await res.json()) as T
      } catch (error) {
        if (signal?.aborted) throw signal.reason
        throw new Error(NEURAL_MESSAGES.unavailable, { cause: error })
      }
    }
    const detail = await res.text().catch(() => '')
    if (res.status === 401) throw new MediaInputError(NEURAL_MESSAGES.unauthorized, 'neural_unauthorized')
    if (res.status === 429) throw new MediaInputError(NEURAL_MESSAGES.rateLimited, 'neural_rate_limited')
    if (res.status === 404) throw new MediaInputError(NEURAL_MESSAGES.unknownVoice, 'unknown_voice')
    if (res.status >= 400 && res.status < 500) {
      throw new MediaInputError(
        `The neural voice provider refused the request (${res.status}).`,
        'neural_rejected',
      )
    }
    throw new Error(NEURAL_MESSAGES.unavailable, {
      cause: new Error(`HTTP ${res.status}: ${detail.slice(0, 300)}`),
    })
  }

  let voices: Promise<Voice[]> | null = null
  const listVoices = () => {
    voices ??= call<{ voices?: ProviderVoice[] }>('/v1/voices', { method: 'GET' }).then((r) =>
      (r.voices ?? []).map(toNeuralVoice),
    )
    // A failed listing (bad key, outage) is not cached, so the next request tries again.
    voices.catch(() => (voices = null))
    return voices
  }

  return {
    name: NEURAL_ENGINE_NAME,
    listVoices,
    async synthesize(text, voice, options, signal): Promise<SpeechResult> {
      const providerId = voice.id.replace(/^neural:/, '')
      const body = { text, model_id: NEURAL_MODEL_ID, voice_settings: voiceSettingsFor(options) }
      const r = await call<{ audio_base64?: string; alignment?: Alignment | null }>(
        `/v1/text-to-speech/${encodeURIComponent(providerId)}/with-timestamps?output_format=pcm_${NEURAL_SAMPLE_RATE}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        signal,
      )
      if (typeof r.audio_base64 !== 'string')
        throw new Error(NEURAL_MESSAGES.unavailable, { cause: new Error('no audio_base64 in answer') })
      const pcm = decodePcm16(r.audio_base64)
      // Loudness follows the emotion as with the offline engines; the provider has no pitch knob.
      applyGain(pcm, prosodyFor(options).volume)
      const duration = pcm.length / NEURAL_SAMPLE_RATE
      const words = r.alignment ? wordsFromAlignment(r.alignment, duration) : []
      const phonemes = phonemesFromAudio(pcm, NEURAL_SAMPLE_RATE)
      return {
        pcm,
        sampleRate: NEURAL_SAMPLE_RATE,
        duration,
        words,
        phonemes,
        voiceId: voice.id,
        engine: NEURAL_ENGINE_NAME,
      }
    },
    async cloneVoice(name, files, signal) {
      if (!name.trim()) throw new MediaInputError('Please name the voice', 'invalid_voice_name')
      if (!files.length) throw new MediaInputError('Please add at least one recording', 'no_voice_samples')
      const form = new FormData()
      form.append('name', name.trim())
      for (const f of files)
        form.append('files', new Blob([f.data], { type: f.type ?? 'application/octet-stream' }), f.name)
      const r = await call<{ voice_id?: string }>('/v1/voices/add', { method: 'POST', body: form }, signal)
      if (!r.voice_id)
        throw new Error(NEURAL_MESSAGES.unavailable, { cause: new Error('no voice_id in answer') })
      voices = null
      return { voiceId: `neural:${r.voice_id}`, providerVoiceId: r.voice_id }
    },
  }
}

/** The engine from env NEURAL_TTS_API_KEY / NEURAL_TTS_BASE_URL, or null when no key is configured. */
export function neuralEngineFromEnv(env: NodeJS.ProcessEnv = process.env): NeuralEngine | null {
  const apiKey = env.NEURAL_TTS_API_KEY?.trim()
  if (!apiKey) return null
  const engine = createNeuralEngine({ apiKey, baseUrl: env.NEURAL_TTS_BASE_URL?.trim() || undefined })
  // In the shared service a provider outage or bad key must not hide the offline voices: the listing
  // then has no neural voices (and says why once), and synthesis with a neural id reports 'Unknown voice'.
  return {
    ...engine,
    listVoices: () =>
      engine.listVoices().catch((error: unknown) => {
        console.warn(`neural voices unavailable: ${error instanceof Error ? error.message : String(error)}`)
        return []
      }),
  }
}
