import { z } from 'zod'
import { defineId } from '../ids'
import { defineRoute } from '../define-route'
import { AvatarLook, FaceLandmarks, LookPrompt, ModelStyle } from '../media/avatar.schemas'
import { Emotion, VoiceId } from '../media/voices.schemas'

/**
 * The avatars domain: influencers (preset characters, seeded into a table so operators can add
 * more) and custom avatars a user generates from the SPEC §3 look prompt.
 */

export const InfluencerSlug = z
  .string({ error: 'Please choose an avatar' })
  .trim()
  .min(1, 'Please choose an avatar')
  .max(60)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Avatar not found')

/** An influencer as the pickers show it; `look` is drawn by packages/avatar in the page. */
export const InfluencerItem = z.object({
  id: InfluencerSlug,
  name: z.string(),
  description: z.string(),
  model_style: ModelStyle,
  emotion: Emotion,
  voice_id: VoiceId,
  look: AvatarLook,
  /** A still PNG drawn on the server (for places that cannot run the canvas, e.g. link previews). */
  preview_url: z.string(),
})
export type InfluencerItem = z.infer<typeof InfluencerItem>

const customAvatarId = defineId('Avatar not found')
export const CustomAvatarId = customAvatarId.json
export const CustomAvatarIdText = customAvatarId.text

