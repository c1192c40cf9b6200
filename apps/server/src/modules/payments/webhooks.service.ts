import { PaymentNotificationType as N } from '@mouthpiece/contracts/payments/payments.schemas'
import type { Queryable, Tx } from '../../platform/db/client'
import { AppError } from '../../platform/http/errors'
import type { SubscriptionRow } from './payments.table'
import * as repo from './payments.repo'
import { day, fromRemote, isSandbox, money, notify, recordPayment } from './payments.deps'
import type { PaymentsDeps } from './payments.deps'
import { StripeEventShape, readInvoice, readPaymentIntent, readSubscription } from './sources/stripe-shapes'
import type { StripeEvent } from './sources/stripe-shapes'
import { WebhookSignatureError, verifyStripeSignature } from './sources/webhook-signature'

/**
 * POST /api/payment/handle: verifies Stripe's signature on the raw body, then applies the event
 * once. A bad signature, a stale timestamp or a body that is not an event is a 400.
 */
export async function handleWebhook(deps: PaymentsDeps, rawBody: Buffer, signature: string | undefined) {
  const secret = deps.provider.webhookSecret
  if (!secret) throw new AppError('webhook_not_configured', 'Webhook signing secret is not configured.', 400)
  try {
    verifyStripeSignature(rawBody, signature, secret)
  } catch (err) {
    if (err instanceof WebhookSignatureError)
      throw new AppError('invalid_signature', `Invalid webhook signature#${err.message}`, 400)
    throw err
  }
  let json: unknown
  try {
    json = JSON.parse(rawBody.toString('utf8'))
  } catch {
    throw new AppError('invalid_payload', 'Invalid webhook payload', 400)
  }
  const event = StripeEventShape.safeParse(json)
  if (!event.success) throw new AppError('invalid_payload', 'Invalid webhook payload', 400)
  return applyEvent(deps, event.data)
}

/**
 * Applies an event and records its id in one transaction: a redelivered event is a no-op, and an
 * event whose effects fail is not recorded, so the provider's retry applies it later.
 */
export async function applyEvent(
  deps: PaymentsDeps,
  event: StripeEvent,
): Promise<{ received: true; duplicate: boolean }> {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.markEventProcessed(tx, event.id, deps.provider.name, event.type)))
      return { received: true as const, duplicate: true }
    const object = event.data.object
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        await onSubscription(deps, tx, object, event.created)
        break
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        await onInvoicePaid(deps, tx, object)
        break
      case 'invoice.payment_failed':
        await onInvoiceFailed(deps, tx, object)
        break
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
        await onPaymentIntent(deps, tx, object)
        break
      default:
        // Other event types are acknowledged so the provider stops sending them.
        break
    }
    return { received: true as const, duplicate: false }
  })
}

/** "Your Pro plan", or "Your plan" when the plan is gone. */
async function planLabel(tx: Queryable, row: SubscriptionRow, owner: 'Your' | 'your') {
  const plan = await repo.findPlan(tx, row.plan_id)
  return plan ? `${owner} ${plan.name} plan` : `${owner} plan`
}

/** Stripe's order of states; events can arrive out of order and must not move a row back. */
function isRegression(row: SubscriptionRow, next: SubscriptionRow['status']): boolean {
  if (row.status === 'canceled' || row.status === 'incomplete_expired') return true
  return next === 'incomplete' && row.status !== 'incomplete'
}

async function onSubscription(
  deps: PaymentsDeps,
  tx: Queryable,
  object: unknown,
  created: number | undefined,
) {
  const remote = readSubscription(object)
  const row = await repo.findByProviderId(tx, deps.provider.name, remote.id, true)
  if (!row || isRegression(row, remote.status)) return
  // An event older than what a request already took from the provider describes the past.
  if (
    created !== undefined &&
    row.provider_synced_at &&
    created * 1000 < row.provider_synced_at.getTime() - 1000
  )
    return
  const saved = await repo.updateSubscription(tx, row.id, {
    ...fromRemote(remote),
    ...(created ? { provider_synced_at: new Date(created * 1000) } : {}),
  })
  if (saved.status === 'canceled' && row.status !== 'canceled') {
    await notify(
      deps,
      tx,
      row.user_id,
      N.planEnded,
      `${await planLabel(tx, row, 'Your')} has ended. Choose a plan to keep your features.`,
    )
  }
}

