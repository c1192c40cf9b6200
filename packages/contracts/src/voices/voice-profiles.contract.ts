import { z } from 'zod'
import { defineRoute } from '../define-route'
import { defineId } from '../ids'
import { listPage, listQuery, SearchText } from '../lists'
import { EMOTIONS } from '../media/voices.schemas'

/**
 * Voice profiles (SPEC §7 admin "Voice profiles"): an admin names an engine voice with its settings
 * (speed, pitch, an emotion → prosody table) and a sample, and tags it (gender, age, accent, style,
 * language). Users pick a profile as the voice `profile:<id>` and filter every voice picker by tags.
 */

export const VOICE_TAG_CATEGORIES = ['gender', 'age', 'accent', 'style', 'language'] as const
export const VoiceTagCategory = z.enum(VOICE_TAG_CATEGORIES, {
  error: `The tag group must be one of ${VOICE_TAG_CATEGORIES.join(', ')}`,
})
export type VoiceTagCategory = z.infer<typeof VoiceTagCategory>

const voiceProfileId = defineId('Voice profile not found')
const voiceTagId = defineId('Tag not found')
export const VoiceProfileIdText = voiceProfileId.text
export const VoiceTagIdText = voiceTagId.text
export const profileVoiceId = (id: number) => `profile:${id}`

export const VoiceTag = z.object({ id: z.number().int(), category: VoiceTagCategory, name: z.string() })
export type VoiceTag = z.infer<typeof VoiceTag>

/** How one emotion changes delivery for this voice: multipliers around its natural delivery, pitch in semitones. */
export const EmotionProsody = z.object({
  rate: z.number().min(0.5).max(2),
  pitch: z.number().min(-12).max(12),
  range: z.number().min(0).max(3),
  volume: z.number().min(0).max(2),
})
export type EmotionProsody = z.infer<typeof EmotionProsody>
export const EmotionTable = z.partialRecord(z.enum(EMOTIONS), EmotionProsody)
export type EmotionTable = z.infer<typeof EmotionTable>

export const EMOTION_CSV_REQUIRED_MESSAGE = 'Please upload .csv voice file!'
export const EMOTION_IMPORTED_MESSAGE = 'Import voice successfully!'
export const EMOTION_CSV_COLUMNS = ['emotion', 'rate', 'pitch', 'range', 'volume'] as const
/** An emotion table is a few lines; a bigger upload is not one. */
export const MAX_EMOTION_CSV_BYTES = 64 * 1024
export const EMOTION_CSV_TOO_LARGE_MESSAGE = 'The CSV file is too large (64 KB at most)'
/** What the file pickers of an emotion import accept (SPEC: .csv and text/csv). */
export const EMOTION_CSV_ACCEPT = '.csv,text/csv'

