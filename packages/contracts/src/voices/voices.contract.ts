import { z } from 'zod'
import { defineRoute } from '../define-route'
import { ProcessStatus } from '../statuses'
import { pageOf, PageQuery } from '../users/users.schemas'
import { VisemeCue } from '../media/visemes.schemas'
import { Emotion, Intensity, Voice, VoiceId, VoiceProfile, WordTiming } from '../media/voices.schemas'

/**
 * The voices domain: the built-in voices, spoken previews (audio plus the viseme timeline the
 * avatar lip-syncs to) and uploaded audio ("audio processes", SPEC §7 audio upload, check,
 * progress, download, remove, process list).
 */

/** Voice effects a user can pick. `match` speaks toward an uploaded sample: "voice match (offline)". */
export const VoiceEffectName = z.enum(['none', 'robot', 'match'])
export type VoiceEffectName = z.infer<typeof VoiceEffectName>

/** An uploaded audio file's id (SPEC §3 `uuid_path`). */
export const UuidPath = z.uuid({ error: 'Audio file not found' })

/** How a line is spoken; shared by previews, short audio and quick create. */
export const VoiceSettings = z.object({
  voice_id: VoiceId.optional(),
  emotion: Emotion.optional(),
  intensity: Intensity.default(0.5),
  /** Speaking-rate multiplier. */
  rate: z
    .number()
    .min(0.5, 'Speed must be between 0.5 and 2')
    .max(2, 'Speed must be between 0.5 and 2')
    .default(1),
  /** Pitch shift in semitones. */
  pitch: z
    .number()
    .min(-12, 'Pitch must be between -12 and 12')
    .max(12, 'Pitch must be between -12 and 12')
    .default(0),
  voice_effect: VoiceEffectName.default('none'),
  /** The uploaded sample a `match` effect speaks toward. */
  sample_uuid_path: UuidPath.optional(),
})
export type VoiceSettings = z.infer<typeof VoiceSettings>
export type VoiceSettingsInput = z.input<typeof VoiceSettings>

export const PREVIEW_MAX_CHARS = 300
export const PreviewText = z
  .string({ error: `Please enter between 1 and ${PREVIEW_MAX_CHARS} characters` })
  .trim()
  .min(1, `Please enter between 1 and ${PREVIEW_MAX_CHARS} characters`)
  .max(PREVIEW_MAX_CHARS, `Please enter between 1 and ${PREVIEW_MAX_CHARS} characters`)

/** A spoken line: WAV audio (base64) plus the exact word and mouth-shape timings. */
export const SpokenPreview = z.object({
  voice_id: z.string(),
  voice_label: z.string(),
  duration: z.number(),
  sample_rate: z.number().int(),
  words: z.array(WordTiming),
  cues: z.array(VisemeCue),
  /** `data:audio/wav;base64,…` — small enough to return inline, so any API process can answer. */
  audio: z.string(),
  /** Milliseconds the server spent (synthesis + effect + visemes). */
  server_ms: z.number(),
})
export type SpokenPreview = z.infer<typeof SpokenPreview>

export const listVoices = defineRoute({
  method: 'GET',
  path: '/api/voices',
  auth: 'public',
  summary: 'Every built-in voice, featured ones first',
  response: z.object({ voices: z.array(Voice), featured: z.array(z.string()), default_id: z.string() }),
})

export const previewVoice = defineRoute({
  method: 'POST',
  path: '/api/voices/preview',
  auth: 'public',
  summary: 'Speak a short line: audio plus the viseme timeline',
  body: VoiceSettings.extend({ text: PreviewText }),
  response: SpokenPreview,
})

// ───────────────────────────── Uploaded audio (audio processes) ─────────────────────────────

export const MAX_UPLOAD_MB = 25
/** Shown for anything that is not audio we can read, whatever its name says. */
export const UPLOAD_NOT_AUDIO_MESSAGE = 'Please upload an audio file (wav, mp3, m4a, webm).'
export const UPLOAD_TOO_LARGE_MESSAGE = `The audio file is too large. Please upload a file under ${MAX_UPLOAD_MB} MB.`
export const UPLOAD_MISSING_MESSAGE = 'Please choose an audio file to upload.'

