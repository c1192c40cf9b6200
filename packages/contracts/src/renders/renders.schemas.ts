import { z } from 'zod'
import { GenerationFlow, JobStatus, QueueStatus, QueueType, RenderStatus } from '../statuses'
import { CustomAvatarId, InfluencerSlug } from '../avatars/avatars.contract'
import { AvatarLook } from '../media/avatar.schemas'
import { Emotion } from '../media/voices.schemas'
import { VideoFormat, VideoOrientation, VideoResolution } from '../media/render.schemas'
import { UuidPath, VoiceSettings } from '../voices/voices.contract'

/**
 * The renders domain: one row per generation (quick create, short audio, the signed-out demo),
 * moved through SPEC §4's statuses by the jobs `renders.audio` → `renders.avatar` → `renders.final`.
 */

export const RenderId = z.uuid({ error: 'Video not found' })

/** Signed-in quick create and short audio. */
export const QUICK_CREATE_MAX_CHARS = 1000
/** The signed-out demo is capped (about 12 seconds of speech). */
export const DEMO_MAX_CHARS = 200

const lineText = (max: number, extra = '') => {
  const message = `Please enter between 1 and ${max} characters${extra}`
  return z.string({ error: message }).trim().min(1, message).max(max, message)
}
export const QuickCreateText = lineText(QUICK_CREATE_MAX_CHARS)
export const DemoText = lineText(DEMO_MAX_CHARS, '. Sign up for longer videos.')

export const RENDER_CANCELLED_MESSAGE = 'The render was cancelled.'
export const RENDER_FAILED_MESSAGE = 'The video could not be made. Please try again.'

/** Ready-made backgrounds (SPEC /demo-background "pick background"); the page draws the same CSS. */
export const BACKGROUND_PRESETS = [
  { id: 'studio', label: 'Studio', colors: ['#1B1F2A', '#1B1F2A'] },
  { id: 'coral', label: 'Coral sunset', colors: ['#FF6A59', '#6A2C91'] },
  { id: 'ocean', label: 'Ocean', colors: ['#0F4C81', '#05FBCA'] },
  { id: 'night', label: 'Night city', colors: ['#141E30', '#9146FF'] },
  { id: 'mint', label: 'Mint', colors: ['#0B3D2E', '#7FE0C0'] },
  { id: 'paper', label: 'Paper', colors: ['#F4EFE6', '#D9C3A0'] },
] as const
export type BackgroundPreset = (typeof BACKGROUND_PRESETS)[number]
export const BackgroundPresetId = z.enum(
  BACKGROUND_PRESETS.map((p) => p.id) as [BackgroundPreset['id'], ...BackgroundPreset['id'][]],
)

const Hex = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a 6-digit hex colour (a hash sign, then RRGGBB)')
export const BackgroundChoice = z.discriminatedUnion('type', [
  z.object({ type: z.literal('preset'), id: BackgroundPresetId }),
  z.object({ type: z.literal('color'), color: Hex }),
  /** An image uploaded through /api/demo/background. */
  z.object({ type: z.literal('upload'), id: z.uuid({ error: 'Background not found' }) }),
])
export type BackgroundChoice = z.infer<typeof BackgroundChoice>

const VideoSettings = VoiceSettings.extend({
  /** A preset influencer; defaults to the spec's default influencer. */
  influencer_id: InfluencerSlug.optional(),
  /** One of my custom avatars (wins over influencer_id). */
  custom_avatar_id: CustomAvatarId.optional(),
  format: VideoFormat.default('mp4'),
  video_resolution: VideoResolution.default('720p'),
  video_orientation: VideoOrientation.default('landscape'),
  /** Burn word-timed captions into the video (a VTT track is always offered too). */
  captions: z.boolean().default(true),
  background: BackgroundChoice.default({ type: 'preset', id: 'studio' }),
  title: z.string().trim().max(120, 'The title must be at most 120 characters').optional(),
})

export const QuickCreateBody = VideoSettings.extend({ text: QuickCreateText })
export type QuickCreateBody = z.infer<typeof QuickCreateBody>

/** Signed out: text (capped) or an uploaded recording; 720p only, no custom avatars. */
export const DemoVideoBody = VideoSettings.omit({ custom_avatar_id: true, video_resolution: true })
  .extend({ text: DemoText.optional(), audio_uuid_path: UuidPath.optional() })
  .refine((b) => Boolean(b.text) !== Boolean(b.audio_uuid_path), {
    message: 'Please enter a line or upload an audio file',
    path: ['text'],
  })
