import { PaymentNotificationType as N } from '@mouthpiece/contracts/payments/payments.schemas'
import type { CardNextAction, Subscription } from '@mouthpiece/contracts/payments/payments.schemas'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { AppError, notFound } from '../../platform/http/errors'
import { uniqueViolation } from '../../platform/db/unique-violation'
import { findUserIdByUsername } from '../users'
import { getEntitlements } from './entitlements.service'
import type { PlanRow, SubscriptionRow } from './payments.table'
import * as repo from './payments.repo'
import {
  day,
  ensureCustomer,
  fromRemote,
  grantsPlan,
  money,
  notify,
  presentSubscription,
  priceFor,
  recordPayment,
  toAppError,
  viaProvider,
} from './payments.deps'
import type { PaymentsDeps } from './payments.deps'
import {
  AUTHENTICATION_FAILED,
  AUTHENTICATION_UNAVAILABLE,
  CardError,
  INVOICE_REQUIRES_ACTION,
  paymentIdOfSecret,
} from './sources/payment-provider'
import type { ProviderInvoice, ProviderPayment, ProviderSubscription } from './sources/payment-provider'

/** How long one request may work on a subscription with the provider before another may. */
const CLAIM_MS = 60_000
const BUSY = () =>
  new AppError('subscription_busy', 'Your subscription is being processed. Please wait a moment.', 409)
const NO_PLAN = () => new AppError('no_plan', 'You have no active plan.', 404)

async function present(deps: PaymentsDeps, row: SubscriptionRow): Promise<Subscription> {
  const plan = await repo.findPlan(deps.db, row.plan_id)
  if (!plan) throw notFound('Subscription plan')
  return presentSubscription(row, plan)
}

/** The subscription the billing page shows: the live paid one, else a trial that is still on. */
async function currentRow(deps: PaymentsDeps, userId: number): Promise<SubscriptionRow | undefined> {
  const paid = await repo.findLivePaid(deps.db, userId)
  if (paid) return paid
  const trial = await repo.findTrial(deps.db, userId)
  return trial?.status === 'trialing' ? trial : undefined
}

export async function current(deps: PaymentsDeps, userId: number) {
  const row = await currentRow(deps, userId)
  return {
    subscription: row ? await present(deps, row) : null,
    entitlements: await getEntitlements(deps.db, userId),
    has_used_trial: !!(await repo.findTrial(deps.db, userId)),
  }
}

/** What subscribing answers: the subscription, and while the bank wants the payer, the step to take. */
export interface SubscribeAnswer {
  subscription: Subscription
  next_action?: CardNextAction
}

/**
 * Subscribes to a plan with the card on file. One live paid subscription per user: the same plan
 * again answers the existing one; another plan switches it; an unpaid (incomplete) one is paid
 * again with the current card. The provider call is idempotent per user, plan and attempt.
 */
export async function subscribe(deps: PaymentsDeps, user: User, planId: number): Promise<SubscribeAnswer> {
  const plan = await repo.findPlan(deps.db, planId)
  if (!plan || !plan.is_active) throw notFound('Subscription plan')
  if (plan.is_trial) return { subscription: await startTrial(deps, user, plan) }
  const customerId = await ensureCustomer(deps, user)
  const method = await repo.findMethod(deps.db, user.id, deps.provider.name)
  if (!method) throw new AppError('payment_method_required', 'Please add a card before subscribing.', 400)

  const claim = await claimForSubscribe(deps, user.id, plan)
  if (claim.kind === 'done') return { subscription: await present(deps, claim.row) }
  if (claim.abandoned?.provider_subscription_id) {
    const abandonedId = claim.abandoned.provider_subscription_id
    // Best effort: Stripe expires an unpaid subscription on its own after 23 hours anyway.
    await deps.provider
      .cancelNow(abandonedId)
      .catch((err: unknown) => console.warn('[payments] could not cancel', abandonedId, err))
  }
  try {
    if (claim.kind === 'change') return { subscription: await changePlan(deps, claim.row, plan) }
    return await payFirstInvoice(deps, user.id, claim.row, plan, customerId, method.provider_method_id)
  } catch (err) {
    await repo.updateSubscription(deps.db, claim.row.id, { locked_until: null })
    throw toAppError(err)
  }
}

type Claim =
  | { kind: 'done'; row: SubscriptionRow }
  | { kind: 'change' | 'pay'; row: SubscriptionRow; abandoned?: SubscriptionRow }

