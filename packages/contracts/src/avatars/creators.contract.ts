import { z } from 'zod'
import { boundedText } from '../ids'
import { defineRoute } from '../define-route'
import { AvatarLook, LookPrompt, PHOTO_BACKGROUND_MODES } from '../media/avatar.schemas'
import { Emotion } from '../media/voices.schemas'
import { VoiceProfileItem } from '../voices/voice-profiles.contract'
import { listPage, listQuery } from '../lists'
import { InfluencerVideo } from '../renders/renders.schemas'
import { InfluencerSlug } from './avatars.contract'
import { UserId } from '../users/users.schemas'

/**
 * Creator management (SPEC §2 "Creator management", §7 "Influencers"): an admin adds a creator
 * (an influencer) from photos or a short video; processing finds the face (photo avatar) and builds
 * a voice profile from the video's audio; the admin decides which plans or users may use it.
 */

export const CREATOR_STATUSES = ['processing', 'ready', 'failed'] as const
export const CreatorStatus = z.enum(CREATOR_STATUSES)
export type CreatorStatus = z.infer<typeof CreatorStatus>

export const MAX_CREATOR_FILES = 6
export const MAX_CREATOR_UPLOAD_MB = 40
export const CREATOR_FILES_MISSING_MESSAGE =
  'Please upload at least one photo or a short video of the creator.'
export const CREATOR_TOO_LARGE_MESSAGE = `The files are too large. Please upload at most ${MAX_CREATOR_UPLOAD_MB} MB per file.`
export const CREATOR_NOT_MEDIA_MESSAGE =
  'Please upload photos (JPEG, PNG or WebP) or a short video (MP4, WebM or MOV).'
export const CREATOR_NO_FACE_MESSAGE =
  'We could not find a face in these files. Please upload a clear, front-facing photo of the creator.'

export const CreatorAccess = z.object({
  /** Plan slugs (e.g. `free`, `pro`) whose users may use the creator. */
  plans: z.array(z.string().trim().min(1).max(40)).max(20),
  /** Users who may use it whatever their plan. */
  user_ids: z.array(UserId).max(200),
})
export type CreatorAccess = z.infer<typeof CreatorAccess>

export const Creator = z.object({
  id: InfluencerSlug,
  name: z.string(),
  description: z.string(),
  look: AvatarLook,
  voice_id: z.string(),
  voice_profile_id: z.number().int().nullable(),
  is_active: z.boolean(),
  status: CreatorStatus,
  progress: z.number().int().min(0).max(100),
  stage: z.string(),
  error: z.string().nullable(),
  /** Everyone when both lists are empty. */
  access: CreatorAccess,
  created_at: z.string(),
})
export type Creator = z.infer<typeof Creator>

const CreatorName = z
  .string({ error: 'Please enter the creator’s name' })
  .trim()
  .min(1, 'Please enter the creator’s name')
  .max(60, 'The name must be at most 60 characters')

