import { z } from 'zod'

/** The spec's emotions (SPEC §3 audioData.emotion / avatarData.emotion). Neutral is the default influencer's. */
export const EMOTIONS = ['Neutral', 'Happy', 'Sad', 'Angry', 'Surprised'] as const
export const Emotion = z.enum(EMOTIONS)
export type Emotion = z.infer<typeof Emotion>
export const DEFAULT_EMOTION: Emotion = 'Neutral'

/** Emotion strength, 0 (barely) to 1 (strongest). */
export const Intensity = z.number().min(0).max(1)
export const DEFAULT_INTENSITY = 0.5

/** Built-in speech engines; `match` is a built-in voice transformed toward an uploaded sample. */
export const SPEECH_ENGINES = ['espeak', 'festival', 'match', 'neural'] as const
export const SpeechEngineName = z.enum(SPEECH_ENGINES)
export type SpeechEngineName = z.infer<typeof SpeechEngineName>

/**
 * A voice id: `espeak:<language>[+<variant>]` (e.g. `espeak:en-us+f3`), `festival:<voice>`
 * (e.g. `festival:cmu_us_slt_arctic_hts`), `neural:<provider voice id>` when a neural provider is configured.
 * `personal:<id>` is a user's own voice (voices/personal-voices.routes).
 * `profile:<id>` is an admin's voice profile (voices/voice-profiles.routes).
 */
export const VoiceId = z
  .string()
  .trim()
  .min(3)
  .max(120)
  .regex(/^(espeak|festival|neural|personal|profile):[A-Za-z0-9_+./-]+$/, 'Unknown voice')
export type VoiceId = z.infer<typeof VoiceId>
export const DEFAULT_VOICE_ID = 'festival:cmu_us_slt_arctic_hts'

export const Voice = z.object({
  id: VoiceId,
  name: z.string(),
  engine: SpeechEngineName,
  /** BCP-47-ish language tag as the engine names it (e.g. `en-us`). */
  language: z.string(),
  gender: z.enum(['male', 'female', 'unknown']),
  /** espeak variant name (e.g. `f3`, `klatt`) when the voice is a variant. */
  variant: z.string().optional(),
  /** Human label, e.g. "English (America) · Female 3". */
  label: z.string(),
})
export type Voice = z.infer<typeof Voice>

/** Voice settings a user picks; all optional, defaults are the engine's natural voice. */
export const SynthesisOptions = z.object({
  /** Speaking-rate multiplier, 0.5 (slow) to 2 (fast). */
  rate: z.number().min(0.5).max(2).default(1),
  /** Pitch shift in semitones, -12 to +12. */
  pitch: z.number().min(-12).max(12).default(0),
  /** Loudness multiplier, 0 to 2. */
  volume: z.number().min(0).max(2).default(1),
  emotion: Emotion.default(DEFAULT_EMOTION),
  intensity: Intensity.default(DEFAULT_INTENSITY),
  /** This voice's own delivery for the emotion at full intensity (a voice profile's emotion table); else the built-in table. */
  emotionProsody: z
    .object({ rate: z.number(), pitchSemitones: z.number(), range: z.number(), volume: z.number() })
    .optional(),
})
export type SynthesisOptions = z.infer<typeof SynthesisOptions>
export type SynthesisOptionsInput = z.input<typeof SynthesisOptions>

/** Longest text one synthesis accepts; longer text is refused with a clear message. */
export const MAX_SYNTHESIS_TEXT_CHARS = 5000
export const SynthesisText = z
  .string()
  .trim()
  .min(1, 'Please enter some text')
  .max(MAX_SYNTHESIS_TEXT_CHARS, `Text must be at most ${MAX_SYNTHESIS_TEXT_CHARS} characters`)

/** Times are seconds from the start of the audio. */
export const WordTiming = z.object({ text: z.string(), start: z.number(), end: z.number() })
export type WordTiming = z.infer<typeof WordTiming>
export const PhonemeTiming = z.object({ symbol: z.string(), start: z.number(), end: z.number() })
export type PhonemeTiming = z.infer<typeof PhonemeTiming>

/** Voice effects applied after synthesis (ffmpeg filters). */
export const VOICE_EFFECTS = ['none', 'robot', 'pitch', 'match'] as const
export const VoiceEffect = z.enum(VOICE_EFFECTS)
export type VoiceEffect = z.infer<typeof VoiceEffect>
/** The UI label of the offline voice-matching effect. */
export const VOICE_MATCH_LABEL = 'voice match (offline)'

/** What voice matching measures from an uploaded sample. */
export const VoiceProfile = z.object({
  /** Median fundamental frequency of the voiced frames, Hz. */
  medianF0: z.number().positive(),
  /** Spectral tilt, dB per octave (more negative = darker voice). */
  spectralTilt: z.number(),
  /** Share of analysed frames that were voiced, 0..1. */
  voicedRatio: z.number().min(0).max(1),
  durationSeconds: z.number().nonnegative(),
})
export type VoiceProfile = z.infer<typeof VoiceProfile>

/** Upload formats accepted for voice samples and audio uploads, checked by probing the file. */
export const AUDIO_UPLOAD_FORMATS = ['wav', 'mp3', 'm4a', 'webm', 'ogg'] as const
export const MAX_AUDIO_UPLOAD_BYTES = 25 * 1024 * 1024
export const MAX_AUDIO_UPLOAD_SECONDS = 600
export const NOT_AUDIO_MESSAGE = 'This file is not a supported audio file (wav, mp3, m4a or webm)'