/** Decides, under a row lock, what subscribing means now, and claims the row for this request. */
async function claimForSubscribe(deps: PaymentsDeps, userId: number, plan: PlanRow): Promise<Claim> {
  try {
    return await deps.db.transaction(async (tx): Promise<Claim> => {
      const now = new Date()
      const lockedUntil = new Date(now.getTime() + CLAIM_MS)
      const live = await repo.findLivePaid(tx, userId, true)
      if (live && live.provider !== deps.provider.name)
        throw new AppError(
          'provider_mismatch',
          'Your plan is billed by another payment provider. Please contact support.',
          409,
        )
      if (live?.locked_until && live.locked_until > now) throw BUSY()
      if (live && live.status !== 'incomplete') {
        if (live.plan_id === plan.id) return { kind: 'done', row: live }
        return {
          kind: 'change',
          row: await repo.updateSubscription(tx, live.id, { locked_until: lockedUntil }),
        }
      }
      if (live && live.plan_id === plan.id)
        return { kind: 'pay', row: await repo.updateSubscription(tx, live.id, { locked_until: lockedUntil }) }
      // An unpaid subscription to another plan gives way to the new choice.
      const abandoned = live
        ? await repo.updateSubscription(tx, live.id, { status: 'incomplete_expired', ended_at: now })
        : undefined
      const attempt = (await repo.countSubscriptions(tx, userId, plan.id)) + 1
      const row = await repo.insertSubscription(tx, {
        user_id: userId,
        plan_id: plan.id,
        provider: deps.provider.name,
        status: 'incomplete',
        idempotency_key: `sub-${userId}-${plan.id}-${attempt}`,
        locked_until: lockedUntil,
      })
      return { kind: 'pay', row, abandoned }
    })
  } catch (err) {
    // Two requests raced past the lock on an empty slot: the unique indexes let one through.
    if (uniqueViolation(err) !== undefined) throw BUSY()
    throw err
  }
}

/**
 * Pays the first invoice with the card on file. A card whose bank wants the payer (3-D Secure)
 * answers the step to take in the browser; the next request reads how it ended — the plan starts,
 * or the bank's refusal is recorded and answered — instead of charging again.
 */
async function payFirstInvoice(
  deps: PaymentsDeps,
  userId: number,
  row: SubscriptionRow,
  plan: PlanRow,
  customerId: string,
  methodId: string,
): Promise<SubscribeAnswer> {
  const { provider } = deps
  const awaited = row.awaiting_payment_id ? await provider.retrievePayment(row.awaiting_payment_id) : null
  // The payer has not answered their bank yet (or is asked again): the same step again.
  if (awaited?.status === 'requires_action' && awaited.clientSecret)
    return askToConfirm(deps, row, plan, null, awaited.clientSecret)
  let remote: ProviderSubscription
  if (!row.provider_subscription_id) {
    const { priceId, price } = await priceFor(deps, plan)
    remote = await provider.createSubscription({
      customerId,
      priceId,
      plan: price,
      idempotencyKey: row.idempotency_key,
      metadata: { user_id: String(userId), plan_id: String(plan.id), subscription_id: String(row.id) },
    })
    // Remembered before paying, so a webhook about this subscription finds its row.
    await repo.updateSubscription(deps.db, row.id, {
      provider_subscription_id: remote.id,
      latest_invoice_id: remote.latestInvoiceId,
    })
  } else remote = await provider.retrieveSubscription(row.provider_subscription_id)

  let invoice: ProviderInvoice | null = remote.latestInvoice
  let failure: CardError | null = awaited ? bankAnswer(awaited, invoice) : null
  if (!awaited && remote.status === 'incomplete' && remote.latestInvoiceId) {
    try {
      invoice = await provider.payInvoice(remote.latestInvoiceId, methodId)
      remote = await provider.retrieveSubscription(remote.id)
    } catch (err) {
      if (!(err instanceof CardError)) throw err
      if (err.code === INVOICE_REQUIRES_ACTION) {
        const secret =
          remote.latestInvoice?.clientSecret ??
          (await provider.retrieveSubscription(remote.id)).latestInvoice?.clientSecret
        if (secret) return askToConfirm(deps, row, plan, remote, secret)
        failure = new CardError(
          AUTHENTICATION_UNAVAILABLE.code,
          AUTHENTICATION_UNAVAILABLE.message,
          err.attempt,
        )
      } else failure = err
    }
  }
  const invoiceId = invoice?.id ?? remote.latestInvoiceId
  const updated = await deps.db.transaction(async (tx) => {
    const saved = await repo.updateSubscription(tx, row.id, {
      ...fromRemote(remote),
      last_payment_error: failure?.message ?? null,
      awaiting_payment_id: null,
      locked_until: null,
    })
    const base = {
      userId,
      subscriptionId: row.id,
      kind: 'subscription' as const,
      currency: plan.currency,
      description: `${plan.name} plan`,
    }
    if (failure) {
      const recorded = await recordPayment(deps, tx, {
        ...base,
        ref: failure.attempt?.ref ?? invoiceId,
        dedupeKey: failure.attempt?.key ?? null,
        status: 'failed',
        amountCents: invoice?.amountDue ?? plan.price_cents,
        failure: { code: failure.code, message: failure.message },
      })
      if (recorded)
        await notify(
          deps,
          tx,
          userId,
          N.paymentFailed,
          `Your payment for the ${plan.name} plan failed: ${failure.message}`,
        )
    } else if (invoice?.status === 'paid' && invoice.amountPaid > 0) {
      const recorded = await recordPayment(deps, tx, {
        ...base,
        ref: invoice.id,
        dedupeKey: `${invoice.id}:paid`,
        status: 'succeeded',
        amountCents: invoice.amountPaid,
      })
      if (recorded)
        await notify(
          deps,
          tx,
          userId,
          N.paymentSucceeded,
          `Payment of ${money(invoice.amountPaid, plan.currency)} received. You are on the ${plan.name} plan.`,
        )
    }
    if (grantsPlan(saved)) await endTrial(tx, userId)
    return saved
  })
  if (failure) throw new AppError(failure.code, failure.message, 402)
  return { subscription: presentSubscription(updated, plan) }
}

