import { z } from 'zod'
import { defineRoute } from '../define-route'
import { AvatarLook, LookPrompt, ModelStyle } from '../media/avatar.schemas'
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

export const CustomAvatarId = z.coerce.number({ error: 'Avatar not found' }).int().positive('Avatar not found')

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

export const AvatarName = z.string().trim().min(1, 'Please name your avatar').max(60, 'The name must be at most 60 characters')

export const GenerateCustomAvatarBody = z.object({
  name: AvatarName.default('My avatar'),
  prompt: LookPrompt,
})
export type GenerateCustomAvatarBody = z.input<typeof GenerateCustomAvatarBody>

/** Largest number of custom avatars one user keeps. */
export const MAX_CUSTOM_AVATARS = 50

export const listInfluencers = defineRoute({
  method: 'GET', path: '/api/influencers', auth: 'public', summary: 'The influencers (preset avatars) to pick from',
  response: z.object({ influencers: z.array(InfluencerItem), default_id: InfluencerSlug }),
})

/** PNG still of an influencer (binary answer). */
export const influencerPreview = defineRoute({
  method: 'GET', path: '/api/influencers/:id/preview.png', auth: 'public', summary: 'A still picture of an influencer (PNG)',
  params: z.object({ id: InfluencerSlug }),
})

export const generateCustomAvatar = defineRoute({
  method: 'POST', path: '/api/custom-avatar/generate', auth: 'user', summary: 'Create a custom avatar from a look prompt',
  body: GenerateCustomAvatarBody,
  response: z.object({ avatar: CustomAvatar }),
})

export const retryCustomAvatar = defineRoute({
  method: 'POST', path: '/api/custom-avatar/:id/retry', auth: 'user', summary: 'Draw another take of the same look prompt',
  params: z.object({ id: CustomAvatarId }),
  response: z.object({ avatar: CustomAvatar }),
})

export const updateCustomAvatar = defineRoute({
  method: 'POST', path: '/api/custom-avatar/:id/update', auth: 'user', summary: 'Rename a custom avatar or change its look prompt',
  params: z.object({ id: CustomAvatarId }),
  body: z.object({ name: AvatarName.optional(), prompt: LookPrompt.optional() }),
  response: z.object({ avatar: CustomAvatar }),
})

export const getCustomAvatar = defineRoute({
  method: 'GET', path: '/api/custom-avatar/:id', auth: 'user', summary: 'One of my custom avatars',
  params: z.object({ id: CustomAvatarId }),
  response: z.object({ avatar: CustomAvatar }),
})

export const listCustomAvatars = defineRoute({
  method: 'GET', path: '/api/custom-avatar', auth: 'user', summary: 'My custom avatars, newest first',
  response: z.object({ avatars: z.array(CustomAvatar) }),
})

export const deleteCustomAvatar = defineRoute({
  method: 'POST', path: '/api/custom-avatar/:id/delete', auth: 'user', summary: 'Delete one of my custom avatars',
  params: z.object({ id: CustomAvatarId }),
  response: z.object({ deleted: z.literal(true) }),
})

/** PNG of a custom avatar (binary answer); public by id like a shared picture. */
export const customAvatarPreview = defineRoute({
  method: 'GET', path: '/api/custom-avatar/:id/preview.png', auth: 'user', summary: 'A still picture of my custom avatar (PNG)',
  params: z.object({ id: CustomAvatarId }),
})
