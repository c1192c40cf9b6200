import { z } from 'zod'
import { SubscriptionStatus } from '@mouthpiece/contracts/payments/payments.schemas'
import type { ProviderInvoice, ProviderPayment, ProviderSubscription } from './payment-provider'

/**
 * Readers for Stripe's JSON objects (API 2025-03-31 and later: periods live on subscription items,
 * an invoice names its subscription under parent.subscription_details). The Stripe adapter, the
 * sandbox (which stores Stripe-shaped objects) and the webhook handler all read through these.
 */
const Id = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)])

export const StripeInvoiceShape = z.object({
  id: z.string(),
  object: z.literal('invoice').optional(),
  status: z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']).nullable().catch('open'),
  amount_due: z.number().int().default(0),
  amount_paid: z.number().int().default(0),
  currency: z.string().default('usd'),
  attempt_count: z.number().int().default(0),
  customer: Id.nullable().optional(),
  subscription: Id.nullable().optional(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: Id.nullable().optional() }).nullable().optional(),
    })
    .nullable()
    .optional(),
  confirmation_secret: z.object({ client_secret: z.string() }).nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
})

export const StripeSubscriptionShape = z.object({
  id: z.string(),
  object: z.literal('subscription').optional(),
  status: z.string(),
  cancel_at_period_end: z.boolean().default(false),
  customer: Id.nullable().optional(),
  current_period_start: z.number().nullable().optional(),
  current_period_end: z.number().nullable().optional(),
  items: z
    .object({
      data: z.array(
        z.object({
          id: z.string(),
          current_period_start: z.number().nullable().optional(),
          current_period_end: z.number().nullable().optional(),
        }),
      ),
    })
    .optional(),
  latest_invoice: z.union([z.string(), StripeInvoiceShape]).nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
})

export const StripePaymentIntentShape = z.object({
  id: z.string(),
  object: z.literal('payment_intent').optional(),
  status: z.enum([
    'succeeded',
    'processing',
    'requires_action',
    'requires_payment_method',
    'canceled',
    'requires_confirmation',
    'requires_capture',
  ]),
  amount: z.number().int(),
  currency: z.string(),
  customer: Id.nullable().optional(),
  latest_charge: Id.nullable().optional(),
  last_payment_error: z
    .object({ message: z.string().optional(), code: z.string().optional() })
    .nullable()
    .optional(),
  client_secret: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
})

export const StripeEventShape = z.object({
  id: z.string(),
  object: z.literal('event').optional(),
  type: z.string(),
  created: z.number().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
})
export type StripeEvent = z.infer<typeof StripeEventShape>

const date = (s: number | null | undefined) => (s ? new Date(s * 1000) : null)

export function readInvoice(raw: unknown): ProviderInvoice {
  const inv = StripeInvoiceShape.parse(raw)
  return {
    id: inv.id,
    status: inv.status ?? 'open',
    amountDue: inv.amount_due,
    amountPaid: inv.amount_paid,
    currency: inv.currency,
    attemptCount: inv.attempt_count,
    subscriptionId: inv.parent?.subscription_details?.subscription ?? inv.subscription ?? null,
    clientSecret: inv.confirmation_secret?.client_secret ?? null,
  }
}

export function readSubscription(raw: unknown): ProviderSubscription {
  const sub = StripeSubscriptionShape.parse(raw)
  const item = sub.items?.data[0]
  const status = SubscriptionStatus.safeParse(sub.status)
  const latest = sub.latest_invoice
  return {
    id: sub.id,
    // 'paused' and 'unpaid' grant nothing, like a canceled subscription.
    status: status.success ? status.data : 'canceled',
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodStart: date(item?.current_period_start ?? sub.current_period_start),
    currentPeriodEnd: date(item?.current_period_end ?? sub.current_period_end),
    itemId: item?.id ?? null,
    latestInvoice: latest && typeof latest === 'object' ? readInvoice(latest) : null,
    latestInvoiceId: latest ? (typeof latest === 'string' ? latest : latest.id) : null,
  }
}

export function readPaymentIntent(
  raw: unknown,
): ProviderPayment & { metadata: Record<string, string>; description: string | null } {
  const pi = StripePaymentIntentShape.parse(raw)
  return {
    id: pi.id,
    status: pi.status,
    amount: pi.amount,
    currency: pi.currency,
    latestCharge: pi.latest_charge ?? null,
    errorMessage: pi.last_payment_error?.message ?? null,
    clientSecret: pi.client_secret ?? null,
    metadata: pi.metadata ?? {},
    description: pi.description ?? null,
  }
}