/** The bank's answer to the payer's 3-D Secure step: null when paid (or still settling). */
function bankAnswer(payment: ProviderPayment, invoice: ProviderInvoice | null): CardError | null {
  if (payment.status === 'succeeded' || payment.status === 'processing') return null
  // Named like the invoice's failed attempt, as its invoice.payment_failed event records it.
  const attempt = invoice ? { ref: invoice.id, key: `${invoice.id}:failed:${invoice.attemptCount}` } : null
  return new CardError(
    AUTHENTICATION_FAILED.code,
    payment.errorMessage ?? AUTHENTICATION_FAILED.message,
    attempt,
  )
}

/** Remembers which payment waits for the payer's bank, and answers the step Stripe.js takes. */
async function askToConfirm(
  deps: PaymentsDeps,
  row: SubscriptionRow,
  plan: PlanRow,
  remote: ProviderSubscription | null,
  clientSecret: string,
): Promise<SubscribeAnswer> {
  const saved = await repo.updateSubscription(deps.db, row.id, {
    ...(remote ? fromRemote(remote) : {}),
    awaiting_payment_id: paymentIdOfSecret(clientSecret),
    last_payment_error: null,
    locked_until: null,
  })
  return {
    subscription: presentSubscription(saved, plan),
    next_action: { type: 'confirm_card_payment', client_secret: clientSecret },
  }
}

/** A paid plan replaces a running trial. */
async function endTrial(tx: Parameters<typeof repo.findTrial>[0], userId: number) {
  const trial = await repo.findTrial(tx, userId, true)
  if (trial?.status === 'trialing')
    await repo.updateSubscription(tx, trial.id, { status: 'canceled', ended_at: new Date() })
}

async function changePlan(deps: PaymentsDeps, row: SubscriptionRow, plan: PlanRow) {
  const { priceId, price } = await priceFor(deps, plan)
  const remote = await deps.provider.changePrice(row.provider_subscription_id!, priceId, price)
  const updated = await deps.db.transaction(async (tx) => {
    const saved = await repo.updateSubscription(tx, row.id, {
      ...fromRemote(remote),
      plan_id: plan.id,
      locked_until: null,
    })
    await notify(
      deps,
      tx,
      row.user_id,
      N.planChanged,
      `Your plan is now ${plan.name} (${money(plan.price_cents, plan.currency)} a month from your next renewal).`,
    )
    return saved
  })
  return presentSubscription(updated, plan)
}