export const VoiceProfileItem = z.object({
  id: z.number().int(),
  /** What pickers send as `voice_id`. */
  voice_id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The engine voice it speaks with (`espeak:…`, `festival:…`). */
  engine_voice_id: z.string(),
  engine_voice_label: z.string(),
  rate: z.number(),
  pitch: z.number(),
  tags: z.array(VoiceTag),
  emotions: EmotionTable,
  /** The sample to listen to (a signed link), and its length. */
  sample_url: z.string().nullable(),
  sample_seconds: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type VoiceProfileItem = z.infer<typeof VoiceProfileItem>

const ProfileName = z
  .string({ error: 'Please enter a name' })
  .trim()
  .min(1, 'Please enter a name')
  .max(80, 'The name must be at most 80 characters')
/** Form fields arrive as text: numbers are coerced, tags are ids separated by commas. */
const Num = (min: number, max: number, label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`)
const TagIds = z
  .union([z.array(z.union([z.number(), z.string()])), z.string()], { error: 'Tag not found' })
  .transform((v) =>
    Array.isArray(v)
      ? v
      : v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
  )
  .pipe(z.array(voiceTagId.text).max(30, 'At most 30 tags'))

export const VoiceProfileFields = z.object({
  name: ProfileName,
  description: z.string().trim().max(500, 'The description must be at most 500 characters').default(''),
  engine_voice_id: z
    .string({ error: 'Please choose a voice' })
    .trim()
    .regex(/^(espeak|festival|neural):[A-Za-z0-9_+./-]+$/, 'Please choose a voice'),
  rate: Num(0.5, 2, 'Speed').default(1),
  pitch: Num(-12, 12, 'Pitch').default(0),
  tag_ids: TagIds.default([]),
})
export type VoiceProfileFields = z.infer<typeof VoiceProfileFields>
/** A form-data update names its method (`_method=PUT`); every field may be left out. */
export const VoiceProfileUpdate = VoiceProfileFields.partial()

export const VOICE_PROFILE_SORTS = ['name', 'created_at', 'updated_at'] as const
export const VoiceProfileFilter = z.object({ q: SearchText, tag: VoiceTagIdText.optional() })
const VoiceProfileListQuery = listQuery(VOICE_PROFILE_SORTS).extend(VoiceProfileFilter.shape)

export const adminListVoiceProfiles = defineRoute({
  method: 'GET',
  path: '/api/admin/voice-profiles',
  auth: 'admin',
  summary: 'Voice profiles, searched and filtered by a tag',
  query: VoiceProfileListQuery,
  response: listPage(VoiceProfileItem),
})
export const adminExportVoiceProfiles = defineRoute({
  method: 'GET',
  path: '/api/admin/voice-profiles/export',
  auth: 'admin',
  summary: 'The voice profiles matching the filter, as CSV',
  query: VoiceProfileListQuery.omit({ page: true, per_page: true }),
})
/** multipart/form-data: the VoiceProfileFields and an optional `sample` audio file (else one is spoken). */
export const adminStoreVoiceProfile = defineRoute({
  method: 'POST',
  path: '/api/admin/voice-profiles',
  auth: 'admin',
  multipart: true,
  summary: 'Store a voice profile',
  response: z.object({ profile: VoiceProfileItem }),
})
export const adminGetVoiceProfile = defineRoute({
  method: 'GET',
  path: '/api/admin/voice-profiles/:id',
  auth: 'admin',
  summary: 'One voice profile',
  params: z.object({ id: VoiceProfileIdText }),
  response: z.object({ profile: VoiceProfileItem }),
})
export const adminUpdateVoiceProfile = defineRoute({
  method: 'PUT',
  path: '/api/admin/voice-profiles/:id',
  auth: 'admin',
  summary: 'Update a voice profile (JSON)',
  params: z.object({ id: VoiceProfileIdText }),
  body: VoiceProfileUpdate,
  response: z.object({ profile: VoiceProfileItem }),
})
/** multipart/form-data with `_method=PUT`: the fields to change and optionally a new `sample`. */
export const adminUpdateVoiceProfileForm = defineRoute({
  method: 'POST',
  path: '/api/admin/voice-profiles/:id',
  auth: 'admin',
  multipart: true,
  summary: 'Update a voice profile (form data, method override PUT)',
  params: z.object({ id: VoiceProfileIdText }),
  response: z.object({ profile: VoiceProfileItem }),
})
export const adminDeleteVoiceProfile = defineRoute({
  method: 'DELETE',
  path: '/api/admin/voice-profiles/:id',
  auth: 'admin',
  summary: 'Delete a voice profile',
  params: z.object({ id: VoiceProfileIdText }),
  response: z.object({ deleted: z.literal(true) }),
})
/** multipart/form-data with one `file` field: a CSV `emotion,rate,pitch,range,volume`. */
export const adminImportVoiceEmotions = defineRoute({
  method: 'POST',
  path: '/api/admin/voice-profiles/:id/import-emotion',
  auth: 'admin',
  multipart: true,
  summary: 'Import the emotion → prosody table of a voice (CSV)',
  params: z.object({ id: VoiceProfileIdText }),
  response: z.object({ message: z.string(), profile: VoiceProfileItem }),
})

export const adminListVoiceTags = defineRoute({
  method: 'GET',
  path: '/api/admin/voice-profiles/tags',
  auth: 'admin',
  summary: 'Voice tags whose name or group contains the filter',
  query: z.object({ filter: z.string().trim().max(100).optional() }),
  response: z.object({ tags: z.array(VoiceTag.extend({ profiles: z.number().int() })) }),
})
export const adminAddVoiceTag = defineRoute({
  method: 'POST',
  path: '/api/admin/voice-profiles/tags',
  auth: 'admin',
  summary: 'Add a voice tag',
  body: z.object({
    category: VoiceTagCategory,
    name: z
      .string({ error: 'Please enter a tag' })
      .trim()
      .min(1, 'Please enter a tag')
      .max(40, 'A tag is at most 40 characters'),
  }),
  response: z.object({ tag: VoiceTag }),
})
export const adminDeleteVoiceTag = defineRoute({
  method: 'DELETE',
  path: '/api/admin/voice-profiles/tags/:id',
  auth: 'admin',
  summary: 'Delete a voice tag (profiles lose it)',
  params: z.object({ id: VoiceTagIdText }),
  response: z.object({ deleted: z.literal(true) }),
})

/** For every voice picker: the profiles users may speak with and every tag to filter by. */
export const listVoiceProfiles = defineRoute({
  method: 'GET',
  path: '/api/voice-profiles',
  auth: 'public',
  summary: 'Voice profiles and their tags, for voice pickers',
  response: z.object({ profiles: z.array(VoiceProfileItem), tags: z.array(VoiceTag) }),
})
