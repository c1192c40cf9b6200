import { z } from 'zod'
import { defineId } from '../ids'

/** Stripe's subscription statuses that Mouthpiece uses (SPEC §7 "Payment"). */
export const SubscriptionStatus = z.enum([
  'trialing',
  'incomplete',
  'active',
  'past_due',
  'canceled',
  'incomplete_expired',
])
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>

export const Resolution = z.enum(['720p', '1080p'])
export type Resolution = z.infer<typeof Resolution>

/** What a plan lets a user do each month; other modules gate features on these. */
export const Entitlements = z.object({
  render_minutes_per_month: z.number().int().min(0),
  max_resolution: Resolution,
  /** Spoken stream alerts per month, sized on the SPEC §9 alert pricing tiers. */
  alerts_per_month: z.number().int().min(0),
})
export type Entitlements = z.infer<typeof Entitlements>

const RESOLUTION_RANK: Record<Resolution, number> = { '720p': 1, '1080p': 2 }

/**
 * What a plan's entitlements say, in the words the pricing and trial pages show (issue 24: one
 * table is the only source — these lines are never typed by hand, so a page cannot promise what the
 * server's checks do not give). A plan's `features` hold only what the numbers do not say.
 */
export function entitlementLines(e: Entitlements): string[] {
  return [
    `${e.render_minutes_per_month.toLocaleString('en-US')} render minutes a month`,
    `Exports up to ${e.max_resolution}`,
    `${e.alerts_per_month.toLocaleString('en-US')} spoken stream alerts a month`,
  ]
}

/** `plan` gives at least what `other` gives on every entitlement (e.g. a paid plan covering the trial). */
export function coversEntitlements(plan: Entitlements, other: Entitlements): boolean {
  return (
    plan.render_minutes_per_month >= other.render_minutes_per_month &&
    RESOLUTION_RANK[plan.max_resolution] >= RESOLUTION_RANK[other.max_resolution] &&
    plan.alerts_per_month >= other.alerts_per_month
  )
}

/** What every account has, Free included: not a paid feature, so no plan lists it as one. */
export const EVERY_PLAN_INCLUDES = [
  'Voice cloning (your own voice)',
  'Your own avatars, from a photo or a description',
]

const planId = defineId('Invalid plan id')
export const PlanId = planId.json
export const PlanIdText = planId.text

export const SubscriptionPlan = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Monthly price in cents; 0 for the free trial. */
  price_cents: z.number().int(),
  currency: z.string(),
  interval: z.literal('month'),
  /** Days of the free trial; only trial plans have them. */
  trial_days: z.number().int(),
  is_trial: z.boolean(),
  features: z.array(z.string()),
  entitlements: Entitlements,
  is_active: z.boolean(),
  sort_order: z.number().int(),
})
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>

/** Which payment provider is live, and how the web page may collect a card. */
export const PaymentProviderInfo = z.object({
  name: z.enum(['sandbox', 'stripe']),
  /** True for the sandbox and for Stripe test keys: no real money moves. */
  test_mode: z.boolean(),
  /**
   * `stripe-js`: Stripe's own card fields (Stripe.js, loaded from js.stripe.com with
   * `publishable_key`) turn the card into a PaymentMethod id, sent as `token_id`; 3-D Secure runs there.
   * `token-endpoint`: the page posts test cards to POST /api/payment/sandbox/tokens (the sandbox, or
   * Stripe test keys without a publishable key).
   * `unavailable`: live Stripe keys without STRIPE_PUBLISHABLE_KEY cannot take cards.
   */
  card_entry: z.enum(['stripe-js', 'token-endpoint', 'unavailable']),
  /** Stripe's publishable key, for `stripe-js` card entry only. */
  publishable_key: z.string().optional(),
  label: z.string(),
})
export type PaymentProviderInfo = z.infer<typeof PaymentProviderInfo>

export const Subscription = z.object({
  id: z.number().int(),
  status: SubscriptionStatus,
  plan: SubscriptionPlan,
  cancel_at_period_end: z.boolean(),
  /** Renewal (or trial end) date, ISO 8601; null until the provider has one. */
  current_period_end: z.string().nullable(),
  /** True while the subscription grants its plan's entitlements. */
  is_active: z.boolean(),
  /** The card error of the last failed payment, e.g. 'Your card was declined.' */
  last_payment_error: z.string().nullable(),
  created_at: z.string(),
})
export type Subscription = z.infer<typeof Subscription>

/**
 * The card's bank asks the payer to confirm a payment (3-D Secure, Stripe only): the page runs
 * Stripe.js's `confirmCardPayment(client_secret)`, then sends the same request again, which
 * reads the outcome (paid, or the bank's refusal as a 402).
 */
export const CardNextAction = z.object({ type: z.literal('confirm_card_payment'), client_secret: z.string() })
export type CardNextAction = z.infer<typeof CardNextAction>

/** A card on file: never the number, only what the card's owner needs to recognise it. */
export const PaymentMethod = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
})
export type PaymentMethod = z.infer<typeof PaymentMethod>

export const PaymentKind = z.enum(['subscription', 'one_off', 'card_setup'])
export const PaymentRecordStatus = z.enum(['succeeded', 'failed', 'pending'])
/** One row of the payment history. */
export const PaymentRecord = z.object({
  id: z.number().int(),
  kind: PaymentKind,
  description: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: PaymentRecordStatus,
  failure_message: z.string().nullable(),
  created_at: z.string(),
})
export type PaymentRecord = z.infer<typeof PaymentRecord>

/** The effective entitlements of a user, and the plan they come from (FREE when none). */
export const CurrentEntitlements = Entitlements.extend({ plan_slug: z.string(), plan_name: z.string() })
export type CurrentEntitlements = z.infer<typeof CurrentEntitlements>

/** Card number as typed: spaces and dashes allowed. */
export const CardNumber = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incorrect.'))

/** An admin's plan edit; every field optional (a partial update keeps the rest). */
export const PlanUpdate = z
  .object({
    name: z.string().trim().min(1, 'Please enter a plan name').max(60),
    description: z.string().trim().max(500),
    price_cents: z.number().int().min(0, 'Price must be 0 or more').max(10_000_000),
    trial_days: z.number().int().min(0).max(365),
    features: z.array(z.string().trim().min(1).max(200)).max(20),
    entitlements: Entitlements,
    is_active: z.boolean(),
    sort_order: z.number().int().min(0).max(100_000, 'The order must be at most 100000'),
  })
  .partial()
export const PlanInput = PlanUpdate.required({ name: true, price_cents: true, entitlements: true }).extend({
  slug: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may only contain lowercase letters, numbers and dashes'),
})

/**
 * Notification types the payments module sends (SPEC §3: 1 to 8, each opens the billing page).
 */
export const PaymentNotificationType = {
  paymentSucceeded: 1,
  paymentFailed: 2,
  planCanceled: 3,
  planResumed: 4,
  trialStarted: 5,
  trialEnded: 6,
  planEnded: 7,
  planChanged: 8,
} as const

/** Effective limits of a user without a plan (or whose plan has ended). */
export const FREE_ENTITLEMENTS: CurrentEntitlements = {
  plan_slug: 'free',
  plan_name: 'Free',
  render_minutes_per_month: 10,
  max_resolution: '720p',
  alerts_per_month: 10,
}

/** Shown on every test-mode payment page. */
export const SANDBOX_LABEL = 'Test mode — sandbox payments, no real charges'
export const STRIPE_TEST_LABEL = 'Stripe test mode — no real charges'
