import { z } from 'zod'
import { defineRoute } from '../define-route'
import { PageQuery, pageOf } from '../users/users.schemas'
import {
  CardNextAction,
  CardNumber,
  CurrentEntitlements,
  PaymentMethod,
  PaymentProviderInfo,
  PaymentRecord,
  PlanId,
  PlanIdText,
  PlanInput,
  PlanUpdate,
  Subscription,
  SubscriptionPlan,
} from './payments.schemas'

/** SPEC §3 "card token (token_id)": a provider token (`tok_…`) or PaymentMethod id (`pm_…`). */
const TokenBody = z.object({
  token_id: z
    .string()
    .trim()
    .regex(/^(tok|pm)_[A-Za-z0-9_]+$/, 'Please enter a valid card'),
})
const SubscriptionAnswer = z.object({ subscription: Subscription })
const MethodAnswer = z.object({ method: PaymentMethod.nullable() })

// SPEC §7 "Payment": subscription-plan, plans, subscribe-plan, cancel-plan, resume-plan, method,
// delete-method, add-card, update-card, handle, history.
export const getPlans = defineRoute({
  method: 'GET',
  path: '/api/payment/plans',
  auth: 'public',
  summary: 'Active subscription plans and the payment provider in use',
  response: z.object({ plans: z.array(SubscriptionPlan), provider: PaymentProviderInfo }),
})
export const getSubscriptionPlan = defineRoute({
  method: 'GET',
  path: '/api/payment/subscription-plan',
  auth: 'user',
  summary: "The user's current subscription (null when none) and the entitlements it gives",
  response: z.object({
    subscription: Subscription.nullable(),
    entitlements: CurrentEntitlements,
    has_used_trial: z.boolean(),
  }),
})
export const subscribePlan = defineRoute({
  method: 'POST',
  path: '/api/payment/subscribe-plan',
  auth: 'user',
  summary:
    'Subscribe to a plan (charges the card on file), switch plans, or start the free trial. A card error answers 402 with its message. A first payment that needs 3-D Secure answers the unpaid subscription with `next_action`: confirm it with Stripe.js, then send the same request again.',
  body: z.object({ subscription_plan_id: PlanId }),
  response: SubscriptionAnswer.extend({ next_action: CardNextAction.optional() }),
})
export const cancelPlan = defineRoute({
  method: 'POST',
  path: '/api/payment/cancel-plan',
  auth: 'user',
  summary: 'Cancel at the end of the current period',
  response: SubscriptionAnswer,
})
export const resumePlan = defineRoute({
  method: 'POST',
  path: '/api/payment/resume-plan',
  auth: 'user',
  summary: 'Undo a cancellation before the period ends',
  response: SubscriptionAnswer,
})
export const getPaymentMethod = defineRoute({
  method: 'GET',
  path: '/api/payment/method',
  auth: 'user',
  summary: 'The card on file',
  response: MethodAnswer,
})
export const deletePaymentMethod = defineRoute({
  method: 'POST',
  path: '/api/payment/delete-method',
  auth: 'user',
  summary: 'Remove the card on file',
  response: MethodAnswer,
})
export const addCard = defineRoute({
  method: 'POST',
  path: '/api/payment/add-card',
  auth: 'user',
  summary: 'Save a card (token) as the card on file',
  body: TokenBody,
  response: z.object({ method: PaymentMethod }),
})
export const updateCard = defineRoute({
  method: 'POST',
  path: '/api/payment/update-card',
  auth: 'user',
  summary: 'Replace the card on file',
  body: TokenBody,
  response: z.object({ method: PaymentMethod }),
})
/**
 * The provider's webhook. Verified on the raw body with the `Stripe-Signature` header; the body is
 * a Stripe event (`{id, type, data: {object}}`).
 */
export const handleWebhook = defineRoute({
  method: 'POST',
  path: '/api/payment/handle',
  auth: 'public',
  summary: 'Payment provider webhook (signed)',
  response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
})
export const getPaymentHistory = defineRoute({
  method: 'GET',
  path: '/api/payment/history',
  auth: 'user',
  summary: 'Payments and failed attempts, newest first',
  query: PageQuery,
  response: pageOf(PaymentRecord),
})

/** SPEC §7 "Landing and demo": does a creator (by username) have an active plan. Public. */
export const checkUserSubscription = defineRoute({
  method: 'GET',
  path: '/api/check-user-subscription',
  auth: 'public',
  query: z.object({ username: z.string().trim().min(1, 'Please enter a username').max(60) }),
  response: z.object({
    username: z.string(),
    has_subscription: z.boolean(),
    plan_name: z.string().nullable(),
  }),
})

/**
 * Test mode only: turns a test card into a token, as Stripe.js would in the browser. The card
 * number is never stored; only brand, last 4 digits and expiry come back.
 */
export const createCardToken = defineRoute({
  method: 'POST',
  path: '/api/payment/sandbox/tokens',
  auth: 'public',
  summary: 'Tokenize a test card (test mode only)',
  body: z.object({
    number: CardNumber,
    exp_month: z.coerce.number().int(),
    exp_year: z.coerce.number().int(),
    cvc: z.string().trim(),
  }),
  response: z.object({ token_id: z.string(), card: PaymentMethod.omit({ id: true }) }),
})
/** Test mode only: a one-off payment (a PaymentIntent) with the card on file or a fresh token. */
export const oneOffPayment = defineRoute({
  method: 'POST',
  path: '/api/payment/one-off',
  auth: 'user',
  summary: 'One-off test payment (test mode only)',
  body: z.object({
    amount_cents: z
      .number()
      .int()
      .min(50, 'The amount must be at least $0.50')
      .max(100_000, 'The amount must be at most $1,000'),
    description: z.string().trim().max(200).default('Test payment'),
    token_id: TokenBody.shape.token_id.optional(),
  }),
  response: z.object({ payment: PaymentRecord }),
})

// Admin: plans (SPEC §7 "Plans … editable by admins")
export const adminListPlans = defineRoute({
  method: 'GET',
  path: '/api/admin/payment/plans',
  auth: 'admin',
  response: z.object({ plans: z.array(SubscriptionPlan) }),
})
export const adminCreatePlan = defineRoute({
  method: 'POST',
  path: '/api/admin/payment/plans',
  auth: 'admin',
  body: PlanInput,
  response: z.object({ plan: SubscriptionPlan }),
})
export const adminUpdatePlan = defineRoute({
  method: 'POST',
  path: '/api/admin/payment/plans/:id/update',
  auth: 'admin',
  params: z.object({ id: PlanIdText }),
  body: PlanUpdate,
  response: z.object({ plan: SubscriptionPlan }),
})
