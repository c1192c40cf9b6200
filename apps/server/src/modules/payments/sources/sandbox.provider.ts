import { randomBytes } from 'node:crypto'
import type { Db, Queryable } from '../../../platform/db/client'
import * as sandbox from './sandbox.repo'
import { CardError, ProviderError } from './payment-provider'
import type {
  CreatePaymentInput,
  CreateSubscriptionInput,
  PaymentProvider,
  ProviderCard,
  ProviderSubscription,
} from './payment-provider'
import { readInvoice, readPaymentIntent, readSubscription } from './stripe-shapes'
import type { StripeEvent } from './stripe-shapes'
import { CARD_ERRORS, checkCard } from './test-cards'
import type { CardOutcome } from './test-cards'

/**
 * The embedded payment provider: Stripe's objects and state machine with its test-card rules,
 * kept in our own database (table payment_sandbox_objects) so nothing is lost on restart. No real
 * money moves. Renewals, failed renewals and expiries happen in `advance`, which produces
 * Stripe-shaped events for the same handler Stripe's webhooks reach.
 */
export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox'
  /** Runs the clock forward to `now`; returns events not yet delivered (oldest first). */
  advance(now: Date): Promise<StripeEvent[]>
  markDelivered(eventId: string): Promise<void>
}

interface SbCard {
  brand: string
  last4: string
  exp_month: number
  exp_year: number
}
interface SbToken {
  id: string
  object: 'token'
  card: SbCard
  outcome: CardOutcome
  /** False for a card that would be declined: saving it fails, as Stripe's $0 check does. */
  attaches?: boolean
  used: boolean
}
interface SbPaymentMethod {
  id: string
  object: 'payment_method'
  type: 'card'
  card: SbCard
  outcome: CardOutcome
  customer: string | null
}
interface SbCustomer {
  id: string
  object: 'customer'
  email: string
  name: string
  invoice_settings: { default_payment_method: string | null }
}
interface SbInvoice {
  id: string
  object: 'invoice'
  status: 'open' | 'paid' | 'void'
  amount_due: number
  amount_paid: number
  currency: string
  attempt_count: number
  next_payment_attempt: number | null
  customer: string
  parent: { subscription_details: { subscription: string } }
  confirmation_secret: { client_secret: string; type: 'payment_intent' } | null
}
interface SbItem {
  id: string
  price: { id: string; unit_amount: number; currency: string }
  current_period_start: number
  current_period_end: number
}
interface SbSubscription {
  id: string
  object: 'subscription'
  status: string
  cancel_at_period_end: boolean
  customer: string
  created: number
  items: { data: SbItem[] }
  latest_invoice: string | null
  metadata: Record<string, string>
}
interface SbPaymentIntent {
  id: string
  object: 'payment_intent'
  status: 'succeeded' | 'requires_payment_method'
  amount: number
  currency: string
  customer: string | null
  payment_method: string
  latest_charge: string
  description: string
  metadata: Record<string, string>
  last_payment_error: { code: string; message: string } | null
  outcome: CardOutcome
}
interface SbEvent {
  id: string
  object: 'event'
  type: string
  created: number
  data: { object: object }
  delivered: boolean
}
type SbObject =
  SbToken | SbPaymentMethod | SbCustomer | SbInvoice | SbSubscription | SbPaymentIntent | SbEvent

/** Stripe leaves an unpaid first invoice for 23 hours before the subscription is incomplete_expired. */
const INCOMPLETE_EXPIRY_SECONDS = 23 * 3600
/** Failed renewals are retried every 3 days, 4 attempts in all, then the subscription is canceled. */
const RETRY_SECONDS = 3 * 86_400
const MAX_ATTEMPTS = 4

const newId = (prefix: string) => `${prefix}_sb${randomBytes(12).toString('hex')}`
const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/** One calendar month later, clamped to the month's last day (Jan 31 → Feb 28). */
export function addMonth(unixSeconds: number): number {
  const d = new Date(unixSeconds * 1000)
  const day = d.getUTCDate()
  const next = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  )
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(day, lastDay))
  return seconds(next)
}

