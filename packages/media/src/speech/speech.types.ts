import type {
  PhonemeTiming,
  SpeechEngineName,
  SynthesisOptions,
  Voice,
  WordTiming,
} from '@mouthpiece/contracts/media/voices.schemas'

/** What every speech engine returns: mono 16-bit PCM plus exact word and phoneme times (seconds). */
export interface SpeechResult {
  pcm: Int16Array
  sampleRate: number
  duration: number
  words: WordTiming[]
  phonemes: PhonemeTiming[]
  voiceId: string
  engine: SpeechEngineName
}

/** One speech engine; the offline ones are espeak-ng and Festival, a neural provider can plug in here. */
export interface SpeechEngine {
  readonly name: SpeechEngineName
  listVoices(): Promise<Voice[]>
  synthesize(
    text: string,
    voice: Voice,
    options: SynthesisOptions,
    signal?: AbortSignal,
  ): Promise<SpeechResult>
}

/** A user-facing failure (unknown voice, bad text); the server maps it to a 4xx with this message. */
export class MediaInputError extends Error {
  constructor(
    message: string,
    readonly code = 'media_input',
  ) {
    super(message)
    this.name = 'MediaInputError'
  }
}
