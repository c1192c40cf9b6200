import { z } from 'zod'
import {
  CAPTION_FONTS,
  DEFAULT_AVATAR_BOX,
  DEFAULT_CAPTION_BOX,
  DEFAULT_CAPTION_COLORS,
  DEFAULT_CAPTION_FONT,
  DEFAULT_ENERGY,
  DEFAULT_FONT_SIZE_PT,
  DEFAULT_FONT_WEIGHT,
  DEFAULT_OUTLINE_COLOR,
  DEFAULT_SAMPLES,
  PROJECT_SETTING_DEFAULTS,
  TIMELINE,
} from '../constants'
import { GenerationFlow, OriginVideoMode, QueueType, RenderStatus } from '../statuses'
import { ModelStyle } from '../media/avatar.schemas'
import { VisemeCue } from '../media/visemes.schemas'
import {
  DEFAULT_EMOTION,
  DEFAULT_INTENSITY,
  Emotion,
  Intensity,
  VoiceId,
  WordTiming,
} from '../media/voices.schemas'
import { VideoOrientation, VideoResolution } from '../media/render.schemas'
import { VoiceEffectName } from '../voices/voices.contract'
import { CustomAvatarId } from '../avatars/avatars.contract'

/**
 * The project document (SPEC §3 "Default video editor state"): scenes, each with its text and the
 * spec's avatarData, audioData, captionData and assets. Stored whole (JSON) beside a `version`
 * number; every write names the version it was based on (stale → 409). Positions are in editor
 * canvas pixels (SPEC §9 canvas 840×465, landscape; portrait is 465×840) and are scaled to the
 * output resolution by the renderer. Times inside a scene are seconds from the scene's start.
 */

/** Bump when the document shape changes; `migrateDocument` upgrades stored older documents. */
export const PROJECT_DOCUMENT_SCHEMA = 1
/** Longest script of one scene (the spec names no limit; about a minute of speech). */
export const SCENE_MAX_CHARS = 1000
export const SCENE_TEXT_MESSAGE = `A scene holds at most ${SCENE_MAX_CHARS} characters. Split the text into more scenes.`
export const MAX_SCENES = 50
export const MAX_ASSETS_PER_SCENE = 40
export const MAX_SAMPLES = 6

const Hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be #RRGGBB')
const oneOf = <T extends Record<string, number>>(values: T) =>
  z.literal(Object.values(values) as Array<T[keyof T]>)
/** Client-made ids (uuid or nanoid-like): scenes, assets, captions are created in the editor. */
export const DocId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id')

export const SceneText = z
  .string({ error: 'Please enter the scene text' })
  .max(SCENE_MAX_CHARS, SCENE_TEXT_MESSAGE)

/** Per-scene generation state (SPEC §4): render status, generation flow 1–9, queue type of the running step. */
export const SceneStatus = z.object({
  status: oneOf(RenderStatus).default(RenderStatus.paused),
  flow: oneOf(GenerationFlow).default(GenerationFlow.beforeGenerate),
  queueType: oneOf(QueueType).nullable().default(null),
  error: z.string().nullable().default(null),
})
export type SceneStatus = z.infer<typeof SceneStatus>

/** SPEC §3 "Avatar placement box"; x,y is the box centre. Default 256×256 (SPEC §9). */
export const AvatarPosition = z.object({
  width: z.number().positive().max(4000).default(DEFAULT_AVATAR_BOX.width),
  height: z.number().positive().max(4000).default(DEFAULT_AVATAR_BOX.height),
  x: z.number().default(712),
  y: z.number().default(337),
  angle: z.number().min(-360).max(360).default(0),
})
export type AvatarPosition = z.infer<typeof AvatarPosition>

/** SPEC §3 avatarData (influencer, modelStyle, emotion, showAvatar, position box, energy, status). */
export const AvatarData = z.object({
  /** Influencer slug; null when a custom avatar is used. */
  influencer: z.string().nullable().default(null),
  customAvatarId: CustomAvatarId.nullable().default(null),
  modelStyle: ModelStyle.default('Old'),
  emotion: Emotion.default(DEFAULT_EMOTION),
  showAvatar: z.boolean().default(true),
  position: AvatarPosition.default(AvatarPosition.parse({})),
  energy: z.number().min(0).max(3).default(DEFAULT_ENERGY),
  status: SceneStatus.default(SceneStatus.parse({})),
  /** The last generated avatar video of the scene (generate-avatar), a render id. */
  renderId: z.string().nullable().default(null),
})
export type AvatarData = z.infer<typeof AvatarData>