/** multipart/form-data: `name`, `description`, and up to 6 `files` (photos and/or one short video). */
export const adminAddCreator = defineRoute({
  method: 'POST',
  path: '/api/admin/influencers',
  auth: 'admin',
  multipart: true,
  summary: 'Add a creator from photos or a short video (processed in the background)',
  response: z.object({ creator: Creator }),
})
export const adminListCreators = defineRoute({
  method: 'GET',
  path: '/api/admin/influencers',
  auth: 'admin',
  summary: 'Every creator, added ones and presets',
  response: z.object({ creators: z.array(Creator) }),
})
export const adminGetCreator = defineRoute({
  method: 'GET',
  path: '/api/admin/influencers/:id',
  auth: 'admin',
  summary: 'One creator',
  params: z.object({ id: InfluencerSlug }),
  response: z.object({ creator: Creator }),
})
/** SPEC "dataset adding progress". */
export const adminCreatorProgress = defineRoute({
  method: 'GET',
  path: '/api/admin/influencers/:id/progress',
  auth: 'admin',
  summary: 'Processing progress of a creator being added',
  params: z.object({ id: InfluencerSlug }),
  // Nested: a top-level `status` is the API envelope's (SPEC §4).
  response: z.object({
    dataset: z.object({
      status: CreatorStatus,
      progress: z.number().int(),
      stage: z.string(),
      error: z.string().nullable(),
    }),
  }),
})
export const adminUpdateCreator = defineRoute({
  method: 'POST',
  path: '/api/admin/influencers/:id/update',
  auth: 'admin',
  summary: 'Rename, describe, show or hide a creator',
  params: z.object({ id: InfluencerSlug }),
  body: z.object({
    name: CreatorName.optional(),
    description: z.string().trim().max(300).optional(),
    is_active: z.boolean().optional(),
  }),
  response: z.object({ creator: Creator }),
})
export const adminUpdateCreatorAccess = defineRoute({
  method: 'POST',
  path: '/api/admin/influencers/:id/permission',
  auth: 'admin',
  summary: 'Which plans and users may use a creator',
  params: z.object({ id: InfluencerSlug }),
  body: CreatorAccess,
  response: z.object({ creator: Creator }),
})
/** SPEC "update voice": the voice (a voice profile or an engine voice) the creator speaks with. */
export const adminUpdateCreatorVoice = defineRoute({
  method: 'POST',
  path: '/api/admin/influencers/:id/update-voice',
  auth: 'admin',
  summary: 'The voice a creator speaks with',
  params: z.object({ id: InfluencerSlug }),
  body: z.object({
    voice_id: z
      .string()
      .trim()
      .regex(/^(espeak|festival|neural|profile):[A-Za-z0-9_+./-]+$/, 'Unknown voice'),
  }),
  response: z.object({ creator: Creator }),
})
export const adminDeleteCreator = defineRoute({
  method: 'DELETE',
  path: '/api/admin/influencers/:id',
  auth: 'admin',
  summary: 'Delete an added creator (presets are hidden, not deleted)',
  params: z.object({ id: InfluencerSlug }),
  response: z.object({ deleted: z.literal(true) }),
})
export const creatorPhoto = defineRoute({
  method: 'GET',
  path: '/api/influencers/:id/photo',
  auth: 'public',
  summary: 'The portrait of a creator’s photo avatar (JPEG)',
  params: z.object({ id: InfluencerSlug }),
})

// ───────────────────────────── SPEC §7 influencer calls: demo, voice, web source, dataset, avatar ─────────────────────────────

/** SPEC "demo influencers {page}": creators with their demo (the landing page's intro video), paged. */
export const DemoInfluencer = z.object({ creator: Creator, video: InfluencerVideo.nullable() })
export type DemoInfluencer = z.infer<typeof DemoInfluencer>
export const adminDemoInfluencers = defineRoute({
  method: 'GET',
  path: '/api/admin/demo-influencers',
  auth: 'admin',
  summary: 'Creators with their landing-page intro video, paged',
  query: listQuery(['name', 'created_at'] as const, 12),
  response: listPage(DemoInfluencer),
})

export const CREATOR_NO_OWN_VOICE_MESSAGE = 'This creator has no voice of its own to delete.'
export const CREATOR_VOICE_DELETED_MESSAGE = 'Voice deleted. The creator speaks with the default voice.'
/** The default voice a creator speaks with until (or after) it has its own. */
export const CREATOR_DEFAULT_VOICE = 'festival:cmu_us_slt_arctic_hts'
/** SPEC "delete voice": the creator's own voice profile (made from its video) goes; it speaks with the default voice. */
export const adminDeleteCreatorVoice = defineRoute({
  method: 'POST',
  path: '/api/admin/influencers/:id/delete-voice',
  auth: 'admin',
  summary: 'Delete a creator’s own voice (back to the default voice)',
  params: z.object({ id: InfluencerSlug }),
  response: z.object({ creator: Creator, message: z.string() }),
})

