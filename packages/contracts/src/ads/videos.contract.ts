import { z } from 'zod'
import { defineRoute } from '../define-route'
import { listPage, listQuery } from '../lists'
import { Render } from '../renders/renders.schemas'
import type { VideoFrame } from '../media/render.schemas'
import type { PlacementId } from './placements'
import { CustomAvatarId, InfluencerSlug } from '../avatars/avatars.contract'
import { UuidPath } from '../voices/voices.contract'
import { AdProjectIdText } from './projects.schemas'
import { AdAvatarId } from './avatars.contract'

/**
 * SPEC §4 "Ad audio flow: selectAvatar, uploadAudio, showResults" and §7 "audio and video
 * generations": an influencer reads the ad copy in the brand's voice (or lip-syncs an upload)
 * over the brand's background, in a video placement (1:1, 4:5, 9:16 or 16:9). Each is an ordinary render.
 */
export const AD_VIDEO_PLACEMENTS = [
  'square',
  'portrait',
  'story',
  'widescreen',
] as const satisfies ReadonlyArray<PlacementId>
export type AdVideoPlacement = (typeof AD_VIDEO_PLACEMENTS)[number]
export const AD_VIDEO_PLACEMENTS_MESSAGE =
  'Ad videos are made in Square 1:1, Portrait 4:5, Story 9:16 or Widescreen 16:9'
export const AdVideoPlacement = z.enum(AD_VIDEO_PLACEMENTS, { error: AD_VIDEO_PLACEMENTS_MESSAGE })
/** The render frame of each video placement (placement `portrait` is the 4:5 feed frame, not 9:16). */
export const AD_VIDEO_FRAMES: Record<AdVideoPlacement, VideoFrame> = {
  square: 'square',
  portrait: 'portrait_4_5',
  story: 'portrait',
  widescreen: 'landscape',
}
export const AdGenerationId = z.uuid({ error: 'Ad generation not found' })

export const AdGeneration = z.object({
  id: z.string(),
  ad_project_id: z.number().int(),
  mode: z.enum(['read', 'lipsync']),
  placement: AdVideoPlacement,
  influencer_id: z.string().nullable(),
  /** Set when an admin's ad avatar (a talking photo) presents instead of an influencer. */
  ad_avatar_id: z.number().int().nullable(),
  /** Set when one of the user's own avatars (a photo or drawn custom avatar) presents. */
  custom_avatar_id: z.number().int().nullable(),
  voice_id: z.string().nullable(),
  text: z.string(),
  attempts: z.number().int(),
  render: Render.nullable(),
  created_at: z.string(),
})
export type AdGeneration = z.infer<typeof AdGeneration>

export const PRESENTER_BOTH_MESSAGE =
  'Please pick one presenter: an influencer, an ad avatar or one of your avatars.'
export const CreateAdVideoBody = z
  .object({
    influencer_id: InfluencerSlug.optional(),
    /** An ad avatar (GET /api/ads/avatars) presents instead of an influencer. */
    ad_avatar_id: AdAvatarId.optional(),
    /** One of the caller's own avatars (GET /api/custom-avatar) presents; another user's is 404. */
    custom_avatar_id: CustomAvatarId.optional(),
    placement: AdVideoPlacement.default('story'),
    /** Lip-sync this processed upload (POST /api/audio/upload) instead of reading the copy. */
    audio_uuid_path: UuidPath.optional(),
    /** What to read; the project's copy when left out. */
    text: z.string().trim().max(1000, 'Please enter between 1 and 1000 characters').optional(),
  })
  .refine((b) => [b.influencer_id, b.ad_avatar_id, b.custom_avatar_id].filter((x) => x != null).length <= 1, {
    message: PRESENTER_BOTH_MESSAGE,
    path: ['ad_avatar_id'],
  })

const user = { auth: 'user', requiresEnabled: true } as const
export const createAdVideo = defineRoute({
  method: 'POST',
  path: '/api/ads/projects/:id/videos',
  ...user,
  summary: 'Make an avatar ad video in the brand voice (a render)',
  params: z.object({ id: AdProjectIdText }),
  body: CreateAdVideoBody,
  response: z.object({ generation: AdGeneration }),
})
export const listAdVideos = defineRoute({
  method: 'GET',
  path: '/api/ads/projects/:id/videos',
  ...user,
  summary: "A project's ad videos, newest first",
  params: z.object({ id: AdProjectIdText }),
  response: z.object({ generations: z.array(AdGeneration) }),
})

// SPEC §7 admin "Ad generations: list, {id}, POST retry {id}".
export const AdminAdGeneration = AdGeneration.extend({ username: z.string(), project_name: z.string() })
export const adminAdGenerations = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-generations',
  auth: 'admin',
  summary: 'Every ad video, newest first',
  query: listQuery(['created_at']),
  response: listPage(AdminAdGeneration),
})
export const adminAdGeneration = defineRoute({
  method: 'GET',
  path: '/api/admin/ad-generations/:id',
  auth: 'admin',
  summary: 'One ad video',
  params: z.object({ id: AdGenerationId }),
  response: z.object({ generation: AdminAdGeneration }),
})
export const adminRetryAdGeneration = defineRoute({
  method: 'POST',
  path: '/api/admin/ad-generations/:id/retry',
  auth: 'admin',
  summary: 'Make a failed ad video again',
  params: z.object({ id: AdGenerationId }),
  response: z.object({ generation: AdminAdGeneration }),
})
