import type Stripe from 'stripe'
import type { Config } from '../../../platform/config'
import { CardError, ProviderError } from './payment-provider'
import type {
  CreatePaymentInput,
  CreateSubscriptionInput,
  PaymentProvider,
  PlanPrice,
  ProviderCard,
} from './payment-provider'
import { readInvoice, readPaymentIntent, readSubscription } from './stripe-shapes'
import { checkCard, stripeTestPaymentMethod } from './test-cards'

/**
 * Stripe through its SDK: customers with a default PaymentMethod, subscriptions created
 * `default_incomplete` and paid with the card on file, cancel at period end, PaymentIntents.
 */
export function createStripeProvider(
  config: Pick<
    Config,
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_API_HOST'
    | 'STRIPE_API_PORT'
    | 'STRIPE_API_PROTOCOL'
  >,
): PaymentProvider {
  const key = config.STRIPE_SECRET_KEY
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set')
  const publishableKey = config.STRIPE_PUBLISHABLE_KEY
  // A test secret with a live publishable key (or the reverse) would make every card fail.
  if (publishableKey && publishableKey.startsWith('pk_test_') !== /^(sk|rk)_test_/.test(key))
    throw new Error('STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY must both be test keys or both live keys')
  // The SDK loads with the first Stripe call, not at start-up (it costs more than half a second).
  let client: Promise<Stripe> | undefined
  const sdk = () =>
    (client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(key, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          telemetry: false,
          ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
          ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
          ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
        }),
    ))
  const testMode = /^(sk|rk)_test_/.test(key)

  /** Card errors become CardError (shown to the person); anything else is the provider failing. */
  async function call<T>(
    what: string,
    fn: (stripe: Stripe) => Promise<T>,
    attempt?: (err: Stripe.errors.StripeError, stripe: Stripe) => Promise<CardError['attempt']>,
  ): Promise<T> {
    const stripe = await sdk()
    try {
      return await fn(stripe)
    } catch (err) {
      if (err instanceof stripe.errors.StripeCardError)
        throw new CardError(
          err.code ?? 'card_declined',
          err.message,
          attempt ? await attempt(err, stripe).catch(() => null) : null,
          err.decline_code,
        )
      if (err instanceof stripe.errors.StripeError)
        throw new ProviderError(`Stripe ${what} failed: ${err.type} ${err.code ?? ''} ${err.message}`)
      throw new ProviderError(`Stripe ${what} failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  const subscriptionExpand = ['latest_invoice.confirmation_secret']

  return {
    name: 'stripe',
    testMode,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publishableKey,

    /**
     * Card numbers never go to Stripe from our server. In test mode a test card maps to Stripe's
     * matching ready-made test PaymentMethod; with live keys there is no server-side tokenizing.
     */
    async tokenizeTestCard(card) {
      if (!testMode) throw new ProviderError('Card tokens come from Stripe.js with live keys')
      const checked = checkCard(card)
      if (!checked.ok) throw new CardError(checked.code, checked.message)
      return {
        tokenId: stripeTestPaymentMethod(checked),
        card: {
          brand: checked.brand,
          last4: checked.last4,
          exp_month: checked.expMonth,
          exp_year: checked.expYear,
        },
      }
    },

    async createCustomer({ userId, email, name }) {
      const customer = await call('customer create', (stripe) =>
        stripe.customers.create(
          { email, name, metadata: { user_id: String(userId) } },
          { idempotencyKey: `customer-${userId}` },
        ),
      )
      return customer.id
    },

    async attachCard(customerId, tokenId): Promise<ProviderCard> {
      const methodId = tokenId.startsWith('tok_')
        ? (
            await call('payment method create', (stripe) =>
              stripe.paymentMethods.create({ type: 'card', card: { token: tokenId } }),
            )
          ).id
        : tokenId
      const pm = await call('payment method attach', (stripe) =>
        stripe.paymentMethods.attach(methodId, { customer: customerId }),
      )
      await call('customer update', (stripe) =>
        stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } }),
      )
      return {
        methodId: pm.id,
        brand: pm.card?.brand ?? 'card',
        last4: pm.card?.last4 ?? '????',
        exp_month: pm.card?.exp_month ?? 0,
        exp_year: pm.card?.exp_year ?? 0,
      }
    },

    async detachCard(methodId) {
      await call('payment method detach', (stripe) => stripe.paymentMethods.detach(methodId))
    },

    async priceFor(plan: PlanPrice) {
      if (plan.knownPriceId) return plan.knownPriceId
      const price = await call('price create', (stripe) =>
        stripe.prices.create(
          {
            currency: plan.currency,
            unit_amount: plan.amountCents,
            recurring: { interval: 'month' },
            product_data: { name: `Mouthpiece ${plan.name}` },
            metadata: { plan_id: String(plan.planId) },
          },
          { idempotencyKey: `price-${plan.planId}-${plan.version}` },
        ),
      )
      return price.id
    },

    async createSubscription(input: CreateSubscriptionInput) {
      const sub = await call('subscription create', (stripe) =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price: input.priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: subscriptionExpand,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      )
      return readSubscription(sub)
    },

    async retrieveSubscription(id) {
      return readSubscription(
        await call('subscription retrieve', (stripe) =>
          stripe.subscriptions.retrieve(id, { expand: subscriptionExpand }),
        ),
      )
    },

    async payInvoice(invoiceId, methodId) {
      const invoice = await call(
        'invoice pay',
        (stripe) => stripe.invoices.pay(invoiceId, { payment_method: methodId }),
        // The failed attempt is the invoice's attempt count, as its invoice.payment_failed event says.
        async (_err, stripe) => {
          const inv = readInvoice(await stripe.invoices.retrieve(invoiceId))
          return { ref: invoiceId, key: `${invoiceId}:failed:${inv.attemptCount}` }
        },
      )
      return readInvoice(invoice)
    },

    async setCancelAtPeriodEnd(id, cancel) {
      return readSubscription(
        await call('subscription update', (stripe) =>
          stripe.subscriptions.update(id, { cancel_at_period_end: cancel, expand: subscriptionExpand }),
        ),
      )
    },

    async cancelNow(id) {
      return readSubscription(await call('subscription cancel', (stripe) => stripe.subscriptions.cancel(id)))
    },

    async changePrice(id, priceId) {
      const current = readSubscription(
        await call('subscription retrieve', (stripe) => stripe.subscriptions.retrieve(id)),
      )
      if (!current.itemId) throw new ProviderError('Stripe subscription has no item to change')
      const itemId = current.itemId
      return readSubscription(
        await call('subscription update', (stripe) =>
          stripe.subscriptions.update(id, {
            items: [{ id: itemId, price: priceId }],
            proration_behavior: 'create_prorations',
            expand: subscriptionExpand,
          }),
        ),
      )
    },

    async createPayment(input: CreatePaymentInput) {
      // A card token (an anonymous payer's) becomes a PaymentMethod first, under a key derived
      // from the payment's so a retried payment reuses it; PaymentMethods are accepted as they are.
      let methodId = input.methodId
      if (methodId.startsWith('tok_')) {
        const created = await call('payment method create', async (stripe) => {
          try {
            return await stripe.paymentMethods.create(
              { type: 'card', card: { token: methodId } },
              { idempotencyKey: `${input.idempotencyKey}-pm` },
            )
          } catch (err) {
            // An unknown or spent token is the payer's to fix (enter the card again), not an outage.
            if (
              err instanceof stripe.errors.StripeInvalidRequestError &&
              (err.code === 'resource_missing' || err.code === 'token_already_used')
            )
              return null
            throw err
          }
        })
        if (!created)
          throw new CardError(
            'token_already_used',
            'This card was already used or has expired. Please enter it again.',
          )
        methodId = created.id
      }
      const pi = await call(
        'payment intent create',
        (stripe) =>
          stripe.paymentIntents.create(
            {
              amount: input.amountCents,
              currency: input.currency,
              ...(input.customerId ? { customer: input.customerId } : {}),
              payment_method: methodId,
              description: input.description,
              confirm: true,
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
              metadata: input.metadata,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        async (err) => {
          const failed = err.payment_intent ? readPaymentIntent(err.payment_intent) : null
          return failed
            ? { ref: failed.id, key: `${failed.id}:failed:${failed.latestCharge ?? err.charge ?? 'charge'}` }
            : null
        },
      )
      return readPaymentIntent(pi)
    },

    async retrievePayment(id) {
      return readPaymentIntent(
        await call('payment intent retrieve', (stripe) => stripe.paymentIntents.retrieve(id)),
      )
    },
  }
}