/** The free trial: once per user, no card, not alongside a paid plan. */
async function startTrial(deps: PaymentsDeps, user: User, plan: PlanRow): Promise<Subscription> {
  try {
    const row = await deps.db.transaction(async (tx) => {
      if (await repo.findTrial(tx, user.id, true))
        throw new AppError('trial_used', 'You have already used your free trial.', 409)
      const paid = await repo.findLivePaid(tx, user.id)
      if (paid && grantsPlan(paid))
        throw new AppError('already_subscribed', 'You already have a paid plan.', 409)
      const now = new Date()
      const end = new Date(now.getTime() + plan.trial_days * 86_400_000)
      const inserted = await repo.insertSubscription(tx, {
        user_id: user.id,
        plan_id: plan.id,
        provider: 'local',
        status: 'trialing',
        idempotency_key: `trial-${user.id}`,
        current_period_start: now,
        current_period_end: end,
      })
      await notify(
        deps,
        tx,
        user.id,
        N.trialStarted,
        `Your ${plan.trial_days}-day free trial has started. It ends on ${day(end)}.`,
      )
      return inserted
    })
    return presentSubscription(row, plan)
  } catch (err) {
    if (uniqueViolation(err) !== undefined)
      throw new AppError('trial_used', 'You have already used your free trial.', 409)
    throw err
  }
}

/** Cancels at the end of the period (the plan keeps working until then); an unpaid one ends now. */
export async function cancel(deps: PaymentsDeps, userId: number): Promise<Subscription> {
  const row = await currentRow(deps, userId)
  if (!row) throw NO_PLAN()
  if (row.cancel_at_period_end) return present(deps, row)
  const plan = await repo.findPlan(deps.db, row.plan_id)
  if (!plan) throw notFound('Subscription plan')
  const remote =
    row.provider === 'local' || !row.provider_subscription_id
      ? null
      : await viaProvider(() =>
          row.status === 'incomplete'
            ? deps.provider.cancelNow(row.provider_subscription_id!)
            : deps.provider.setCancelAtPeriodEnd(row.provider_subscription_id!, true),
        )
  const updated = await deps.db.transaction(async (tx) => {
    const saved = await repo.updateSubscription(
      tx,
      row.id,
      remote
        ? fromRemote(remote)
        : row.status === 'incomplete'
          ? { status: 'incomplete_expired', ended_at: new Date() }
          : { cancel_at_period_end: true },
    )
    if (saved.cancel_at_period_end)
      await notify(
        deps,
        tx,
        userId,
        N.planCanceled,
        `Your ${plan.name} plan is canceled and ends on ${day(saved.current_period_end)}.`,
      )
    return saved
  })
  return presentSubscription(updated, plan)
}

/** Undoes a cancellation while the period is still running. */
export async function resume(deps: PaymentsDeps, userId: number): Promise<Subscription> {
  const row = await currentRow(deps, userId)
  if (!row) throw NO_PLAN()
  if (!row.cancel_at_period_end || !grantsPlan(row))
    throw new AppError('not_canceled', 'Your plan is not set to cancel.', 400)
  const plan = await repo.findPlan(deps.db, row.plan_id)
  if (!plan) throw notFound('Subscription plan')
  const remote =
    row.provider === 'local' || !row.provider_subscription_id
      ? null
      : await viaProvider(() => deps.provider.setCancelAtPeriodEnd(row.provider_subscription_id!, false))
  const updated = await deps.db.transaction(async (tx) => {
    const saved = await repo.updateSubscription(
      tx,
      row.id,
      remote ? fromRemote(remote) : { cancel_at_period_end: false },
    )
    await notify(
      deps,
      tx,
      userId,
      N.planResumed,
      row.provider === 'local'
        ? `Your free trial is back on until ${day(saved.current_period_end)}.`
        : `Your ${plan.name} plan is back on and renews on ${day(saved.current_period_end)}.`,
    )
    return saved
  })
  return presentSubscription(updated, plan)
}

/** SPEC §7 check-user-subscription: whether a creator has a plan on, for the landing page. */
export async function checkUserSubscription(deps: PaymentsDeps, username: string) {
  const user = await findUserIdByUsername(deps.db, username)
  if (!user) return { username, has_subscription: false, plan_name: null }
  const row = await currentRow(deps, user.id)
  const active = !!row && grantsPlan(row)
  const plan = active ? await repo.findPlan(deps.db, row.plan_id) : undefined
  return { username: user.username, has_subscription: active, plan_name: plan?.name ?? null }
}
