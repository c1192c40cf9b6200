import { VoiceId } from '../media/voices.schemas'
import { z } from 'zod'
import { defineRoute } from '../define-route'
import { Render } from '../renders/renders.schemas'
import {
  AvatarSetupId,
  DonationAvatarChoice,
  OverlayAckState,
  OverlayKey,
  TipId,
  TipIdText,
} from './donations.schemas'

/**
 * Tip videos (SPEC §7 "generate tip video", "tips/push-tip-video-action", "avatar-setup/short-video"):
 * MP4s made by the render pipeline (renders.audio → avatar → final), followed with the render
 * calls (`GET /api/renders/:id`, socket `final-video-event`).
 */

export const DEFAULT_PREVIEW_LINE = 'Thanks for the tip!'
export const MAX_PREVIEW_CHARS = 200

/** Where a tip video stands on the creator's overlay. */
export const TIP_VIDEO_PLAY_STATES = ['none', 'queued', 'playing', 'played', 'failed', 'cancelled'] as const
export const TipVideoPlayState = z.enum(TIP_VIDEO_PLAY_STATES)
export type TipVideoPlayState = z.infer<typeof TipVideoPlayState>

/** What push-tip-video-action does: play the finished video on the overlay once, or cancel (render or play). */
export const TIP_VIDEO_ACTIONS = ['play', 'cancel'] as const
export const TipVideoAction = z.enum(TIP_VIDEO_ACTIONS, { error: 'action must be play or cancel' })
export type TipVideoAction = z.infer<typeof TipVideoAction>

export const TipVideo = z.object({
  tip_id: z.number().int(),
  /** null when its render was deleted. */
  render: Render.nullable(),
  play_state: TipVideoPlayState,
  play_requested_at: z.string().nullable(),
  played_at: z.string().nullable(),
  play_error: z.string().nullable(),
})
export type TipVideo = z.infer<typeof TipVideo>

const TipVideoAnswer = z.object({ tip_video: TipVideo })

/** Either a saved setup, or a setup's fields (the modal previews before saving). */
export const SetupPreviewBody = z.object({
  setup_id: AvatarSetupId.optional(),
  donation_avatar: DonationAvatarChoice.optional(),
  voice: VoiceId.nullable().optional(),
  custom_style_id: z.string().trim().max(100).nullable().optional(),
  text: z
    .string()
    .trim()
    .max(MAX_PREVIEW_CHARS, `The line must be at most ${MAX_PREVIEW_CHARS} characters`)
    .optional(),
})
export type SetupPreviewBody = z.infer<typeof SetupPreviewBody>

export const setupShortVideo = defineRoute({
  method: 'POST',
  path: '/api/donation/avatar-setup/short-video',
  auth: 'user',
  requiresEnabled: true,
  summary:
    'A few seconds of the setup speaking a line in its voice (a render; follow it with GET /api/renders/:id)',
  body: z.preprocess((v) => v ?? {}, SetupPreviewBody),
  response: z.object({ render: Render }),
})
export const generateTipVideo = defineRoute({
  method: 'POST',
  path: '/api/donation/tips/:id/generate-video',
  auth: 'user',
  summary: 'A vertical MP4 of the tip read by its avatar setup; one per tip (a failed one is made again)',
  params: z.object({ id: TipIdText }),
  response: TipVideoAnswer,
})
export const pushTipVideoAction = defineRoute({
  method: 'POST',
  path: '/api/donation/tips/push-tip-video-action',
  auth: 'user',
  summary:
    'play: the finished video plays once on the overlay; cancel: stops its render, or its overlay play',
  body: z.object({ tip_id: TipId, action: TipVideoAction }),
  response: TipVideoAnswer,
})
export const listTipVideos = defineRoute({
  method: 'GET',
  path: '/api/donation/tips/videos',
  auth: 'user',
  summary: 'The videos of the given tips (the Activity Feed page)',
  query: z.object({
    tip_ids: z
      .string()
      .max(2000)
      .regex(/^[1-9]\d{0,15}(,[1-9]\d{0,15})*$/, 'tip_ids must be comma-separated ids')
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .pipe(z.array(TipId).max(100)),
  }),
  response: z.object({ videos: z.array(TipVideo) }),
})

/** The overlay reports a tip video started, played or failed (as `/api/donation/overlay/ack` does for alerts). */
export const overlayVideoAck = defineRoute({
  method: 'POST',
  path: '/api/donation/overlay/video-ack',
  auth: 'public',
  body: z.object({
    key: OverlayKey,
    tip_id: TipId,
    state: OverlayAckState,
    error: z.string().max(500).optional(),
  }),
  response: z.object({ ok: z.literal(true) }),
})

/** Overlay stream event telling the page to drop (or stop) a tip video: `{ tip_id }`. */
export const OVERLAY_STOP_VIDEO_EVENT = 'stop-video'
