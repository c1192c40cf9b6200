import { listAdVoices } from '@mouthpiece/contracts/ads/voices.contract'
import type { HttpContext } from '../../../platform/context'
import * as voices from './ad-voices.service'

/** SPEC §7 Ads "voices". */
export function registerAdVoiceRoutes(ctx: HttpContext) {
  ctx.route(listAdVoices, async ({ actor }) => ({ voices: await voices.listAdVoices(ctx, actor.user.id) }))
}