export const CREATOR_NOT_SHOWN_MESSAGE =
  'Only a ready creator shown to every user has a video on the landing page.'
/** SPEC "refresh web source": the creator's intro video on the landing page is made again (with its current look and voice). */
export const adminRefreshCreatorWebSource = defineRoute({
  method: 'POST',
  path: '/api/admin/influencers/:id/refresh-web-source',
  auth: 'admin',
  summary: 'Make a creator’s landing-page video again',
  params: z.object({ id: InfluencerSlug }),
  response: z.object({ video: InfluencerVideo }),
})

/** One picture the creator's photo avatar can be made from: an uploaded photo or a frame of an uploaded video. */
export const CreatorDatasetItem = z.object({
  index: z.number().int().min(0),
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** A face was found in it (only those can become the avatar). */
  face: z.boolean(),
  in_use: z.boolean(),
})
export type CreatorDatasetItem = z.infer<typeof CreatorDatasetItem>
/** SPEC "AI avatar dataset": the pictures a creator's avatar was (and can be) made from. */
export const adminCreatorDataset = defineRoute({
  method: 'GET',
  path: '/api/admin/influencers/:id/ai-avatar-dataset',
  auth: 'admin',
  summary: 'The pictures a creator’s photo avatar is made from',
  params: z.object({ id: InfluencerSlug }),
  response: z.object({ dataset: z.array(CreatorDatasetItem) }),
})
/** One dataset picture (JPEG, binary answer). */
export const adminCreatorDatasetPicture = defineRoute({
  method: 'GET',
  path: '/api/admin/influencers/:id/ai-avatar-dataset/:index',
  auth: 'admin',
  summary: 'One picture of a creator’s dataset',
  params: z.object({ id: InfluencerSlug, index: boundedText(0, 50, 'Picture not found') }),
})

export const CREATOR_AVATAR_NOTHING_MESSAGE =
  'Please choose a new photo, a picture of the dataset or a background.'
export const CREATOR_DATASET_NO_FACE_MESSAGE =
  'This picture has no face the avatar can be made from. Please pick another.'
/**
 * SPEC "update avatar" (multipart): a new portrait `file` (added to the dataset) or `dataset_index`
 * (a dataset picture with a face) becomes the photo avatar; and/or the background fields of a
 * photo avatar (`background` keep | color | image, `background_color`, `background_file`).
 */
export const adminUpdateCreatorAvatar = defineRoute({
  method: 'POST',
  path: '/api/admin/influencers/:id/update-avatar',
  auth: 'admin',
  multipart: true,
  summary: 'Change a creator’s photo avatar or its background',
  params: z.object({ id: InfluencerSlug }),
  response: z.object({ creator: Creator, segment_ms: z.number().nullable() }),
})
/**
 * SPEC "AI avatar": the creator's avatar as users get it — the look, the photo avatar's state
 * (portrait size, landmarks, background, which dataset picture) and where to see it.
 */