/** SPEC §7 "custom avatar (generate, retry, get, delete)". */
export const CustomAvatar = z.object({
  id: z.number().int(),
  name: z.string(),
  prompt: LookPrompt,
  look: AvatarLook,
  /** 0 for the first take; each retry draws another take of the same prompt. */
  variation: z.number().int().min(0),
  preview_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type CustomAvatar = z.infer<typeof CustomAvatar>

export const AvatarName = z
  .string()
  .trim()
  .min(1, 'Please name your avatar')
  .max(60, 'The name must be at most 60 characters')

export const GenerateCustomAvatarBody = z.object({
  name: AvatarName.default('My avatar'),
  prompt: LookPrompt,
})
export type GenerateCustomAvatarBody = z.input<typeof GenerateCustomAvatarBody>

/** Largest number of custom avatars one user keeps. */
export const MAX_CUSTOM_AVATARS = 50

export const listInfluencers = defineRoute({
  method: 'GET',
  path: '/api/influencers',
  auth: 'public',
  summary: 'The influencers (preset avatars) to pick from',
  response: z.object({ influencers: z.array(InfluencerItem), default_id: InfluencerSlug }),
})

/** PNG still of an influencer (binary answer). */
export const influencerPreview = defineRoute({
  method: 'GET',
  path: '/api/influencers/:id/preview.png',
  auth: 'public',
  summary: 'A still picture of an influencer (PNG)',
  params: z.object({ id: InfluencerSlug }),
})

export const generateCustomAvatar = defineRoute({
  method: 'POST',
  path: '/api/custom-avatar/generate',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Create a custom avatar from a look prompt',
  body: GenerateCustomAvatarBody,
  response: z.object({ avatar: CustomAvatar }),
})

export const retryCustomAvatar = defineRoute({
  method: 'POST',
  path: '/api/custom-avatar/:id/retry',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Draw another take of the same look prompt',
  params: z.object({ id: CustomAvatarIdText }),
  response: z.object({ avatar: CustomAvatar }),
})

export const updateCustomAvatar = defineRoute({
  method: 'POST',
  path: '/api/custom-avatar/:id/update',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Rename a custom avatar or change its look prompt',
  params: z.object({ id: CustomAvatarIdText }),
  body: z.object({ name: AvatarName.optional(), prompt: LookPrompt.optional() }),
  response: z.object({ avatar: CustomAvatar }),
})

export const CUSTOM_STYLE_PHOTO_MESSAGE =
  'A photo avatar keeps the colours of its photo. Upload a style for a drawn avatar.'
export const CUSTOM_STYLE_MISSING_MESSAGE = 'Please choose a picture to take the colours from.'
export const CUSTOM_STYLE_NOT_IMAGE_MESSAGE = 'Please upload a picture (JPEG, PNG or WebP).'
/**
 * SPEC "custom style upload" (multipart `file`, a picture under the photo limit): a drawn custom
 * avatar takes the colours the picture mostly shows (a team jersey, a logo) as the colour field of
 * its look prompt, and is drawn again. The answer names the colours read.
 */
export const uploadCustomStyle = defineRoute({
  method: 'POST',
  path: '/api/custom-avatar/:id/style-upload',
  auth: 'user',
  requiresEnabled: true,
  multipart: true,
  summary: 'Dress a drawn custom avatar in the colours of a picture (custom style upload)',
  params: z.object({ id: CustomAvatarIdText }),
  response: z.object({ avatar: CustomAvatar, colours: z.array(z.string()) }),
})

export const getCustomAvatar = defineRoute({
  method: 'GET',
  path: '/api/custom-avatar/:id',
  auth: 'user',
  summary: 'One of my custom avatars',
  params: z.object({ id: CustomAvatarIdText }),
  response: z.object({ avatar: CustomAvatar }),
})

export const listCustomAvatars = defineRoute({
  method: 'GET',
  path: '/api/custom-avatar',
  auth: 'user',
  summary: 'My custom avatars, newest first',
  response: z.object({ avatars: z.array(CustomAvatar) }),
})

export const deleteCustomAvatar = defineRoute({
  method: 'POST',
  path: '/api/custom-avatar/:id/delete',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Delete one of my custom avatars',
  params: z.object({ id: CustomAvatarIdText }),
  response: z.object({ deleted: z.literal(true) }),
})

/** PNG of a custom avatar (binary answer); public by id like a shared picture. */
export const customAvatarPreview = defineRoute({
  method: 'GET',
  path: '/api/custom-avatar/:id/preview.png',
  auth: 'user',
  summary: 'A still picture of my custom avatar (PNG)',
  params: z.object({ id: CustomAvatarIdText }),
})

// ───────────────────────────── Photo avatars (talking photos) ─────────────────────────────

export const MAX_PHOTO_MB = 15
export const PHOTO_TOO_LARGE_MESSAGE = `The photo is too large. Please upload an image under ${MAX_PHOTO_MB} MB.`
export const PHOTO_NOT_IMAGE_MESSAGE = 'Please upload a photo (JPEG, PNG or WebP).'
export const PHOTO_MISSING_MESSAGE = 'Please choose a photo to upload.'
export const PHOTO_NO_FACE_MESSAGE =
  'We could not find a face in this photo. Please upload a clear, front-facing portrait.'

/**
 * Behind the person of a photo avatar (multipart fields of the upload and of the background edit):
 * `background` = keep | color | image, `background_color` (#rrggbb), `background_file` (a picture).
 * Removing it cuts the person out once (a segmentation model on the server) and keeps the cut-out.
 */
export const PHOTO_BACKGROUND_MODE_MESSAGE = 'Please choose keep, colour or picture for the background.'
export const PHOTO_BACKGROUND_COLOR_MESSAGE = 'Please pick a colour for the background.'
export const PHOTO_BACKGROUND_IMAGE_MESSAGE = 'Please choose a picture for the background.'
export const PHOTO_NO_PERSON_MESSAGE =
  'We could not find the person in this photo to remove its background. Please keep the background or use another photo.'

/** A portrait becomes a custom avatar whose look carries the photo and its 68 face landmarks (multipart: `file`, optional `name` and the background fields). */
export const uploadPhotoAvatar = defineRoute({
  method: 'POST',
  path: '/api/custom-avatar/photo',
  auth: 'user',
  multipart: true,
  summary: 'Make a talking-photo avatar from a portrait (face and landmarks found on the server)',
  response: z.object({ avatar: CustomAvatar, detect_ms: z.number(), segment_ms: z.number().nullable() }),
})

/** Keep, replace (plain colour) or replace with a picture the background of a photo avatar (multipart: the background fields). */
export const updatePhotoBackground = defineRoute({
  method: 'POST',
  path: '/api/custom-avatar/:id/background',
  auth: 'user',
  multipart: true,
  summary: 'Keep or remove the background of a photo avatar',
  params: z.object({ id: CustomAvatarIdText }),
  response: z.object({ avatar: CustomAvatar, segment_ms: z.number().nullable() }),
})

/** The picture picked to stand behind a photo avatar's cut-out (binary answer). */
export const customAvatarBackdrop = defineRoute({
  method: 'GET',
  path: '/api/custom-avatar/:id/backdrop',
  auth: 'user',
  summary: 'The background picture of my photo avatar',
  params: z.object({ id: CustomAvatarIdText }),
})

/** The user moved landmark points on the photo. */
export const updatePhotoLandmarks = defineRoute({
  method: 'POST',
  path: '/api/custom-avatar/:id/landmarks',
  auth: 'user',
  summary: 'Correct the face landmarks of a photo avatar',
  params: z.object({ id: CustomAvatarIdText }),
  body: z.object({ landmarks: FaceLandmarks }),
  response: z.object({ avatar: CustomAvatar }),
})

/** The portrait of a photo avatar (binary answer). */
export const customAvatarPhoto = defineRoute({
  method: 'GET',
  path: '/api/custom-avatar/:id/photo',
  auth: 'user',
  summary: 'The portrait of my photo avatar',
  params: z.object({ id: CustomAvatarIdText }),
})

/**
 * SPEC §7 `POST /api/validate-custom-avatar`: checks a portrait (multipart `file`) would make a
 * photo avatar — a readable image, not too large, with a face — and stores nothing.
 */
export const validateCustomAvatar = defineRoute({
  method: 'POST',
  path: '/api/validate-custom-avatar',
  auth: 'user',
  multipart: true,
  summary: 'Check a portrait for a photo avatar (nothing is stored)',
  response: z.object({
    valid: z.literal(true),
    width: z.number().int(),
    height: z.number().int(),
    landmarks: z.number().int(),
    detect_ms: z.number(),
  }),
})