/** One spoken take: the stored WAV plus the engine's exact word and mouth timings. */
export const AudioTake = z.object({
  id: DocId,
  /** Where the page plays it: `/api/projects/<id>/files/<file>`. */
  url: z.string(),
  duration: z.number().nonnegative(),
  words: z.array(WordTiming),
  cues: z.array(VisemeCue),
  /** The text this take speaks (a take whose source differs from the scene's text is stale). */
  source: z.enum(['voice', 'robot', 'custom', 'upload']),
  text: z.string(),
})
export type AudioTake = z.infer<typeof AudioTake>

/** SPEC §3 audioData (audioFile, content, emotion, intensity, numberOfSamples, generatedLinks, status). */
export const AudioData = z.object({
  /** Id of the chosen take in generatedLinks; null until one exists. */
  audioFile: DocId.nullable().default(null),
  /** The text the chosen take speaks (mirrors the scene text once synthesised). */
  content: z.string().default(''),
  emotion: Emotion.default(DEFAULT_EMOTION),
  intensity: Intensity.default(DEFAULT_INTENSITY),
  numberOfSamples: z.number().int().min(1).max(MAX_SAMPLES).default(DEFAULT_SAMPLES),
  generatedLinks: z.array(AudioTake).default([]),
  status: SceneStatus.default(SceneStatus.parse({})),
  /** How it is spoken: voice, robot (effect) or custom (matched to an uploaded sample). */
  voiceType: z.enum(['voice', 'robot', 'custom']).default('voice'),
  voiceId: VoiceId.nullable().default(null),
  voiceEffect: VoiceEffectName.default('none'),
  sampleUuidPath: z.string().nullable().default(null),
  rate: z.number().min(0.5).max(2).default(1),
  pitch: z.number().min(-12).max(12).default(0),
})
export type AudioData = z.infer<typeof AudioData>

/** SPEC §3 "Caption asset": `timestamp` is [start, end] seconds within the scene; words anchor it to the script. */
export const CaptionAsset = z.object({
  timestamp: z.tuple([z.number().nonnegative(), z.number().nonnegative()]),
  caption: z.string(),
  uuid: DocId,
  /** Index of the first and one past the last script word it shows (script-anchored re-timing). */
  words: z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]).optional(),
})
export type CaptionAsset = z.infer<typeof CaptionAsset>

/** SPEC §3 captionData (content, x, y, w, h, angle, color, outlineColor, fontSize, fontFamily, display) + style. */
export const CaptionData = z.object({
  content: z.string().default(''),
  x: z.number().default(DEFAULT_CAPTION_BOX.x),
  y: z.number().default(DEFAULT_CAPTION_BOX.y),
  w: z.number().positive().max(4000).default(DEFAULT_CAPTION_BOX.w),
  h: z.number().positive().max(4000).default(DEFAULT_CAPTION_BOX.h),
  angle: z.number().min(-360).max(360).default(0),
  /** [highlight (spoken word), rest]; SPEC §9 teal 05FBCA and white. */
  color: z.tuple([Hex, Hex]).default([DEFAULT_CAPTION_COLORS[0], DEFAULT_CAPTION_COLORS[1]]),
  outlineColor: Hex.default(DEFAULT_OUTLINE_COLOR),
  /** Points; px = pt × 96/72. */
  fontSize: z.number().min(6).max(200).default(DEFAULT_FONT_SIZE_PT),
  fontFamily: z.enum(CAPTION_FONTS).default(DEFAULT_CAPTION_FONT),
  fontWeight: z.number().int().min(100).max(900).default(DEFAULT_FONT_WEIGHT),
  display: z.boolean().default(true),
  wordHighlight: z.boolean().default(true),
  /**
   * This scene's style is its own (an override shown as such in the editor); otherwise it follows
   * the project's `captionStyle`, which the editor copies into it whenever that changes (so the
   * render, which draws each scene's captionData, uses the inherited style).
   */
  ownStyle: z.boolean().default(false),
  /** Timed caption chunks, derived from the chosen take's words. */
  captions: z.array(CaptionAsset).default([]),
})
export type CaptionData = z.infer<typeof CaptionData>

/** The parts of captionData that make its look (what the project style sets for every scene). */
export const CAPTION_STYLE_KEYS = [
  'color',
  'outlineColor',
  'fontSize',
  'fontFamily',
  'fontWeight',
  'display',
  'wordHighlight',
] as const
export const ProjectCaptionStyle = CaptionData.pick({
  color: true,
  outlineColor: true,
  fontSize: true,
  fontFamily: true,
  fontWeight: true,
  display: true,
  wordHighlight: true,
})
export type ProjectCaptionStyle = z.infer<typeof ProjectCaptionStyle>

