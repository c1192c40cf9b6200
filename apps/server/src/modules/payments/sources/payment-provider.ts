import type { SubscriptionStatus } from '@mouthpiece/contracts/payments/payments.schemas'
import type { CardInput } from './test-cards'

/**
 * The payments adapter. Two implementations: Stripe (the `stripe` SDK) and the embedded sandbox,
 * which keeps Stripe's objects, state machine and test-card semantics in our own database. Objects
 * come back normalised; webhook events keep Stripe's shape for both.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe'
  /** No real money moves (the sandbox, or Stripe test keys). */
  readonly testMode: boolean
  /** Secret that signs events for POST /api/payment/handle; undefined refuses every event. */
  readonly webhookSecret: string | undefined
  /** Stripe only: the key the browser's Stripe.js uses; undefined keeps card entry off Stripe.js. */
  readonly publishableKey?: string

  /** Test mode only: a test card becomes a token the card calls accept, as Stripe.js would do. */
  tokenizeTestCard(card: CardInput): Promise<{ tokenId: string; card: CardSummary }>
  createCustomer(input: { userId: number; email: string; name: string }): Promise<string>
  /** Attaches a token's card to the customer and makes it their default payment method. */
  attachCard(customerId: string, tokenId: string): Promise<ProviderCard>
  detachCard(methodId: string): Promise<void>
  /** The provider's price for a plan; `created` says the caller should remember the new id. */
  priceFor(plan: PlanPrice): Promise<string>
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>
  retrieveSubscription(id: string): Promise<ProviderSubscription>
  /** Pays an open invoice with the given card; a card problem throws CardError. */
  payInvoice(invoiceId: string, methodId: string): Promise<ProviderInvoice>
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>
  cancelNow(id: string): Promise<ProviderSubscription>
  /** Moves a subscription to another price; the difference is prorated on the next invoice. */
  changePrice(id: string, priceId: string, plan: PlanPrice): Promise<ProviderSubscription>
  /** A one-off PaymentIntent, confirmed at once; a card problem (or an unusable token) throws CardError. */
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>
  /** A payment as it is now, e.g. after the payer's 3-D Secure step in the browser. */
  retrievePayment(id: string): Promise<ProviderPayment>
}

export interface CardSummary {
  brand: string
  last4: string
  exp_month: number
  exp_year: number
}
export interface ProviderCard extends CardSummary {
  methodId: string
}
export interface PlanPrice {
  planId: number
  name: string
  amountCents: number
  currency: string
  /** A known provider price id for this amount, if any. */
  knownPriceId: string | null
  /** Changes whenever the plan's price changes; keys the price's idempotency. */
  version: string
}
export interface CreateSubscriptionInput {
  customerId: string
  priceId: string
  plan: PlanPrice
  idempotencyKey: string
  metadata: Record<string, string>
}
export interface CreatePaymentInput {
  /** The paying customer; null for an anonymous payer (a tip), who pays with a one-time card token. */
  customerId: string | null
  /** The customer's PaymentMethod; for an anonymous payer a card token (tok_…) or an unattached PaymentMethod. */
  methodId: string
  amountCents: number
  currency: string
  description: string
  idempotencyKey: string
  metadata: Record<string, string>
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible'
export interface ProviderInvoice {
  id: string
  status: InvoiceStatus
  amountDue: number
  amountPaid: number
  currency: string
  attemptCount: number
  subscriptionId: string | null
  /** For confirming the first payment in the browser (Stripe's confirmation_secret). */
  clientSecret: string | null
}
export interface ProviderSubscription {
  id: string
  status: SubscriptionStatus
  cancelAtPeriodEnd: boolean
  currentPeriodStart: Date | null
  currentPeriodEnd: Date | null
  itemId: string | null
  latestInvoice: ProviderInvoice | null
  latestInvoiceId: string | null
}
export interface ProviderPayment {
  id: string
  status:
    | 'succeeded'
    | 'processing'
    | 'requires_action'
    | 'requires_payment_method'
    | 'canceled'
    | 'requires_confirmation'
    | 'requires_capture'
  amount: number
  currency: string
  latestCharge: string | null
  errorMessage: string | null
  /** For the payer's confirmation step in the browser (`requires_action`: 3-D Secure). */
  clientSecret: string | null
}

/**
 * A card problem the person can fix (declined, expired, wrong CVC). `attempt` names the failed
 * attempt (invoice attempt count or charge id) so the history records it once.
 */
export class CardError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly attempt: { ref: string; key: string } | null = null,
    readonly declineCode?: string,
  ) {
    super(message)
  }
}

/** Stripe's answer when paying an invoice needs the payer's bank to confirm first (3-D Secure). */
export const INVOICE_REQUIRES_ACTION = 'invoice_payment_intent_requires_action'
/** Stripe's words when the payer failed or closed their bank's 3-D Secure check. */
export const AUTHENTICATION_FAILED = {
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const
/** A card asking for a step this page cannot take (no Stripe.js, e.g. the sandbox): nothing is charged. */
export const AUTHENTICATION_UNAVAILABLE = {
  code: 'authentication_required',
  message: 'This card needs an extra confirmation step. Please use another card.',
} as const
/** A PaymentIntent's id from its client secret (`pi_…_secret_…`), as Stripe.js reads it. */
export const paymentIdOfSecret = (clientSecret: string) => clientSecret.split('_secret_')[0]!

/** The provider could not be reached or answered something unexpected. */
export class ProviderError extends Error {}
