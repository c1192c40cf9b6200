import { getTipPage, sendDirectTip } from '@mouthpiece/contracts/donations/tips-direct.contract'
import type { HttpContext } from '../../../platform/context'
import { paymentsDeps } from '../../payments'
import type { DonationsDeps } from '../donations.deps'
import { DIRECT_TIP_PURPOSE, directTipPurpose, sendTip, tipPage } from './direct-tips.service'

/** The public tip pages' calls; tips paid through the provider's webhook complete here too. */
export function registerDirectTipRoutes(ctx: HttpContext, deps: DonationsDeps) {
  const { route } = ctx
  const payments = paymentsDeps(ctx)
  payments.purposes.set(DIRECT_TIP_PURPOSE, directTipPurpose(deps, payments))
  const perIp = { max: deps.config.DIRECT_TIPS_PER_MINUTE, timeWindow: 60_000 }

  route(getTipPage, async ({ params }) => ({ creator: await tipPage(deps, payments, params.username) }), {
    rateLimit: { max: perIp.max * 10, timeWindow: 60_000 },
  })
  route(sendDirectTip, ({ body }) => sendTip(deps, payments, body), { rateLimit: perIp })
}
