import type { RouteBody } from '@mouthpiece/contracts/define-route'
import type {
  DirectTip,
  TipNextAction,
  TipPageCreator,
} from '@mouthpiece/contracts/donations/tips-direct.contract'
import type { sendDirectTip } from '@mouthpiece/contracts/donations/tips-direct.contract'
import { PaymentNotificationType } from '@mouthpiece/contracts/payments/payments.schemas'
import type { Tx } from '../../../platform/db/client'
import { AppError, notFound } from '../../../platform/http/errors'
import { findUserByLogin } from '../../users'
import type { UserRow } from '../../users'
import {
  money,
  toAppError,
  AUTHENTICATION_FAILED,
  AUTHENTICATION_UNAVAILABLE,
  CardError,
} from '../../payments'
import type { PaymentPurposeHandler, PaymentsDeps, ProviderPayment } from '../../payments'
import type { DonationsDeps } from '../donations.deps'
import type { DirectTipRow } from '../donations.table'
import * as repo from './direct-tips.repo'
import { findBySourceId, findUserEvent } from '../ingest/events.repo'
import { acceptEvent } from '../ingest/ingest.service'
import { findSettings, listSetups } from '../settings/settings.repo'
import { currentAvatar, signedAvatar } from '../settings/setup-avatar'

/** `metadata.kind` of a tip's PaymentIntent: the payments webhook hands those to `directTipPurpose`. */
export const DIRECT_TIP_PURPOSE = 'direct_tip'

/**
 * SPEC §3 allows notification types 1–8 only, all billing ones; a tip is money received, so it
 * goes out as "payment received" (1).
 */
const TIP_NOTIFICATION = PaymentNotificationType.paymentSucceeded

/** Card problems the payer fixes by entering the card again: the request was bad, not the card. */
const TOKEN_PROBLEMS = new Set(['token_already_used', 'resource_missing'])
const cardProblem = (code: string, message: string) =>
  new AppError(code, message, TOKEN_PROBLEMS.has(code) ? 400 : 402)

/** Creators are users; an unknown or disabled one has no tip page. */
async function findCreator(deps: DonationsDeps, username: string): Promise<UserRow> {
  const user = username.includes('@') ? undefined : await findUserByLogin(deps.db, username)
  if (!user?.is_enabled) throw notFound('Creator')
  return user
}

/** How long the tip page's avatar picture links work (a visitor reading the page, then paying). */
const TIP_PAGE_LINK_SECONDS = 3600

/** GET /api/donation/tip-page/:username — read only: a visit creates no settings row. */
export async function tipPage(
  deps: DonationsDeps,
  payments: PaymentsDeps,
  username: string,
): Promise<TipPageCreator> {
  const creator = await findCreator(deps, username)
  const [settings, setups] = await Promise.all([
    findSettings(deps.db, creator.id),
    listSetups(deps.db, creator.id),
  ])
  return {
    username: creator.username,
    // Setups come cheapest first: the one that speaks the smallest tip.
    avatar: setups[0]
      ? await signedAvatar(
          deps.storage,
          await currentAvatar(deps.db, creator.id, setups[0].donation_avatar),
          TIP_PAGE_LINK_SECONDS,
        )
      : null,
    alerts_live:
      !settings || (settings.alerts_allowed && !settings.mute_all && settings.enabled_types.includes('tip')),
    min_spoken_usd: settings?.minimums.amount_usd ?? 0,
    test_mode: payments.provider.testMode,
  }
}

/**
 * POST /api/donation/tips/direct. The tip row (keyed by the page's idempotency key) is written
 * before the card is charged; the provider's idempotency key is derived from it and the attempt,
 * so a retried request charges once, and a declined tip may be retried with another card.
 */
export async function sendTip(
  deps: DonationsDeps,
  payments: PaymentsDeps,
  body: RouteBody<typeof sendDirectTip>,
): Promise<{ tip?: DirectTip; next_action?: TipNextAction }> {
  const creator = await findCreator(deps, body.username)
  const details = {
    token_id: body.token_id,
    amount_cents: body.amount_cents,
    who: body.who,
    message: body.message,
    channel: body.channel || null,
  }
  let tip = await repo.insertOrFind(deps.db, {
    ...details,
    idempotency_key: body.idempotency_key,
    user_id: creator.id,
    currency: body.currency,
    provider: payments.provider.name,
  })
  // A tip that may have been charged is only ever answered, never changed.
  if (tip.user_id !== creator.id || (tip.status !== 'failed' && tip.amount_cents !== body.amount_cents))
    throw new AppError(
      'idempotency_conflict',
      'This tip was already sent with other details. Please reload the page.',
      409,
    )
  if (tip.status === 'paid') return { tip: await presentPaid(deps, tip) }
  if (tip.status === 'failed') {
    // The same card again gets the same answer without a second try; another card is a new attempt.
    if (tip.token_id === body.token_id)
      throw cardProblem(tip.failure_code ?? 'card_declined', tip.failure_message ?? 'Your card was declined.')
    tip = (await repo.nextAttempt(deps.db, tip.id, tip.attempt, details)) ?? tip
  }
  const claimed = await repo.claimAttempt(deps.db, tip.id, tip.attempt)
  if (!claimed) {
    const now = await repo.findTip(deps.db, tip.id)
    if (now?.status === 'paid') return { tip: await presentPaid(deps, now) }
    throw new AppError('tip_in_progress', 'This tip is already being sent. Please wait a moment.', 409)
  }
  const payment = await charge(payments, claimed, creator.username)
  if ('confirmWith' in payment)
    return { next_action: { type: 'confirm_card_payment', client_secret: payment.confirmWith } }
  const paid = await deps.db.transaction((tx) => completeTip(deps, payments, tx, claimed.id, payment))
  deps.wakeWorkers()
  return { tip: await presentPaid(deps, paid) }
}

