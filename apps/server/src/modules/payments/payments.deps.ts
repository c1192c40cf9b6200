import { randomUUID } from 'node:crypto'
import type {
  PaymentMethod,
  PaymentProviderInfo,
  PaymentRecord,
  Subscription,
} from '@mouthpiece/contracts/payments/payments.schemas'
import { SANDBOX_LABEL, STRIPE_TEST_LABEL } from '@mouthpiece/contracts/payments/payments.schemas'
import type { Platform } from '../../platform/context'
import { cachedPerDb } from '../../platform/cached-per-db'
import type { Db, Queryable, Tx } from '../../platform/db/client'
import { AppError } from '../../platform/http/errors'
import { createNotificationsService } from '../notifications'
import type { NotificationsService } from '../notifications'
import { presentPlan } from './plans.service'
import type { MethodRow, PaymentRow, PlanRow, SubscriptionRow } from './payments.table'
import * as repo from './payments.repo'
import { CardError, ProviderError } from './sources/payment-provider'
import type {
  PaymentProvider,
  PlanPrice,
  ProviderPayment,
  ProviderSubscription,
} from './sources/payment-provider'
import { createSandboxProvider } from './sources/sandbox.provider'
import type { SandboxProvider } from './sources/sandbox.provider'
import { createStripeProvider } from './sources/stripe.provider'

/** A one-off payment's outcome as a webhook reports it (payment_intent.succeeded / .payment_failed). */
export type PaymentPurposeHandler = (
  tx: Tx,
  payment: ProviderPayment & { metadata: Record<string, string> },
) => Promise<void>

/** What the payments use cases work with: the database, the provider in use, notifications. */
export interface PaymentsDeps {
  db: Db
  provider: PaymentProvider | SandboxProvider
  notifications: NotificationsService
  /**
   * Other modules' one-off payments by `metadata.kind` (donations registers `direct_tip` when it
   * starts): the webhook hands their PaymentIntents to them, so payments imports none of them.
   */
  purposes: Map<string, PaymentPurposeHandler>
}

/**
 * Stripe when both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, otherwise the embedded
 * sandbox. One per database, shared by the HTTP routes and the workers of a process.
 */
export const paymentsDeps = cachedPerDb(
  (platform: Pick<Platform, 'db' | 'config' | 'realtime'>): PaymentsDeps => {
    const { config, db } = platform
    if (!!config.STRIPE_SECRET_KEY !== !!config.STRIPE_WEBHOOK_SECRET)
      console.warn(
        '[payments] Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; using the sandbox',
      )
    const provider =
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? createStripeProvider(config)
        : createSandboxProvider(db, { webhookSecret: config.PAYMENTS_SANDBOX_WEBHOOK_SECRET })
    return { db, provider, notifications: createNotificationsService(platform), purposes: new Map() }
  },
)

export function isSandbox(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox'
}

export function providerInfo(provider: PaymentProvider): PaymentProviderInfo {
  const publishableKey = provider.name === 'stripe' ? provider.publishableKey : undefined
  return {
    name: provider.name,
    test_mode: provider.testMode,
    card_entry: publishableKey ? 'stripe-js' : provider.testMode ? 'token-endpoint' : 'unavailable',
    ...(publishableKey ? { publishable_key: publishableKey } : {}),
    label: provider.name === 'sandbox' ? SANDBOX_LABEL : provider.testMode ? STRIPE_TEST_LABEL : '',
  }
}

/**
 * Runs a provider call. A card problem becomes a 402 with the card's message (SPEC §8 shows the
 * server message); an unreachable provider a 502.
 */
export async function viaProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    throw toAppError(err)
  }
}
export function toAppError(err: unknown): unknown {
  if (err instanceof CardError) return new AppError(err.code, err.message, 402)
  if (err instanceof ProviderError) {
    console.error('[payments]', err.message)
    return new AppError(
      'payment_provider_error',
      'The payment provider is not answering. Please try again in a moment.#' + err.message,
      502,
    )
  }
  return err
}

/** The user's customer at the provider, created on first need (idempotent per user). */
export async function ensureCustomer(
  deps: PaymentsDeps,
  user: { id: number; email: string; username: string },
): Promise<string> {
  const known = await repo.findCustomerId(deps.db, user.id, deps.provider.name)
  if (known) return known
  const created = await viaProvider(() =>
    deps.provider.createCustomer({ userId: user.id, email: user.email, name: user.username }),
  )
  return repo.insertCustomer(deps.db, user.id, deps.provider.name, created)
}

