import { z } from 'zod'
import { ASSET_ID_PREFIX } from '../constants'
import { defineRoute } from '../define-route'
import { Emotion } from '../media/voices.schemas'
import { CustomAvatarId, InfluencerSlug } from './avatars.contract'

/** The GIF's side in pixels: small enough for chat emotes and stream panels. */
export const GIF_AVATAR_SIZES = [128, 256, 384] as const
export const GIF_AVATAR_MAX_SECONDS = 6
export const GIF_AVATAR_FPS = 12

/** SPEC §9 asset id prefix `gif_avatar_`, then 32 hex digits. */
export const GifAvatarId = z
  .string()
  .regex(new RegExp(`^${ASSET_ID_PREFIX.gifAvatar}[0-9a-f]{32}$`), 'Invalid GIF avatar id')

export const GifAvatarBody = z
  .object({
    influencer_id: InfluencerSlug.optional(),
    custom_avatar_id: CustomAvatarId.optional(),
    emotion: Emotion.optional(),
    /** Spoken by the avatar's voice: the mouth moves with it (the GIF itself is silent). Empty: an idle loop. */
    text: z.string().trim().max(200, 'The text must be at most 200 characters').default(''),
    seconds: z
      .number({ error: 'seconds must be a number' })
      .min(1, 'A GIF lasts at least 1 second')
      .max(GIF_AVATAR_MAX_SECONDS, `A GIF lasts at most ${GIF_AVATAR_MAX_SECONDS} seconds`)
      .default(3),
    size: z
      .union(
        GIF_AVATAR_SIZES.map((s) => z.literal(s)),
        { error: `size must be one of ${GIF_AVATAR_SIZES.join(', ')}` },
      )
      .default(256),
  })
  .refine((b) => b.influencer_id === undefined || b.custom_avatar_id === undefined, {
    message: 'Choose an influencer or a custom avatar, not both',
    path: ['custom_avatar_id'],
  })
export type GifAvatarBody = z.input<typeof GifAvatarBody>

export const GifAvatar = z.object({
  id: GifAvatarId,
  url: z.string(),
  size: z.number().int(),
  frames: z.number().int(),
  seconds: z.number(),
  bytes: z.number().int(),
})
export type GifAvatar = z.infer<typeof GifAvatar>

/** page-for-test/gif-avatar: an avatar drawn by packages/avatar, as an animated GIF. */
export const makeGifAvatar = defineRoute({
  method: 'POST',
  path: '/api/gif-avatar',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Draw an avatar as an animated GIF (id prefix gif_avatar_)',
  body: GifAvatarBody,
  response: z.object({ gif: GifAvatar }),
})

/** The GIF (binary answer), only to the user who made it. */
export const getGifAvatar = defineRoute({
  method: 'GET',
  path: '/api/gif-avatar/:id',
  auth: 'user',
  summary: 'One of my GIF avatars (image/gif)',
  params: z.object({ id: GifAvatarId }),
})