export type DemoVideoBody = z.infer<typeof DemoVideoBody>

export const AudioFileFormat = z.enum(['mp3', 'wav'])
export const ShortAudioBody = VoiceSettings.extend({
  text: QuickCreateText,
  audio_format: AudioFileFormat.default('mp3'),
  title: z.string().trim().max(120).optional(),
})
export type ShortAudioBody = z.infer<typeof ShortAudioBody>
export const DemoAudioBody = ShortAudioBody.extend({ text: DemoText })
export type DemoAudioBody = z.infer<typeof DemoAudioBody>

export const RenderKind = z.enum(['video', 'audio'])
export type RenderKind = z.infer<typeof RenderKind>
/** tip_video and setup_preview: made by the live-stream alerts (donations) for a tip or an avatar setup. */
/** project: the final video of a project (generate-final-video). */
export const RenderSource = z.enum([
  'quick_create',
  'demo',
  'short_audio',
  'showcase',
  'tip_video',
  'setup_preview',
  'project',
  'ad_video',
  'ad_audio',
  'conference_event',
])
export type RenderSource = z.infer<typeof RenderSource>

const oneOf = <T extends Record<string, number>>(values: T) =>
  z.literal(Object.values(values) as Array<T[keyof T]>)

export const RenderFiles = z.object({
  video_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  audio_url: z.string().nullable(),
  vtt_url: z.string().nullable(),
  srt_url: z.string().nullable(),
})
export type RenderFiles = z.infer<typeof RenderFiles>

/** A render as its owner sees it: the SPEC §4 statuses plus progress and the finished files. */
export const Render = z.object({
  id: z.string(),
  kind: RenderKind,
  source: RenderSource,
  title: z.string(),
  text: z.string(),
  influencer_id: z.string().nullable(),
  custom_avatar_id: z.number().int().nullable(),
  avatar_name: z.string(),
  look: AvatarLook,
  voice_id: z.string(),
  emotion: Emotion,
  intensity: z.number(),
  format: z.string(),
  video_resolution: z.string(),
  video_orientation: z.string(),
  /** rendering=1 paused=2 completed=3 issue=4 (SPEC §4). */
  status: oneOf(RenderStatus),
  status_label: z.string(),
  /** Generation flow 1–9 (SPEC §4) and its name. */
  flow: oneOf(GenerationFlow),
  flow_name: z.string(),
  queue_status: z.enum(QueueStatus),
  queue_type: oneOf(QueueType),
  job_status: oneOf(JobStatus),
  progress: z.number().int().min(0).max(100),
  stage: z.string(),
  error: z.string().nullable(),
  duration: z.number().nullable(),
  attempts: z.number().int(),
  /** The public page anyone can open: `/video-sharing/<id>`. */
  share_path: z.string(),
  files: RenderFiles,
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
})
export type Render = z.infer<typeof Render>

export const RenderLogEntry = z.object({
  at: z.string(),
  stage: z.string(),
  message: z.string(),
  /** Milliseconds the stage took, when it is the end of a stage. */
  ms: z.number().nullable(),
})
export type RenderLogEntry = z.infer<typeof RenderLogEntry>

export const RenderJobName = z.enum(['audio', 'avatar', 'final'])
export type RenderJobName = z.infer<typeof RenderJobName>

/** One attempt of one job of a render (SPEC /video-result/{id}/log/{log}). */
export const RenderLog = z.object({
  id: z.number().int(),
  job: RenderJobName,
  attempt: z.number().int(),
  status: z.enum(['running', 'completed', 'failed', 'retrying', 'cancelled']),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  ms: z.number().nullable(),
  entries: z.array(RenderLogEntry),
})
export type RenderLog = z.infer<typeof RenderLog>

/** What a share link shows to anyone (no owner data). */
export const SharingVideo = z.object({
  id: z.string(),
  kind: RenderKind,
  title: z.string(),
  avatar_name: z.string(),
  text: z.string(),
  duration: z.number().nullable(),
  files: RenderFiles,
  created_at: z.string(),
})
export type SharingVideo = z.infer<typeof SharingVideo>

export const InfluencerVideo = z.object({
  influencer_id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(['ready', 'rendering', 'failed']),
  render_id: z.string().nullable(),
  files: RenderFiles.nullable(),
})
export type InfluencerVideo = z.infer<typeof InfluencerVideo>