/** The provider's price for a plan, remembering Stripe's Price id on the plan. */
export async function priceFor(
  deps: PaymentsDeps,
  plan: PlanRow,
): Promise<{ priceId: string; price: PlanPrice }> {
  const price = planPrice(plan, deps.provider.name === 'stripe' ? plan.stripe_price_id : null)
  const priceId = await viaProvider(() => deps.provider.priceFor(price))
  if (deps.provider.name === 'stripe' && priceId !== plan.stripe_price_id)
    await repo.setPlanPrice(deps.db, plan.id, plan.price_cents, priceId)
  return { priceId, price }
}
export function planPrice(plan: PlanRow, knownPriceId: string | null): PlanPrice {
  return {
    planId: plan.id,
    name: plan.name,
    amountCents: plan.price_cents,
    currency: plan.currency,
    knownPriceId,
    version: `${plan.price_cents}-${plan.currency}-${plan.updated_at.getTime()}`,
  }
}

/** The provider's view of a subscription, as columns. */
export function fromRemote(remote: ProviderSubscription): repo.SubscriptionChanges {
  const ended = remote.status === 'canceled' || remote.status === 'incomplete_expired'
  return {
    provider_subscription_id: remote.id,
    status: remote.status,
    cancel_at_period_end: remote.cancelAtPeriodEnd,
    current_period_start: remote.currentPeriodStart,
    current_period_end: remote.currentPeriodEnd,
    latest_invoice_id: remote.latestInvoiceId,
    provider_synced_at: new Date(),
    // Paid (or over): no 3-D Secure step is pending any more.
    ...(remote.status !== 'incomplete' ? { awaiting_payment_id: null } : {}),
    ...(ended ? { ended_at: new Date() } : {}),
  }
}

export interface PaymentOutcome {
  userId: number
  subscriptionId?: number | null
  kind: PaymentRow['kind']
  /** Provider object (invoice or payment intent); with the attempt it names the row for dedupe. */
  ref: string | null
  dedupeKey: string | null
  status: PaymentRow['status']
  amountCents: number
  currency: string
  description: string
  failure?: { code: string; message: string }
}

/** Records a payment or a failed attempt once; answers whether this call recorded it. */
export async function recordPayment(deps: PaymentsDeps, tx: Queryable, p: PaymentOutcome): Promise<boolean> {
  const row = await repo.insertPaymentOnce(tx, {
    user_id: p.userId,
    subscription_id: p.subscriptionId ?? null,
    kind: p.kind,
    provider: deps.provider.name,
    provider_ref: p.ref,
    dedupe_key: `${deps.provider.name}:${p.dedupeKey ?? `${p.kind}:${p.userId}:${randomUUID()}`}`,
    description: p.description,
    amount_cents: p.amountCents,
    currency: p.currency,
    status: p.status,
    failure_code: p.failure?.code ?? null,
    failure_message: p.failure?.message ?? null,
  })
  return !!row
}

/** Tells the user, inside the transaction that made the change (no row, no push on rollback). */
export async function notify(
  deps: PaymentsDeps,
  tx: Queryable,
  userId: number,
  type: number,
  content: string,
) {
  await deps.notifications.notify(userId, { content, type }, { tx })
}

export const money = (cents: number, currency = 'usd') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)
export const day = (d: Date | null) =>
  d
    ? d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : 'the end of the period'

/** Whether a subscription grants its plan now: paid and not ended, or a trial still running. */
export function grantsPlan(row: SubscriptionRow, now = new Date()): boolean {
  if (row.status === 'active' || row.status === 'past_due') return true
  if (row.status === 'trialing') return !row.current_period_end || row.current_period_end > now
  return false
}

export function presentSubscription(row: SubscriptionRow, plan: PlanRow, now = new Date()): Subscription {
  return {
    id: row.id,
    status: row.status,
    plan: presentPlan(plan),
    cancel_at_period_end: row.cancel_at_period_end,
    current_period_end: row.current_period_end?.toISOString() ?? null,
    is_active: grantsPlan(row, now),
    last_payment_error: row.last_payment_error,
    created_at: row.created_at.toISOString(),
  }
}
export function presentMethod(row: MethodRow): PaymentMethod {
  return { id: row.id, brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year }
}
export function presentPayment(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    amount_cents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    failure_message: row.failure_message,
    created_at: row.created_at.toISOString(),
  }
}
