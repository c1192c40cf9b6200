import { z } from 'zod'
import { defineRoute } from '../define-route'

/**
 * SPEC §7 Ads "voices": the voices an ad can speak in, for the brand kit's voice picker. The
 * admin's voice profiles (named, tagged, with a sample) first, then the engines' featured voices
 * and the rest; each says which of my brands speak with it. An ad whose brand names no voice
 * speaks in its presenter's own voice.
 */
export const AdVoice = z.object({
  /** What a brand's `voice.voice_id` takes. */
  id: z.string(),
  label: z.string(),
  group: z.enum(['profile', 'featured', 'engine']),
  language: z.string(),
  /** A sample to listen to (voice profiles), else null: the page previews it with /api/voices/preview. */
  sample_url: z.string().nullable(),
  tags: z.array(z.string()),
  /** My brands whose ads speak with it. */
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
})
export type AdVoice = z.infer<typeof AdVoice>

export const listAdVoices = defineRoute({
  method: 'GET',
  path: '/api/ads/voices',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Voices an ad can speak in (voice profiles, then engine voices), with the brands using each',
  response: z.object({ voices: z.array(AdVoice) }),
})
