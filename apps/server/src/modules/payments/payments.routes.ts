import {
  addCard,
  adminCreatePlan,
  adminListPlans,
  adminUpdatePlan,
  cancelPlan,
  checkUserSubscription,
  createCardToken,
  deletePaymentMethod,
  getPaymentHistory,
  getPaymentMethod,
  getPlans,
  getSubscriptionPlan,
  handleWebhook,
  oneOffPayment,
  resumePlan,
  subscribePlan,
  updateCard,
} from '@mouthpiece/contracts/payments/payments.contract'
import type { HttpContext } from '../../platform/context'
import { BODY_LIMIT_BYTES } from '../../platform/http/body-limit'
import * as cards from './cards.service'
import { paymentsDeps, providerInfo } from './payments.deps'
import { auditActorOf, auditedChange } from '../audit'
import { createPlan, getPlan, listPlans, updatePlan } from './plans.service'
import * as subscriptions from './subscriptions.service'
import * as webhooks from './webhooks.service'

export async function registerPaymentsRoutes(ctx: HttpContext) {
  const { route, app } = ctx
  const deps = paymentsDeps(ctx)

  route(getPlans, async () => ({
    plans: await listPlans(deps.db, { activeOnly: true }),
    provider: providerInfo(deps.provider),
  }))
  route(getSubscriptionPlan, async ({ actor }) => subscriptions.current(deps, actor.user.id))
  route(subscribePlan, async ({ actor, body }) =>
    subscriptions.subscribe(deps, actor.user, body.subscription_plan_id),
  )
  route(cancelPlan, async ({ actor }) => ({ subscription: await subscriptions.cancel(deps, actor.user.id) }))
  route(resumePlan, async ({ actor }) => ({ subscription: await subscriptions.resume(deps, actor.user.id) }))
  route(getPaymentMethod, async ({ actor }) => ({ method: await cards.getMethod(deps, actor.user.id) }))
  route(deletePaymentMethod, async ({ actor }) => ({ method: await cards.deleteMethod(deps, actor.user.id) }))
  route(addCard, async ({ actor, body }) => ({
    method: await cards.saveCard(deps, actor.user, body.token_id, { mustReplace: false }),
  }))
  route(updateCard, async ({ actor, body }) => ({
    method: await cards.saveCard(deps, actor.user, body.token_id, { mustReplace: true }),
  }))
  route(getPaymentHistory, async ({ actor, query }) => cards.history(deps, actor.user.id, query.page))
  route(checkUserSubscription, async ({ query }) => subscriptions.checkUserSubscription(deps, query.username))
  route(createCardToken, async ({ body }) => cards.tokenize(deps, body), {
    rateLimit: { max: 60, timeWindow: 60_000 },
  })
  route(oneOffPayment, async ({ actor, body }) => ({
    payment: await cards.oneOffPayment(deps, actor.user, body),
  }))

  route(adminListPlans, async () => ({ plans: await listPlans(deps.db, { activeOnly: false }) }))
  // Plan and price changes are audited with the plan before and after (same transaction).
  route(adminCreatePlan, async ({ body, actor }) => ({
    plan: await auditedChange(
      deps.db,
      auditActorOf(actor),
      'plans.create',
      { meta: { slug: body.slug } },
      (tx) => createPlan(tx, body),
    ),
  }))
  route(adminUpdatePlan, async ({ params, body, actor }) => ({
    plan: await auditedChange(
      deps.db,
      auditActorOf(actor),
      'plans.update',
      { target: { type: 'plan', id: params.id }, before: (tx) => getPlan(tx, params.id) },
      (tx) => updatePlan(tx, params.id, body),
    ),
  }))

  // The webhook signature covers the exact bytes sent, so this route keeps the body raw: its own
  // encapsulated context takes every content type as a Buffer.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) =>
      done(null, body),
    )
    raw.route({
      method: handleWebhook.method,
      url: handleWebhook.path,
      schema: {
        summary: handleWebhook.summary,
        tags: ['payment'],
        response: { 200: handleWebhook.response },
      },
      handler: async (req) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        const signature = req.headers['stripe-signature']
        return webhooks.handleWebhook(deps, body, Array.isArray(signature) ? signature.join(',') : signature)
      },
    })
  })
}