export function createSandboxProvider(
  db: Db,
  opts: { webhookSecret?: string; now?: () => Date } = {},
): SandboxProvider {
  const clock = opts.now ?? (() => new Date())

  async function get<T extends SbObject>(
    q: Queryable,
    id: string,
    kind: T['object'],
    lock = false,
  ): Promise<T | undefined> {
    return (await sandbox.findObject(q, id, kind, lock)) as T | undefined
  }
  async function put(q: Queryable, obj: SbObject | { id: string; object: 'idempotency'; response: unknown }) {
    const data = obj as unknown as Record<string, unknown>
    await sandbox.putObject(q, obj.id, obj.object, data)
  }
  function event(type: string, object: object, now: Date): SbEvent {
    return {
      id: newId('evt'),
      object: 'event',
      type,
      created: seconds(now),
      data: { object: structuredClone(object) },
      delivered: false,
    }
  }
  /** Stripe's idempotency: the same key answers the first call's result again. */
  async function once<T>(key: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const id = `idem_${key}`
      const cached = await sandbox.lockObjectById(tx, id)
      if (cached) return (cached as { response: T }).response
      const response = await fn(tx)
      await put(tx, { id, object: 'idempotency', response })
      return response
    })
  }
  async function expandedSubscription(q: Queryable, sub: SbSubscription): Promise<ProviderSubscription> {
    const invoice = sub.latest_invoice ? await get<SbInvoice>(q, sub.latest_invoice, 'invoice') : undefined
    return readSubscription({ ...sub, latest_invoice: invoice ?? sub.latest_invoice })
  }
  async function mustGetSubscription(q: Queryable, id: string, lock = false) {
    const sub = await get<SbSubscription>(q, id, 'subscription', lock)
    if (!sub) throw new ProviderError(`No such subscription: ${id}`)
    return sub
  }
  /** A charge on a card: its test outcome, or an expired card when its date has passed. */
  function chargeOutcome(pm: SbPaymentMethod, now: Date): CardOutcome {
    const expEnd = Date.UTC(pm.card.exp_year, pm.card.exp_month, 1)
    return now.getTime() >= expEnd ? 'expired' : pm.outcome
  }
  /**
   * The card a payment charges: a PaymentMethod of the paying customer, or a card token spent here
   * (Stripe's payment_method_data: a new PaymentMethod without a customer), as an anonymous payer
   * does. Another customer's card is refused, as Stripe refuses it.
   */
  async function paymentCard(tx: Queryable, input: CreatePaymentInput): Promise<SbPaymentMethod | undefined> {
    if (input.methodId.startsWith('tok_')) {
      const token = await get<SbToken>(tx, input.methodId, 'token', true)
      if (!token || token.used)
        throw new CardError(
          'token_already_used',
          'This card was already used or has expired. Please enter it again.',
        )
      await put(tx, { ...token, used: true })
      const pm: SbPaymentMethod = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        card: token.card,
        outcome: token.outcome,
        customer: null,
      }
      await put(tx, pm)
      return pm
    }
    const pm = await get<SbPaymentMethod>(tx, input.methodId, 'payment_method')
    if (pm ? pm.customer !== null && pm.customer !== input.customerId : input.customerId === null)
      throw new CardError('resource_missing', 'This card could not be found. Please enter it again.')
    return pm
  }
  /** Tries to pay an invoice; on success the subscription becomes active for the invoice's period. */
  async function attemptInvoice(
    tx: Queryable,
    invoice: SbInvoice,
    sub: SbSubscription,
    methodId: string | null,
    now: Date,
  ) {
    const pm = methodId ? await get<SbPaymentMethod>(tx, methodId, 'payment_method') : undefined
    invoice.attempt_count += 1
    const outcome: CardOutcome = pm ? chargeOutcome(pm, now) : 'decline'
    if (outcome === 'succeed') {
      invoice.status = 'paid'
      invoice.amount_paid = invoice.amount_due
      invoice.next_payment_attempt = null
      if (sub.status === 'incomplete' || sub.status === 'past_due') sub.status = 'active'
    } else {
      invoice.next_payment_attempt =
        invoice.attempt_count < MAX_ATTEMPTS ? seconds(now) + RETRY_SECONDS : null
    }
    await put(tx, invoice)
    await put(tx, sub)
    return outcome
  }

  return {
    name: 'sandbox',
    testMode: true,
    webhookSecret: opts.webhookSecret,

    async tokenizeTestCard(card) {
      const checked = checkCard(card, clock())
      if (!checked.ok) throw new CardError(checked.code, checked.message)
      const token: SbToken = {
        id: newId('tok'),
        object: 'token',
        outcome: checked.outcome,
        attaches: checked.attaches,
        used: false,
        card: {
          brand: checked.brand,
          last4: checked.last4,
          exp_month: checked.expMonth,
          exp_year: checked.expYear,
        },
      }
      await put(db, token)
      return { tokenId: token.id, card: token.card }
    },

    async createCustomer({ userId, email, name }) {
      return once(`customer-${userId}`, async (tx) => {
        const customer: SbCustomer = {
          id: newId('cus'),
          object: 'customer',
          email,
          name,
          invoice_settings: { default_payment_method: null },
        }
        await put(tx, customer)
        return customer.id
      })
    },

    async attachCard(customerId, tokenId): Promise<ProviderCard> {
      return db.transaction(async (tx) => {
        const customer = await get<SbCustomer>(tx, customerId, 'customer', true)
        if (!customer) throw new ProviderError(`No such customer: ${customerId}`)
        let pm: SbPaymentMethod | undefined
        if (tokenId.startsWith('tok_')) {
          const token = await get<SbToken>(tx, tokenId, 'token', true)
          if (!token || token.used)
            throw new CardError(
              'token_already_used',
              'This card was already used or has expired. Please enter it again.',
            )
          await put(tx, { ...token, used: true })
          if (token.outcome !== 'succeed' && token.attaches === false) {
            const err = CARD_ERRORS[token.outcome]
            throw new CardError(err.code, err.message, null, err.decline_code)
          }
          pm = {
            id: newId('pm'),
            object: 'payment_method',
            type: 'card',
            card: token.card,
            outcome: token.outcome,
            customer: customerId,
          }
        } else {
          pm = await get<SbPaymentMethod>(tx, tokenId, 'payment_method', true)
          if (!pm || (pm.customer && pm.customer !== customerId))
            throw new CardError('resource_missing', 'This card could not be found. Please enter it again.')
          pm = { ...pm, customer: customerId }
        }
        await put(tx, pm)
        await put(tx, { ...customer, invoice_settings: { default_payment_method: pm.id } })
        return { methodId: pm.id, ...pm.card }
      })
    },

    async detachCard(methodId) {
      await db.transaction(async (tx) => {
        const pm = await get<SbPaymentMethod>(tx, methodId, 'payment_method', true)
        if (!pm) return
        if (pm.customer) {
          const customer = await get<SbCustomer>(tx, pm.customer, 'customer', true)
          if (customer?.invoice_settings.default_payment_method === methodId)
            await put(tx, { ...customer, invoice_settings: { default_payment_method: null } })
        }
        await put(tx, { ...pm, customer: null })
      })
    },

    async priceFor(plan) {
      return `price_sb${plan.planId}_${plan.amountCents}_${plan.currency}`
    },

    async createSubscription(input: CreateSubscriptionInput) {
      const id = await once(input.idempotencyKey, async (tx) => {
        const now = clock()
        const start = seconds(now)
        const sub: SbSubscription = {
          id: newId('sub'),
          object: 'subscription',
          status: 'incomplete',
          cancel_at_period_end: false,
          customer: input.customerId,
          created: start,
          latest_invoice: null,
          metadata: input.metadata,
          items: {
            data: [
              {
                id: newId('si'),
                price: {
                  id: input.priceId,
                  unit_amount: input.plan.amountCents,
                  currency: input.plan.currency,
                },
                current_period_start: start,
                current_period_end: addMonth(start),
              },
            ],
          },
        }
        const invoice: SbInvoice = {
          id: newId('in'),
          object: 'invoice',
          status: 'open',
          amount_due: input.plan.amountCents,
          amount_paid: 0,
          currency: input.plan.currency,
          attempt_count: 0,
          next_payment_attempt: null,
          customer: input.customerId,
          parent: { subscription_details: { subscription: sub.id } },
          confirmation_secret: {
            client_secret: `${newId('pi')}_secret_${randomBytes(8).toString('hex')}`,
            type: 'payment_intent',
          },
        }
        sub.latest_invoice = invoice.id
        if (invoice.amount_due === 0) {
          invoice.status = 'paid'
          sub.status = 'active'
        }
        await put(tx, invoice)
        await put(tx, sub)
        return sub.id
      })
      return expandedSubscription(db, await mustGetSubscription(db, id))
    },

    async retrieveSubscription(id) {
      return expandedSubscription(db, await mustGetSubscription(db, id))
    },

    async payInvoice(invoiceId, methodId) {
      const result = await db.transaction(async (tx) => {
        const invoice = await get<SbInvoice>(tx, invoiceId, 'invoice', true)
        if (!invoice) throw new ProviderError(`No such invoice: ${invoiceId}`)
        if (invoice.status !== 'open') throw new ProviderError(`Invoice ${invoiceId} is ${invoice.status}`)
        const sub = await mustGetSubscription(tx, invoice.parent.subscription_details.subscription, true)
        const outcome = await attemptInvoice(tx, invoice, sub, methodId, clock())
        return { invoice, outcome }
      })
      if (result.outcome !== 'succeed') {
        const err = CARD_ERRORS[result.outcome]
        throw new CardError(
          err.code,
          err.message,
          { ref: invoiceId, key: `${invoiceId}:failed:${result.invoice.attempt_count}` },
          err.decline_code,
        )
      }
      return readInvoice(result.invoice)
    },

    async setCancelAtPeriodEnd(id, cancel) {
      return db.transaction(async (tx) => {
        const sub = await mustGetSubscription(tx, id, true)
        if (!['active', 'trialing', 'past_due'].includes(sub.status))
          throw new ProviderError(`Subscription ${id} is ${sub.status}`)
        sub.cancel_at_period_end = cancel
        await put(tx, sub)
        return expandedSubscription(tx, sub)
      })
    },

    async cancelNow(id) {
      return db.transaction(async (tx) => {
        const sub = await mustGetSubscription(tx, id, true)
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
          return expandedSubscription(tx, sub)
        sub.status = 'canceled'
        if (sub.latest_invoice) {
          const invoice = await get<SbInvoice>(tx, sub.latest_invoice, 'invoice', true)
          if (invoice?.status === 'open')
            await put(tx, { ...invoice, status: 'void', next_payment_attempt: null })
        }
        await put(tx, sub)
        return expandedSubscription(tx, sub)
      })
    },

    async changePrice(id, priceId, plan) {
      return db.transaction(async (tx) => {
        const sub = await mustGetSubscription(tx, id, true)
        const item = sub.items.data[0]
        if (!item) throw new ProviderError(`Subscription ${id} has no item`)
        // The next renewal invoice charges the new price (proration is left to Stripe).
        item.price = { id: priceId, unit_amount: plan.amountCents, currency: plan.currency }
        await put(tx, sub)
        return expandedSubscription(tx, sub)
      })
    },

    async createPayment(input: CreatePaymentInput) {
      const pi = await once(input.idempotencyKey, async (tx) => {
        const pm = await paymentCard(tx, input)
        const outcome: CardOutcome = pm ? chargeOutcome(pm, clock()) : 'decline'
        const error = outcome === 'succeed' ? null : CARD_ERRORS[outcome]
        const intent: SbPaymentIntent = {
          id: newId('pi'),
          object: 'payment_intent',
          status: error ? 'requires_payment_method' : 'succeeded',
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          payment_method: pm?.id ?? input.methodId,
          latest_charge: newId('ch'),
          description: input.description,
          metadata: input.metadata,
          last_payment_error: error ? { code: error.code, message: error.message } : null,
          outcome,
        }
        await put(tx, intent)
        return intent
      })
      if (pi.outcome !== 'succeed') {
        const err = CARD_ERRORS[pi.outcome]
        throw new CardError(
          err.code,
          err.message,
          { ref: pi.id, key: `${pi.id}:failed:${pi.latest_charge}` },
          err.decline_code,
        )
      }
      return readPaymentIntent(pi)
    },

    async retrievePayment(id) {
      const pi = await get<SbPaymentIntent>(db, id, 'payment_intent')
      if (!pi) throw new ProviderError(`No such payment: ${id}`)
      return readPaymentIntent(pi)
    },

    async advance(now) {
      const nowS = seconds(now)
      const subs = await sandbox.liveSubscriptions(db)
      for (const { data } of subs) {
        const id = (data as unknown as SbSubscription).id
        await db.transaction(async (tx) => {
          const sub = await mustGetSubscription(tx, id, true)
          const item = sub.items.data[0]
          if (!item) return
          const events: SbEvent[] = []
          const invoice = sub.latest_invoice
            ? await get<SbInvoice>(tx, sub.latest_invoice, 'invoice', true)
            : undefined
          if (sub.status === 'incomplete') {
            if (nowS - sub.created < INCOMPLETE_EXPIRY_SECONDS) return
            sub.status = 'incomplete_expired'
            if (invoice?.status === 'open') await put(tx, { ...invoice, status: 'void' })
            events.push(event('customer.subscription.updated', sub, now))
          } else if (item.current_period_end <= nowS) {
            if (sub.cancel_at_period_end || sub.status === 'past_due') {
              // A plan canceled at period end ends now; so does one whose renewal was never paid.
              sub.status = 'canceled'
              if (invoice?.status === 'open') await put(tx, { ...invoice, status: 'void' })
              events.push(event('customer.subscription.deleted', sub, now))
            } else {
              item.current_period_start = item.current_period_end
              item.current_period_end = addMonth(item.current_period_end)
              const renewal: SbInvoice = {
                id: newId('in'),
                object: 'invoice',
                status: 'open',
                amount_due: item.price.unit_amount,
                amount_paid: 0,
                currency: item.price.currency,
                attempt_count: 0,
                next_payment_attempt: null,
                customer: sub.customer,
                parent: { subscription_details: { subscription: sub.id } },
                confirmation_secret: null,
              }
              sub.latest_invoice = renewal.id
              const customer = await get<SbCustomer>(tx, sub.customer, 'customer')
              const outcome = await attemptInvoice(
                tx,
                renewal,
                sub,
                customer?.invoice_settings.default_payment_method ?? null,
                now,
              )
              if (outcome !== 'succeed') sub.status = 'past_due'
              events.push(
                event(outcome === 'succeed' ? 'invoice.paid' : 'invoice.payment_failed', renewal, now),
              )
              events.push(event('customer.subscription.updated', sub, now))
            }
          } else if (
            sub.status === 'past_due' &&
            invoice?.status === 'open' &&
            invoice.next_payment_attempt !== null &&
            invoice.next_payment_attempt <= nowS
          ) {
            const customer = await get<SbCustomer>(tx, sub.customer, 'customer')
            const outcome = await attemptInvoice(
              tx,
              invoice,
              sub,
              customer?.invoice_settings.default_payment_method ?? null,
              now,
            )
            if (outcome !== 'succeed' && invoice.attempt_count >= MAX_ATTEMPTS) {
              sub.status = 'canceled'
              await put(tx, { ...invoice, status: 'void' })
            }
            events.push(
              event(outcome === 'succeed' ? 'invoice.paid' : 'invoice.payment_failed', invoice, now),
            )
            events.push(
              event(
                sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
                sub,
                now,
              ),
            )
          } else return
          await put(tx, sub)
          for (const e of events) await put(tx, e)
        })
      }
      const pending = await sandbox.undeliveredEvents(db)
      return pending.map(({ data }) => {
        const e = data as unknown as SbEvent
        return {
          id: e.id,
          object: 'event' as const,
          type: e.type,
          created: e.created,
          data: { object: e.data.object as Record<string, unknown> },
        }
      })
    },

    async markDelivered(eventId) {
      await sandbox.markEventDelivered(db, eventId)
    },
  }
}