/**
 * One provider call for the claimed attempt; its outcome is written on the row before answering.
 * An attempt that already has a payment was waiting for the payer's 3-D Secure step: it is read,
 * not charged again. Answers the client secret when the payer must (still) confirm.
 */
async function charge(
  payments: PaymentsDeps,
  tip: DirectTipRow,
  creator: string,
): Promise<ProviderPayment | { confirmWith: string }> {
  let payment: ProviderPayment
  try {
    payment = tip.payment_id
      ? await payments.provider.retrievePayment(tip.payment_id)
      : await payments.provider.createPayment({
          customerId: null,
          methodId: tip.token_id,
          amountCents: tip.amount_cents,
          currency: tip.currency.toLowerCase(),
          description: `Tip to ${creator}`,
          idempotencyKey: `tip-${tip.idempotency_key}-${tip.attempt}`,
          metadata: { kind: DIRECT_TIP_PURPOSE, direct_tip_id: String(tip.id), attempt: String(tip.attempt) },
        })
  } catch (err) {
    if (err instanceof CardError) {
      await repo.markFailed(payments.db, tip.id, tip.attempt, { code: err.code, message: err.message })
      throw cardProblem(err.code, err.message)
    }
    // Unknown outcome (the provider did not answer): a retry repeats the call under the same key.
    await repo.releaseAttempt(payments.db, tip.id, tip.attempt)
    throw toAppError(err)
  }
  if (payment.status === 'requires_action' && payment.clientSecret) {
    // 3-D Secure with Stripe: the payer confirms with their bank in Stripe.js, then asks again.
    await repo.awaitConfirmation(payments.db, tip.id, tip.attempt, payment.id)
    return { confirmWith: payment.clientSecret }
  }
  if (payment.status !== 'succeeded') {
    const failure =
      payment.status === 'requires_payment_method'
        ? // The bank's confirmation failed or was refused: Stripe says why.
          { code: AUTHENTICATION_FAILED.code, message: payment.errorMessage ?? AUTHENTICATION_FAILED.message }
        : AUTHENTICATION_UNAVAILABLE
    await repo.markFailed(payments.db, tip.id, tip.attempt, failure)
    throw cardProblem(failure.code, failure.message)
  }
  return payment
}

/**
 * A charged tip becomes paid, its alert event (source direct, kind tip, external id = the
 * payment) and the creator's notification, in the caller's one transaction. Runs once: the request
 * and the webhook may both reach it.
 */
async function completeTip(
  deps: DonationsDeps,
  payments: PaymentsDeps,
  tx: Tx,
  tipId: number,
  payment: Pick<ProviderPayment, 'id'>,
): Promise<DirectTipRow | undefined> {
  const tip = await repo.findTip(tx, tipId, true)
  if (!tip || tip.status === 'paid') return tip
  const outcome = await acceptEvent(
    deps,
    { userId: tip.user_id },
    {
      source: 'direct',
      kind: 'tip',
      external_id: payment.id,
      who: tip.who,
      amount: tip.amount_cents / 100,
      currency: tip.currency,
      message: tip.message,
      raw: { direct_tip_id: tip.id, channel: tip.channel, payment_id: payment.id },
    },
    { tx },
  )
  const alertEventId = outcome.id ?? (await findBySourceId(tx, tip.user_id, 'direct', payment.id))?.id ?? null
  await repo.markPaid(tx, tip.id, { paymentId: payment.id, alertEventId })
  const from = tip.who || 'Anonymous'
  await payments.notifications.notify(
    tip.user_id,
    {
      type: TIP_NOTIFICATION,
      content: `${from} tipped you ${money(tip.amount_cents, tip.currency)}${tip.message ? `: “${tip.message}”` : '.'}`,
    },
    { tx },
  )
  return { ...tip, status: 'paid', payment_id: payment.id, alert_event_id: alertEventId }
}

async function presentPaid(deps: DonationsDeps, tip: DirectTipRow | undefined): Promise<DirectTip> {
  const event = tip?.alert_event_id
    ? await findUserEvent(deps.db, tip.user_id, tip.alert_event_id)
    : undefined
  if (!event) throw notFound('Tip')
  return {
    id: event.id,
    status: event.status,
    who: event.who,
    amount: event.amount ?? 0,
    currency: event.currency ?? 'USD',
    message: event.message,
  }
}

/**
 * The webhook's side: a tip whose request died after the charge is completed by
 * payment_intent.succeeded; a failure reported late marks its attempt failed.
 */
export function directTipPurpose(deps: DonationsDeps, payments: PaymentsDeps): PaymentPurposeHandler {
  return async (tx, payment) => {
    const id = Number(payment.metadata.direct_tip_id)
    if (!Number.isSafeInteger(id) || id <= 0) return
    if (payment.status === 'succeeded') {
      await completeTip(deps, payments, tx, id, payment)
      return
    }
    if (payment.status === 'requires_payment_method' || payment.status === 'canceled')
      await repo.markFailed(tx, id, Number(payment.metadata.attempt), {
        code: 'card_declined',
        message: payment.errorMessage ?? 'Your card was declined.',
      })
  }
}
