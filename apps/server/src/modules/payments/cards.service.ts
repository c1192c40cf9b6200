import { randomUUID } from 'node:crypto'
import { PaymentNotificationType as N } from '@mouthpiece/contracts/payments/payments.schemas'
import type { PaymentMethod, PaymentRecord } from '@mouthpiece/contracts/payments/payments.schemas'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { AppError } from '../../platform/http/errors'
import * as repo from './payments.repo'
import {
  ensureCustomer,
  money,
  notify,
  presentMethod,
  presentPayment,
  recordPayment,
  toAppError,
  viaProvider,
} from './payments.deps'
import type { PaymentsDeps } from './payments.deps'
import { CardError } from './sources/payment-provider'
import type { CardSummary } from './sources/payment-provider'

export const HISTORY_PAGE_SIZE = 10
const NO_CARD = () => new AppError('no_card', 'You have no card on file.', 404)
const TEST_MODE_ONLY = () => new AppError('test_mode_only', 'This is only available in test mode.', 403)

export async function getMethod(deps: PaymentsDeps, userId: number): Promise<PaymentMethod | null> {
  const row = await repo.findMethod(deps.db, userId, deps.provider.name)
  return row ? presentMethod(row) : null
}

/**
 * Test mode: turns a test card into a token, as Stripe.js would in the browser. Only brand,
 * last 4 and expiry come back; the number is forgotten here.
 */
export async function tokenize(
  deps: PaymentsDeps,
  card: { number: string; exp_month: number; exp_year: number; cvc: string },
): Promise<{ token_id: string; card: CardSummary }> {
  if (!deps.provider.testMode) throw TEST_MODE_ONLY()
  const { tokenId, card: summary } = await viaProvider(() =>
    deps.provider.tokenizeTestCard({
      number: card.number,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      cvc: card.cvc,
    }),
  )
  return { token_id: tokenId, card: summary }
}

/**
 * Saves a card as the card on file, replacing the previous one. A card the provider refuses is
 * a 402 with its message and a failed "Card verification" row in the history.
 */
export async function saveCard(
  deps: PaymentsDeps,
  user: User,
  tokenId: string,
  opts: { mustReplace: boolean },
): Promise<PaymentMethod> {
  if (opts.mustReplace && !(await repo.findMethod(deps.db, user.id, deps.provider.name)))
    throw new AppError('no_card', 'You have no card on file. Add a card first.', 404)
  const customerId = await ensureCustomer(deps, user)
  let card
  try {
    card = await deps.provider.attachCard(customerId, tokenId)
  } catch (err) {
    if (err instanceof CardError) {
      await deps.db.transaction((tx) =>
        recordPayment(deps, tx, {
          userId: user.id,
          kind: 'card_setup',
          ref: null,
          dedupeKey: null,
          status: 'failed',
          amountCents: 0,
          currency: 'usd',
          description: 'Card verification',
          failure: { code: err.code, message: err.message },
        }),
      )
    }
    throw toAppError(err)
  }
  const { method, replaced } = await deps.db.transaction((tx) =>
    repo.replaceMethod(tx, {
      user_id: user.id,
      provider: deps.provider.name,
      provider_method_id: card.methodId,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    }),
  )
  if (replaced && replaced.provider_method_id !== card.methodId) {
    const old = replaced.provider_method_id
    await deps.provider
      .detachCard(old)
      .catch((err: unknown) => console.warn('[payments] could not detach', old, err))
  }
  return presentMethod(method)
}

/** Removes the card on file, unless a plan is due to renew with it. */
export async function deleteMethod(deps: PaymentsDeps, userId: number): Promise<null> {
  const method = await repo.findMethod(deps.db, userId, deps.provider.name)
  if (!method) throw NO_CARD()
  const live = await repo.findLivePaid(deps.db, userId)
  if (live && (live.status === 'active' || live.status === 'past_due') && !live.cancel_at_period_end)
    throw new AppError(
      'card_in_use',
      'Your plan renews with this card. Add a new card or cancel your plan first.',
      409,
    )
  await viaProvider(() => deps.provider.detachCard(method.provider_method_id))
  await deps.db.transaction((tx) => repo.deleteMethod(tx, method.id))
  return null
}

/** Test mode: a one-off PaymentIntent on the card on file (or a new card, which is then kept on file). */
export async function oneOffPayment(
  deps: PaymentsDeps,
  user: User,
  input: { amount_cents: number; description: string; token_id?: string },
): Promise<PaymentRecord> {
  if (!deps.provider.testMode) throw TEST_MODE_ONLY()
  if (input.token_id) await saveCard(deps, user, input.token_id, { mustReplace: false })
  const method = await repo.findMethod(deps.db, user.id, deps.provider.name)
  if (!method) throw new AppError('payment_method_required', 'Please add a card first.', 400)
  const customerId = await ensureCustomer(deps, user)
  const base = {
    userId: user.id,
    kind: 'one_off' as const,
    amountCents: input.amount_cents,
    currency: 'usd',
    description: input.description,
  }
  try {
    const pi = await deps.provider.createPayment({
      customerId,
      methodId: method.provider_method_id,
      amountCents: input.amount_cents,
      currency: 'usd',
      description: input.description,
      idempotencyKey: `oneoff-${user.id}-${randomUUID()}`,
      metadata: { kind: 'one_off', user_id: String(user.id) },
    })
    const status = pi.status === 'succeeded' ? 'succeeded' : pi.status === 'processing' ? 'pending' : 'failed'
    return await deps.db.transaction(async (tx) => {
      const key = `${pi.id}:${status}`
      const recorded = await recordPayment(deps, tx, {
        ...base,
        ref: pi.id,
        dedupeKey: key,
        status,
        ...(status === 'failed'
          ? {
              failure: {
                code: 'authentication_required',
                message: 'This payment needs card authentication, which this page cannot show.',
              },
            }
          : {}),
      })
      if (recorded && status === 'succeeded')
        await notify(
          deps,
          tx,
          user.id,
          N.paymentSucceeded,
          `Payment of ${money(pi.amount)} received: ${input.description}.`,
        )
      return presentPayment((await repo.findPaymentByKey(tx, `${deps.provider.name}:${key}`))!)
    })
  } catch (err) {
    if (err instanceof CardError) {
      await deps.db.transaction(async (tx) => {
        const recorded = await recordPayment(deps, tx, {
          ...base,
          ref: err.attempt?.ref ?? null,
          dedupeKey: err.attempt?.key ?? null,
          status: 'failed',
          failure: { code: err.code, message: err.message },
        })
        if (recorded)
          await notify(
            deps,
            tx,
            user.id,
            N.paymentFailed,
            `Your payment of ${money(input.amount_cents)} failed: ${err.message}`,
          )
      })
    }
    throw toAppError(err)
  }
}

export async function history(deps: PaymentsDeps, userId: number, page: number) {
  const { rows, total } = await repo.listPayments(
    deps.db,
    userId,
    HISTORY_PAGE_SIZE,
    (page - 1) * HISTORY_PAGE_SIZE,
  )
  return {
    list: rows.map(presentPayment),
    total,
    lastPage: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)),
  }
}
