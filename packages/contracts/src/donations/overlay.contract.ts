import { z } from 'zod'
import { defineRoute } from '../define-route'
import { OverlayAckState, OverlayHealth, OverlayKey, TipId } from './donations.schemas'

// The OBS overlay (/tts/announcement?key=…): a public page authenticated by its secret key
export const overlayStream = defineRoute({
  method: 'GET',
  path: '/api/donation/overlay/stream',
  auth: 'public',
  summary:
    'Server-Sent Events: `hello`, then one `alert` per alert to play (unacknowledged recent ones first)',
  query: z.object({ key: OverlayKey }),
})
export const overlayAck = defineRoute({
  method: 'POST',
  path: '/api/donation/overlay/ack',
  auth: 'public',
  body: z.object({
    key: OverlayKey,
    alert_id: TipId,
    state: OverlayAckState,
    error: z.string().max(500).optional(),
  }),
  response: z.object({ ok: z.literal(true) }),
})
export const overlayReportHealth = defineRoute({
  method: 'POST',
  path: '/api/donation/overlay/health',
  auth: 'public',
  body: z.object({ key: OverlayKey, audio_unlocked: z.boolean(), visible: z.boolean() }),
  response: z.object({ ok: z.literal(true) }),
})
export const overlayHealth = defineRoute({
  method: 'GET',
  path: '/api/donation/overlay/health',
  auth: 'user',
  requiresEnabled: true,
  response: OverlayHealth,
})
export const rotateOverlayKey = defineRoute({
  method: 'POST',
  path: '/api/donation/overlay/rotate-key',
  auth: 'user',
  requiresEnabled: true,
  summary: 'A new secret overlay URL; the old one stops working',
  response: z.object({ overlay_url: z.string() }),
})