/**
 * Storage quotas for uploaded audio (issue 23), the defaults in one place; the server's config can
 * lower or raise them (UPLOAD_QUOTA_MB, ANONYMOUS_UPLOAD_QUOTA_MB, ANONYMOUS_IP_UPLOAD_QUOTA_MB).
 * Counted: the bytes of the files as uploaded, of the uploads still kept.
 * - a signed-in user keeps up to USER_UPLOAD_QUOTA_MB;
 * - a signed-out visitor up to ANONYMOUS_UPLOAD_QUOTA_MB (two files at the size limit), and all
 *   signed-out visitors from one IP address together up to ANONYMOUS_IP_UPLOAD_QUOTA_MB (a new
 *   cookie does not buy new space);
 * - signed-out uploads are deleted (file and row) ANONYMOUS_UPLOAD_TTL_HOURS after upload.
 */
export const USER_UPLOAD_QUOTA_MB = 500
export const ANONYMOUS_UPLOAD_QUOTA_MB = 50
export const ANONYMOUS_IP_UPLOAD_QUOTA_MB = 200
export const ANONYMOUS_UPLOAD_TTL_HOURS = 24
export const uploadQuotaMessage = (quotaMb: number) =>
  `Your uploaded audio already uses your ${quotaMb} MB of storage. Remove files you no longer need to upload more.`
export const anonymousUploadQuotaMessage = (quotaMb: number) =>
  `Without an account you can keep up to ${quotaMb} MB of uploaded audio, for ${ANONYMOUS_UPLOAD_TTL_HOURS} hours. Remove a file, or sign up to keep more.`

export const AudioProcess = z.object({
  uuid_path: z.string(),
  /** The name the file was uploaded with. */
  original_name: z.string(),
  /** The stored file to download (SPEC §3 `file_name`), `audio_id_<uuid>.wav`. */
  file_name: z.string(),
  format: z.string().nullable(),
  size_bytes: z.number().int(),
  duration: z.number().nullable(),
  /** SPEC §4 process status: fail=0, inprogress=1, successfully=2, notRunning=3. */
  status: z.literal(Object.values(ProcessStatus)),
  status_label: z.string(),
  progress: z.number().int().min(0).max(100),
  stage: z.string(),
  error: z.string().nullable(),
  /** What voice matching measured, once processed. */
  profile: VoiceProfile.nullable(),
  download_url: z.string().nullable(),
  created_at: z.string(),
})
export type AudioProcess = z.infer<typeof AudioProcess>

export const PROCESS_STATUS_LABEL: Record<AudioProcess['status'], string> = {
  0: 'Failed',
  1: 'Processing',
  2: 'Ready',
  3: 'Not running',
}

/** multipart/form-data with one `file` field. */
export const uploadAudio = defineRoute({
  method: 'POST',
  path: '/api/audio/upload',
  auth: 'public',
  requiresEnabled: true,
  multipart: true,
  summary: 'Upload an audio file (checked by probing its content)',
  response: z.object({ process: AudioProcess }),
})

export const checkAudio = defineRoute({
  method: 'GET',
  path: '/api/audio/check',
  auth: 'public',
  summary: 'Whether an uploaded audio file is ready',
  query: z.object({ uuid_path: UuidPath }),
  response: z.object({ process: AudioProcess, ready: z.boolean() }),
})

export const audioProgress = defineRoute({
  method: 'GET',
  path: '/api/audio/progress',
  auth: 'public',
  summary: 'Progress of my audio files that are still processing',
  response: z.object({ processes: z.array(AudioProcess) }),
})

/** Binary answer with Range support. */
export const downloadAudio = defineRoute({
  method: 'GET',
  path: '/api/audio/download',
  auth: 'public',
  summary: 'Download a processed audio file',
  query: z.object({
    file_name: z.string().regex(/^audio_id_[0-9a-f-]{36}\.(wav|mp3)$/, 'File not found'),
    download: z.enum(['1', 'true']).optional(),
  }),
})

export const removeAudio = defineRoute({
  method: 'POST',
  path: '/api/audio/remove',
  auth: 'public',
  summary: 'Remove an uploaded audio file',
  body: z.object({ uuid_path: UuidPath }),
  response: z.object({ removed: z.literal(true) }),
})

export const listAudioProcesses = defineRoute({
  method: 'GET',
  path: '/api/audio/processes',
  auth: 'public',
  requiresEnabled: true,
  summary: 'My uploaded audio files, newest first (SPEC audio process list)',
  query: PageQuery,
  response: pageOf(AudioProcess),
})