/** An overlay asset on a scene (image, video, text or sound), on one of the timeline's layers. */
export const SceneAsset = z.object({
  id: DocId,
  type: z.enum(['image', 'video', 'text', 'audio']),
  /** Timeline layer 0..3 (SPEC §9 max layer 4). */
  layer: z
    .number()
    .int()
    .min(0)
    .max(TIMELINE.maxLayer - 1)
    .default(0),
  start: z.number().nonnegative().default(0),
  end: z.number().nonnegative().default(5),
  x: z.number().default(420),
  y: z.number().default(232),
  w: z.number().positive().max(4000).default(200),
  h: z.number().positive().max(4000).default(120),
  angle: z.number().min(-360).max(360).default(0),
  /** Uploaded file (image/video/audio) served under the project's files. */
  file: z.string().max(200).nullable().default(null),
  text: z.string().max(500).nullable().default(null),
  color: Hex.default('#FFFFFF'),
  volume: z.number().min(0).max(2).default(1),
})
export type SceneAsset = z.infer<typeof SceneAsset>
export type SceneAssetInput = z.input<typeof SceneAsset>

export const Scene = z.object({
  id: DocId,
  text: SceneText,
  avatarData: AvatarData.default(AvatarData.parse({})),
  audioData: AudioData.default(AudioData.parse({})),
  captionData: CaptionData.default(CaptionData.parse({})),
  assets: z.array(SceneAsset).max(MAX_ASSETS_PER_SCENE).default([]),
})
export type Scene = z.infer<typeof Scene>
export type SceneInput = z.input<typeof Scene>

/** Project background (SPEC "project backgrounds": colour, image, video). */
export const ProjectBackground = z.discriminatedUnion('type', [
  z.object({ type: z.literal('color'), color: Hex }),
  /** `id` of an uploaded project background. */
  z.object({ type: z.literal('image'), id: z.uuid({ error: 'Background not found' }) }),
  z.object({ type: z.literal('video'), id: z.uuid({ error: 'Background not found' }) }),
])
export type ProjectBackground = z.infer<typeof ProjectBackground>

/** SPEC §3 project setting defaults. */
export const ProjectSettings = z.object({
  video_volume: z.number().min(0).max(2).default(PROJECT_SETTING_DEFAULTS.video_volume),
  avatar_volume: z.number().min(0).max(2).default(PROJECT_SETTING_DEFAULTS.avatar_volume),
  video_resolution: VideoResolution.default(PROJECT_SETTING_DEFAULTS.video_resolution),
  video_orientation: VideoOrientation.default(PROJECT_SETTING_DEFAULTS.video_orientation),
})
export type ProjectSettings = z.infer<typeof ProjectSettings>

/** SPEC §4 origin video modes: none=1000, origin=1, reaction=0; the base video under a reaction. */
export const OriginVideo = z.object({
  mode: oneOf(OriginVideoMode).default(OriginVideoMode.none),
  /** Stored base video (reaction/origin), null until uploaded. */
  file: z.string().nullable().default(null),
  duration: z.number().nonnegative().nullable().default(null),
  /** Seconds of the base video used (origin video duration change). */
  trimDuration: z.number().positive().nullable().default(null),
})
export type OriginVideo = z.infer<typeof OriginVideo>

/** SPEC §3 "Timeline data". */
export const TimelineData = z.object({
  trackerOffset: z.number().default(0),
  viewPortWidth: z.number().nonnegative().default(0),
  scrollOffset: z.number().nonnegative().default(0),
  secondPerFrame: z
    .number()
    .int()
    .min(TIMELINE.frameSecondsMin)
    .max(TIMELINE.frameSecondsMax)
    .default(TIMELINE.frameSecondsInitial),
})
export type TimelineData = z.infer<typeof TimelineData>

export const ProjectDocument = z.object({
  schema: z.literal(PROJECT_DOCUMENT_SCHEMA).default(PROJECT_DOCUMENT_SCHEMA),
  scenes: z
    .array(Scene)
    .min(1, 'A project needs at least one scene')
    .max(MAX_SCENES, `A project holds at most ${MAX_SCENES} scenes`),
  background: ProjectBackground.default({ type: 'color', color: '#1B1F2A' }),
  /** The caption style every scene inherits unless it has its own (captionData.ownStyle). */
  captionStyle: ProjectCaptionStyle.default(ProjectCaptionStyle.parse({})),
  settings: ProjectSettings.default(ProjectSettings.parse({})),
  origin: OriginVideo.default(OriginVideo.parse({})),
  timeline: TimelineData.default(TimelineData.parse({})),
})
export type ProjectDocument = z.infer<typeof ProjectDocument>
export type ProjectDocumentInput = z.input<typeof ProjectDocument>

/** A fresh scene with the spec's defaults. */
export function newScene(id: string, text = '', influencer: string | null = null): Scene {
  return Scene.parse({
    id,
    text,
    avatarData: { influencer },
    captionData: { content: text },
    audioData: { content: '' },
  })
}

/** Reads a stored document of any schema version as the current shape (defaults fill new fields). */
export function migrateDocument(raw: unknown): ProjectDocument {
  return ProjectDocument.parse(raw)
}