async function onInvoicePaid(deps: PaymentsDeps, tx: Queryable, object: unknown) {
  const invoice = readInvoice(object)
  const row = invoice.subscriptionId
    ? await repo.findByProviderId(tx, deps.provider.name, invoice.subscriptionId, true)
    : undefined
  if (!row) return
  const plan = await repo.findPlan(tx, row.plan_id)
  if (invoice.amountPaid > 0) {
    const recorded = await recordPayment(deps, tx, {
      userId: row.user_id,
      subscriptionId: row.id,
      kind: 'subscription',
      ref: invoice.id,
      dedupeKey: `${invoice.id}:paid`,
      status: 'succeeded',
      amountCents: invoice.amountPaid,
      currency: invoice.currency,
      description: `${plan?.name ?? 'Subscription'} plan`,
    })
    if (recorded)
      await notify(
        deps,
        tx,
        row.user_id,
        N.paymentSucceeded,
        `Payment of ${money(invoice.amountPaid, invoice.currency)} received for ${await planLabel(tx, row, 'your')}.`,
      )
  }
  if (row.status === 'incomplete' || row.status === 'past_due') {
    await repo.updateSubscription(tx, row.id, {
      status: 'active',
      last_payment_error: null,
      locked_until: null,
    })
    const trial = await repo.findTrial(tx, row.user_id, true)
    if (trial?.status === 'trialing')
      await repo.updateSubscription(tx, trial.id, { status: 'canceled', ended_at: new Date() })
  }
}

async function onInvoiceFailed(deps: PaymentsDeps, tx: Queryable, object: unknown) {
  const invoice = readInvoice(object)
  const row = invoice.subscriptionId
    ? await repo.findByProviderId(tx, deps.provider.name, invoice.subscriptionId, true)
    : undefined
  if (!row) return
  const plan = await repo.findPlan(tx, row.plan_id)
  const message = 'The payment for your plan failed. Please update your card.'
  const recorded = await recordPayment(deps, tx, {
    userId: row.user_id,
    subscriptionId: row.id,
    kind: 'subscription',
    ref: invoice.id,
    dedupeKey: `${invoice.id}:failed:${invoice.attemptCount}`,
    status: 'failed',
    amountCents: invoice.amountDue,
    currency: invoice.currency,
    description: `${plan?.name ?? 'Subscription'} plan`,
    failure: { code: 'invoice_payment_failed', message },
  })
  if (!recorded) return
  await repo.updateSubscription(tx, row.id, { last_payment_error: message })
  await notify(
    deps,
    tx,
    row.user_id,
    N.paymentFailed,
    `Your payment of ${money(invoice.amountDue, invoice.currency)} for ${await planLabel(tx, row, 'your')} failed. Please update your card.`,
  )
}

async function onPaymentIntent(deps: PaymentsDeps, tx: Tx, object: unknown) {
  const pi = readPaymentIntent(object)
  const purpose = deps.purposes.get(pi.metadata.kind ?? '')
  if (purpose) return purpose(tx, pi)
  const userId = Number(pi.metadata.user_id)
  // Invoices' own PaymentIntents are reported through invoice events.
  if (pi.metadata.kind !== 'one_off' || !Number.isInteger(userId) || userId <= 0) return
  const succeeded = pi.status === 'succeeded'
  const recorded = await recordPayment(deps, tx, {
    userId,
    kind: 'one_off',
    ref: pi.id,
    dedupeKey: succeeded ? `${pi.id}:succeeded` : `${pi.id}:failed:${pi.latestCharge ?? 'charge'}`,
    status: succeeded ? 'succeeded' : 'failed',
    amountCents: pi.amount,
    currency: pi.currency,
    description: pi.description ?? 'Payment',
    ...(succeeded
      ? {}
      : { failure: { code: 'payment_failed', message: pi.errorMessage ?? 'Your payment failed.' } }),
  })
  if (recorded)
    await notify(
      deps,
      tx,
      userId,
      succeeded ? N.paymentSucceeded : N.paymentFailed,
      succeeded
        ? `Payment of ${money(pi.amount, pi.currency)} received.`
        : `Your payment of ${money(pi.amount, pi.currency)} failed: ${pi.errorMessage ?? 'Your payment failed.'}`,
    )
}

/**
 * The clock's work, run every minute by the worker: ended free trials stop, and the sandbox
 * renews, retries and expires its subscriptions, reporting through the same events as Stripe.
 */
export async function sweep(
  deps: PaymentsDeps,
  now = new Date(),
): Promise<{ events: number; trialsEnded: number }> {
  let events = 0
  if (isSandbox(deps.provider)) {
    for (const event of await deps.provider.advance(now)) {
      await applyEvent(deps, event)
      await deps.provider.markDelivered(event.id)
      events += 1
    }
  }
  let trialsEnded = 0
  for (const trial of await repo.findEndedTrials(deps.db, now)) {
    await deps.db.transaction(async (tx) => {
      const row = await repo.findSubscription(tx, trial.id, true)
      if (row?.status !== 'trialing') return
      await repo.updateSubscription(tx, row.id, { status: 'canceled', ended_at: now })
      await notify(
        deps,
        tx,
        row.user_id,
        N.trialEnded,
        `Your free trial ended on ${day(row.current_period_end)}. Choose a plan to keep 1080p exports.`,
      )
      trialsEnded += 1
    })
  }
  return { events, trialsEnded }
}
