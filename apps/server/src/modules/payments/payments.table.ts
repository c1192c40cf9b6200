import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Entitlements } from '@mouthpiece/contracts/payments/payments.schemas'
import { referencesUser } from '../users'

const ts = (name: string) => timestamp(name, { withTimezone: true })

/** Plans users subscribe to; seeded, then edited by admins. Prices are monthly, in cents. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique('subscription_plans_slug_key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price_cents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    trial_days: integer('trial_days').notNull().default(0),
    is_trial: boolean('is_trial').notNull().default(false),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    entitlements: jsonb('entitlements').$type<Entitlements>().notNull(),
    is_active: boolean('is_active').notNull().default(true),
    sort_order: integer('sort_order').notNull().default(0),
    /** Stripe Price for the current price_cents; cleared when the price changes (Prices are immutable). */
    stripe_price_id: text('stripe_price_id'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('subscription_plans_price_check', sql`${t.price_cents} >= 0`)],
)
export type PlanRow = typeof subscriptionPlans.$inferSelect

/** A user's customer record at a provider (sandbox or Stripe). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    provider_customer_id: text('provider_customer_id').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payment_customers_pkey', columns: [t.user_id, t.provider] }),
    uniqueIndex('payment_customers_provider_id_key').on(t.provider, t.provider_customer_id),
  ],
)

/** The card on file. Only brand, last 4 digits and expiry: never the number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    provider_method_id: text('provider_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    exp_month: integer('exp_month').notNull(),
    exp_year: integer('exp_year').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_id_key').on(t.provider, t.provider_method_id),
    // One card on file per user and provider; replacing a card swaps the row in one transaction.
    uniqueIndex('payment_methods_user_key').on(t.user_id, t.provider),
  ],
)
export type MethodRow = typeof paymentMethods.$inferSelect

export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'incomplete',
  'active',
  'past_due',
  'canceled',
  'incomplete_expired',
] as const
/** Statuses of a subscription that is still going (it may still charge or grant something). */
export const LIVE_STATUSES = ['trialing', 'incomplete', 'active', 'past_due'] as const

/**
 * Subscriptions, paid (provider sandbox or stripe) and free trials (provider local). At most one
 * live paid subscription and one trial ever per user, enforced by partial unique indexes.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    provider: text('provider').notNull(),
    provider_subscription_id: text('provider_subscription_id'),
    /** Sent with the create call: a retried request never creates a second provider subscription. */
    idempotency_key: text('idempotency_key').notNull().unique('subscriptions_idempotency_key_key'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    current_period_start: ts('current_period_start'),
    current_period_end: ts('current_period_end'),
    latest_invoice_id: text('latest_invoice_id'),
    last_payment_error: text('last_payment_error'),
    /**
     * The first invoice's PaymentIntent while the payer's bank asks them to confirm (3-D Secure):
     * the next subscribe request reads its outcome instead of charging again.
     */
    awaiting_payment_id: text('awaiting_payment_id'),
    /** When the row last took the provider's state; older webhook events do not overwrite it. */
    provider_synced_at: ts('provider_synced_at'),
    /** A request working on this row with the provider; others wait instead of acting twice. */
    locked_until: ts('locked_until'),
    ended_at: ts('ended_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('trialing', 'incomplete', 'active', 'past_due', 'canceled', 'incomplete_expired')`,
    ),
    uniqueIndex('subscriptions_provider_id_key').on(t.provider, t.provider_subscription_id),
    uniqueIndex('subscriptions_one_live_paid_key')
      .on(t.user_id)
      .where(
        sql`${t.provider} <> 'local' and ${t.status} in ('trialing', 'incomplete', 'active', 'past_due')`,
      ),
    uniqueIndex('subscriptions_one_trial_key')
      .on(t.user_id)
      .where(sql`${t.provider} = 'local'`),
    index('subscriptions_due_idx')
      .on(t.current_period_end)
      .where(sql`${t.status} in ('trialing', 'active', 'past_due')`),
  ],
)
export type SubscriptionRow = typeof subscriptions.$inferSelect

/**
 * Payment history: charges and failed attempts. `dedupe_key` names one attempt's outcome, so the
 * synchronous answer and the webhook for the same attempt record it once.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    subscription_id: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['subscription', 'one_off', 'card_setup'] }).notNull(),
    provider: text('provider').notNull(),
    provider_ref: text('provider_ref'),
    dedupe_key: text('dedupe_key').notNull().unique('payments_dedupe_key_key'),
    description: text('description').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['succeeded', 'failed', 'pending'] }).notNull(),
    failure_code: text('failure_code'),
    failure_message: text('failure_message'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.user_id, t.created_at),
    check('payments_status_check', sql`${t.status} in ('succeeded', 'failed', 'pending')`),
  ],
)
export type PaymentRow = typeof payments.$inferSelect

/** Webhook events already applied; an event id is applied once however often it is delivered. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  event_id: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processed_at: ts('processed_at').notNull().defaultNow(),
})

/**
 * The sandbox provider's own records (customers, cards, subscriptions, invoices, payment intents,
 * idempotency keys), kept like a remote service would: the app reaches them only through the
 * provider interface.
 */
export const sandboxObjects = pgTable(
  'payment_sandbox_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payment_sandbox_objects_kind_idx').on(t.kind)],
)
