import { z } from 'zod'
import { defineRoute } from '../define-route'
import { defineId } from '../ids'

/** SPEC §7 admin "Ad avatars: GET list, POST store, POST update by {id}, DELETE {id}" (store and update multipart). */
export const AD_AVATAR_NOT_FOUND = 'Ad avatar not found'
const adAvatarId = defineId(AD_AVATAR_NOT_FOUND)
export const AdAvatarId = adAvatarId.json
/**
 * The talking photo made from the picture (its face and 68 landmarks found on the server); null for
 * a picture stored before presenters existed, which users cannot pick until a portrait replaces it.
 */
export const AdAvatarPresenter = z.object({
  width: z.number().int(),
  height: z.number().int(),
  landmarks: z.number().int(),
  detect_ms: z.number(),
})
export const AdAvatar = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  voice_id: z.string().nullable(),
  image_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  is_active: z.boolean(),
  presenter: AdAvatarPresenter.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AdAvatar = z.infer<typeof AdAvatar>
/** The form fields of store/update (multipart, next to the `file` picture). */
export const AdAvatarFields = z.object({
  name: z
    .string({ error: 'Please enter a name' })
    .trim()
    .min(1, 'Please enter a name')
    .max(80, 'The name must be at most 80 characters'),
  description: z.string().trim().max(500, 'The description must be at most 500 characters').default(''),
  voice_id: z
    .string()
    .trim()
    .max(120)
    .optional()
    .transform((v) => v || null),
  is_active: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
})
const params = z.object({ id: adAvatarId.text })

export const adminAdAvatars = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-avatars',
  auth: 'admin',
  summary: 'Every ad avatar',
  response: z.object({ avatars: z.array(AdAvatar) }),
})
export const adminStoreAdAvatar = defineRoute({
  method: 'POST',
  path: '/api/admin/ad-avatars',
  auth: 'admin',
  multipart: true,
  summary: 'Add an ad avatar (multipart: file, name, description, voice_id)',
  response: z.object({ avatar: AdAvatar }),
})
export const adminUpdateAdAvatar = defineRoute({
  method: 'POST',
  path: '/api/admin/ad-avatars/:id',
  auth: 'admin',
  multipart: true,
  summary: 'Change an ad avatar (multipart; file optional)',
  params,
  response: z.object({ avatar: AdAvatar }),
})
export const adminDeleteAdAvatar = defineRoute({
  method: 'DELETE',
  path: '/api/admin/ad-avatars/:id',
  auth: 'admin',
  summary: 'Delete an ad avatar',
  params,
  response: z.object({ deleted: z.literal(true) }),
})
export const adminAdAvatarImage = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-avatars/:id/image',
  auth: 'admin',
  summary: 'The picture of an ad avatar',
  params,
})

/** An ad avatar as users pick it in the ad audio flow (selectAvatar): active ones with a talking photo. */
export const AdAvatarChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  voice_id: z.string().nullable(),
  photo_url: z.string(),
})
export type AdAvatarChoice = z.infer<typeof AdAvatarChoice>
export const listAdAvatars = defineRoute({
  method: 'GET',
  path: '/api/ads/avatars',
  auth: 'user',
  summary: 'Ad avatars a creator can pick as the presenter of an ad video',
  response: z.object({ avatars: z.array(AdAvatarChoice) }),
})
export const adAvatarPhoto = defineRoute({
  method: 'GET',
  path: '/api/ads/avatars/:id/photo',
  auth: 'user',
  summary: "An ad avatar's talking photo (the upright portrait it speaks with)",
  params,
})