export const CreatorAiAvatar = z.object({
  id: InfluencerSlug,
  name: z.string(),
  /** A talking photo (`look.photo`) or a drawn cartoon. */
  kind: z.enum(['photo', 'cartoon']),
  look: AvatarLook,
  /** The emotion it shows and speaks with unless a video says otherwise. */
  emotion: Emotion,
  /** Processing of an added creator (nested: a top-level `status` is the API envelope's). */
  processing: z.object({
    status: CreatorStatus,
    progress: z.number().int(),
    stage: z.string(),
    error: z.string().nullable(),
  }),
  /** Users see it in pickers (ready and shown; access may still keep it to some plans or users). */
  shown: z.boolean(),
  photo: z
    .object({
      width: z.number().int(),
      height: z.number().int(),
      landmarks: z.number().int(),
      background: z.enum(PHOTO_BACKGROUND_MODES),
      /** Set when the background is a plain colour. */
      background_color: z.string().nullable(),
      /** The dataset picture it was made from; null when none matches (made before datasets were kept). */
      dataset_index: z.number().int().nullable(),
    })
    .nullable(),
  dataset: z.object({ pictures: z.number().int(), with_face: z.number().int() }),
  preview: z.object({
    /** A still of the avatar (PNG); only while users see it. */
    still_url: z.string().nullable(),
    /** What the photo avatar is drawn from: the portrait, or the cut-out when the background was removed. */
    portrait_url: z.string().nullable(),
    /** The picture behind a cut-out. */
    backdrop_url: z.string().nullable(),
    /** The landing-page intro video (SPEC "web source"), once one was made. */
    video: InfluencerVideo.nullable(),
  }),
})
export type CreatorAiAvatar = z.infer<typeof CreatorAiAvatar>
export const adminCreatorAiAvatar = defineRoute({
  method: 'GET',
  path: '/api/admin/influencers/:id/ai-avatar',
  auth: 'admin',
  summary: 'A creator’s AI avatar: look, photo avatar state and previews',
  params: z.object({ id: InfluencerSlug }),
  response: z.object({ avatar: CreatorAiAvatar }),
})

export const CREATOR_VOICE_BUSY_MESSAGE =
  'This creator is still being processed. Please import the emotions once processing has finished.'
/**
 * SPEC "import emotion" (multipart field `file`, CSV `emotion,rate,pitch,range,volume`): the
 * emotion → prosody table of the creator's voice. Its own voice profile takes the table; a creator
 * speaking with an engine voice (or a profile another influencer shares) gets a profile of its own
 * on that voice first. 'Please upload .csv voice file!' for anything but a CSV.
 */
export const adminImportCreatorEmotions = defineRoute({
  method: 'POST',
  path: '/api/admin/influencers/:id/import-emotion',
  auth: 'admin',
  multipart: true,
  summary: 'Import the emotion → prosody table of a creator’s voice (CSV)',
  params: z.object({ id: InfluencerSlug }),
  response: z.object({ message: z.string(), creator: Creator, profile: VoiceProfileItem }),
})

/** The picture behind a creator's cut-out (JPEG, binary answer). */
export const creatorBackdrop = defineRoute({
  method: 'GET',
  path: '/api/influencers/:id/backdrop',
  auth: 'public',
  summary: 'The background picture of a creator’s photo avatar',
  params: z.object({ id: InfluencerSlug }),
})

/** SPEC §2 `default-prompts` / §7 admin "default prompt": look prompts the avatar editor offers as starting points. */
export const DefaultPrompt = z.object({
  label: z
    .string({ error: 'Please name the prompt' })
    .trim()
    .min(1, 'Please name the prompt')
    .max(40, 'A name is at most 40 characters'),
  prompt: LookPrompt,
})
export type DefaultPrompt = z.infer<typeof DefaultPrompt>
export const MAX_DEFAULT_PROMPTS = 12

export const adminGetDefaultPrompts = defineRoute({
  method: 'GET',
  path: '/api/admin/default-prompt',
  auth: 'admin',
  summary: 'The default look prompts',
  response: z.object({ prompts: z.array(DefaultPrompt) }),
})
export const adminSaveDefaultPrompts = defineRoute({
  method: 'POST',
  path: '/api/admin/default-prompt',
  auth: 'admin',
  summary: 'Replace the default look prompts',
  body: z.object({
    prompts: z
      .array(DefaultPrompt)
      .max(MAX_DEFAULT_PROMPTS, `At most ${MAX_DEFAULT_PROMPTS} default prompts`),
  }),
  response: z.object({ prompts: z.array(DefaultPrompt) }),
})
export const listDefaultPrompts = defineRoute({
  method: 'GET',
  path: '/api/default-prompts',
  auth: 'public',
  summary: 'Look prompts to start a custom avatar from',
  response: z.object({ prompts: z.array(DefaultPrompt) }),
})
