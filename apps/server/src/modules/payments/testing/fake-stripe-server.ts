import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'

/**
 * A local HTTP server speaking the part of Stripe's REST API that the Stripe provider uses:
 * form-encoded bodies, JSON answers, Idempotency-Key replays, Stripe's error shape
 * `{error: {type, code, decline_code, message}}` with 402 for card errors, and Stripe's ready-made
 * test PaymentMethods (pm_card_visa, pm_card_chargeDeclined, pm_card_chargeCustomerFail…).
 * With the publishable key, as Stripe.js: PaymentMethods from card numbers (Stripe's test cards).
 * 3-D Secure (pm_card_authenticationRequired): a PaymentIntent answers `requires_action` with its
 * client secret; the browser's Stripe.js (in tests, e2e/support/stripe-js.stand-in.js) finishes it
 * with the publishable key through POST /v1/payment_intents/:id/confirm — CORS allowed, as Stripe's
 * API is — where `authentication=complete|fail` stands for the payer's answer in the bank's window.
 * Paying an invoice with such a card answers `invoice_payment_intent_requires_action` (402) and
 * leaves the invoice's PaymentIntent (named by its confirmation secret) waiting the same way.
 */
export interface FakeStripe {
  port: number
  /** Every call; `browser` marks those made with the publishable key (Stripe.js in the page). */
  requests: Array<{
    method: string
    path: string
    body: Record<string, unknown>
    idempotencyKey?: string
    browser?: boolean
  }>
  objects: Map<string, Obj>
  /** Answers the next `times` requests to matching paths with a 500 api_error (an outage). */
  failNext(path: RegExp, times: number): void
  /**
   * Handles the next `times` matching requests (replays included) but answers them with a 500:
   * the work is done and the answer is lost, as when the connection drops after Stripe charged.
   */
  loseAnswers(path: RegExp, times: number): void
  close(): Promise<void>
}
type Obj = Record<string, unknown> & { id: string; object: string }
type Outcome = 'succeed' | 'decline' | 'expired' | 'incorrect_cvc' | 'charge_fail' | 'authenticate'

const TEST_PMS: Record<string, { brand: string; last4: string; outcome: Outcome; attachFails?: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline', attachFails: true },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', outcome: 'expired', attachFails: true },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    outcome: 'incorrect_cvc',
    attachFails: true,
  },
  // 4000 0000 0000 0341: attaches, then every charge is declined.
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', outcome: 'charge_fail' },
  // 4000 0025 0000 3155: every payment asks for 3-D Secure.
  pm_card_authenticationRequired: { brand: 'visa', last4: '3155', outcome: 'authenticate' },
}
const TOKENS: Record<string, string> = {
  tok_visa: 'pm_card_visa',
  tok_chargeDeclined: 'pm_card_chargeDeclined',
}
/** Stripe's test card numbers, as Stripe.js sends them from its card field, to their test PaymentMethods. */
const TEST_NUMBERS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  '4000000000000127': 'pm_card_chargeDeclinedIncorrectCvc',
  '4000000000000341': 'pm_card_chargeCustomerFail',
  '4000002500003155': 'pm_card_authenticationRequired',
}
const CARD_ERROR: Record<
  Exclude<Outcome, 'succeed' | 'authenticate'>,
  { code: string; decline_code: string; message: string }
> = {
  decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  charge_fail: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  expired: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
  ) {
    super('stripe error')
  }
}
const AUTHENTICATION_FAILED = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
}
const cardError = (outcome: Exclude<Outcome, 'succeed' | 'authenticate'>, extra: object = {}) =>
  new StripeHttpError(402, { error: { type: 'card_error', ...CARD_ERROR[outcome], ...extra } })
const missing = (id: string) =>
  new StripeHttpError(404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` },
  })

/** `items[0][price]=x&expand[0]=y` → `{items: [{price: 'x'}], expand: ['y']}` */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[')
    let node: Record<string, unknown> | unknown[] = root
    parts.forEach((part, i) => {
      const last = i === parts.length - 1
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '')
      const container = node as Record<string, unknown>
      if (last) container[part] = value
      else node = (container[part] ??= nextIsIndex ? [] : {}) as Record<string, unknown>
    })
  }
  return root
}

/** The first free port of the range (test files run in parallel processes). */
async function listenInRange(server: http.Server, [from, to]: [number, number]) {
  for (let port = from; port <= to; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (ok) return
  }
  throw new Error(`no free port in ${from}-${to}`)
}

export async function startFakeStripe(opts: {
  secretKey: string
  publishableKey?: string
  ports?: [number, number]
}): Promise<FakeStripe> {
  const objects = new Map<string, Obj>()
  const requests: FakeStripe['requests'] = []
  const idempotent = new Map<string, { status: number; body: string }>()
  const outages: Array<{ path: RegExp; remaining: number }> = []
  const lost: Array<{ path: RegExp; remaining: number }> = []
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`
  const now = () => Math.floor(Date.now() / 1000)
  const addMonth = (s: number) => s + 30 * 86_400
  const get = (objId: string, type?: string) => {
    const o = objects.get(objId)
    if (!o || (type && o.object !== type)) throw missing(objId)
    return o
  }
  const put = <T extends Obj>(o: T) => (objects.set(o.id, o), o)

  function expandSubscription(sub: Obj, expand: unknown): Obj {
    const wants = Array.isArray(expand) && expand.some((e) => String(e).startsWith('latest_invoice'))
    return wants && typeof sub.latest_invoice === 'string'
      ? { ...sub, latest_invoice: get(sub.latest_invoice) }
      : sub
  }
  function pmFrom(ref: string): Obj {
    const test = TEST_PMS[ref]
    if (!test) return get(ref, 'payment_method')
    return put({
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: null,
      outcome: test.outcome,
      attachFails: !!test.attachFails,
      card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: new Date().getFullYear() + 2 },
    })
  }
  function markInvoicePaid(invoice: Obj) {
    invoice.status = 'paid'
    invoice.amount_paid = invoice.amount_due
    const sub = get(
      (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
        .subscription,
      'subscription',
    )
    if (sub.status === 'incomplete' || sub.status === 'past_due') sub.status = 'active'
    return invoice
  }
  /** An invoice's PaymentIntent, asking for 3-D Secure on every attempt with a card that needs it. */
  function invoicePaymentIntent(invoice: Obj, pm: Obj) {
    const secret = (invoice.confirmation_secret as { client_secret: string }).client_secret
    const piId = secret.split('_secret_')[0]!
    return put({
      ...(objects.get(piId) ?? {}),
      id: piId,
      object: 'payment_intent',
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: invoice.customer,
      payment_method: pm.id,
      description: 'Subscription creation',
      metadata: {},
      invoice: invoice.id,
      client_secret: secret,
      status: 'requires_action',
      latest_charge: null,
      last_payment_error: null,
      next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
    })
  }
  function charge(pm: Obj): Outcome {
    return pm.outcome as Outcome
  }

  function handle(
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: URLSearchParams,
  ): object {
    const seg = path.replace(/^\/v1\//, '').split('/')
    const [resource, objId, action] = seg
    const metadata = (body.metadata ?? {}) as Record<string, string>
    if (method === 'POST' && resource === 'customers' && !objId)
      return put({
        id: id('cus'),
        object: 'customer',
        email: body.email,
        name: body.name,
        metadata,
        invoice_settings: { default_payment_method: null },
      })
    if (method === 'POST' && resource === 'customers' && objId) {
      const customer = get(objId, 'customer')
      const settings = body.invoice_settings as { default_payment_method?: string } | undefined
      if (settings?.default_payment_method) {
        const pm = get(settings.default_payment_method, 'payment_method')
        if (pm.customer !== objId)
          throw new StripeHttpError(400, {
            error: {
              type: 'invalid_request_error',
              message: 'The payment method is not attached to this customer.',
            },
          })
        customer.invoice_settings = { default_payment_method: pm.id }
      }
      return customer
    }
    if (
      method === 'POST' &&
      resource === 'payment_methods' &&
      !objId &&
      (body.card as { number?: string } | undefined)?.number
    ) {
      // Stripe.js's createPaymentMethod from its card field: a new PaymentMethod every time.
      const number = String((body.card as { number: string }).number).replace(/\D/g, '')
      const ref = TEST_NUMBERS[number]
      if (!ref)
        throw new StripeHttpError(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined. Your request was in test mode, but used a non test card.',
          },
        })
      return pmFrom(ref)
    }
    if (method === 'POST' && resource === 'payment_methods' && !objId) {
      const token = (body.card as { token?: string } | undefined)?.token ?? ''
      const magic = TOKENS[token]
      if (!magic) throw missing(token)
      return pmFrom(magic)
    }
    if (method === 'POST' && resource === 'payment_methods' && action === 'attach') {
      const pm = pmFrom(objId!)
      get(String(body.customer), 'customer')
      if (pm.attachFails) throw cardError(pm.outcome as Exclude<Outcome, 'succeed' | 'authenticate'>)
      pm.customer = body.customer
      return pm
    }
    if (method === 'POST' && resource === 'payment_methods' && action === 'detach') {
      const pm = get(objId!, 'payment_method')
      pm.customer = null
      return pm
    }
    if (method === 'POST' && resource === 'prices')
      return put({
        id: id('price'),
        object: 'price',
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: body.recurring,
        metadata,
      })
    if (resource === 'subscriptions') {
      if (method === 'POST' && !objId) {
        const items = body.items as Array<{ price: string }>
        const price = get(items[0]!.price, 'price')
        if (body.payment_behavior !== 'default_incomplete')
          throw new StripeHttpError(400, {
            error: { type: 'invalid_request_error', message: 'fake supports default_incomplete only' },
          })
        const subId = id('sub')
        const start = now()
        const invoice = put({
          id: id('in'),
          object: 'invoice',
          status: 'open',
          amount_due: price.unit_amount,
          amount_paid: 0,
          currency: price.currency,
          attempt_count: 0,
          customer: body.customer,
          parent: { subscription_details: { subscription: subId } },
          confirmation_secret: {
            client_secret: `${id('pi')}_secret_${randomBytes(6).toString('hex')}`,
            type: 'payment_intent',
          },
        })
        const sub = put({
          id: subId,
          object: 'subscription',
          status: 'incomplete',
          customer: body.customer,
          cancel_at_period_end: false,
          metadata,
          latest_invoice: invoice.id,
          created: start,
          items: {
            object: 'list',
            data: [
              {
                id: id('si'),
                object: 'subscription_item',
                price,
                current_period_start: start,
                current_period_end: addMonth(start),
              },
            ],
          },
        })
        return expandSubscription(sub, body.expand)
      }
      const sub = get(objId!, 'subscription')
      // The SDK sends GET parameters as `expand[0]=…`.
      if (method === 'GET') return expandSubscription(sub, parseForm(query.toString()).expand)
      if (method === 'DELETE') {
        sub.status = 'canceled'
        return sub
      }
      if (body.cancel_at_period_end !== undefined)
        sub.cancel_at_period_end = body.cancel_at_period_end === 'true'
      const items = body.items as Array<{ id: string; price: string }> | undefined
      if (items?.[0]) {
        const item = (sub.items as { data: Array<Record<string, unknown>> }).data.find(
          (i) => i.id === items[0]!.id,
        )
        if (!item) throw missing(items[0].id)
        item.price = get(items[0].price, 'price')
      }
      return expandSubscription(sub, body.expand)
    }
    if (resource === 'invoices') {
      const invoice = get(objId!, 'invoice')
      if (method === 'GET') return invoice
      if (action === 'pay') {
        if (invoice.status !== 'open')
          throw new StripeHttpError(400, {
            error: {
              type: 'invalid_request_error',
              code: 'invoice_not_open',
              message: 'Invoice is already paid',
            },
          })
        const pm = get(String(body.payment_method), 'payment_method')
        invoice.attempt_count = Number(invoice.attempt_count) + 1
        const outcome = charge(pm)
        if (outcome === 'authenticate') {
          // The invoice's PaymentIntent (the one its confirmation secret names) waits for the payer's bank.
          invoicePaymentIntent(invoice, pm)
          throw new StripeHttpError(402, {
            error: {
              type: 'card_error',
              code: 'invoice_payment_intent_requires_action',
              message:
                'This payment requires additional user action before it can be completed successfully.',
            },
          })
        }
        if (outcome !== 'succeed') throw cardError(outcome, { charge: id('ch') })
        return markInvoicePaid(invoice)
      }
    }
    if (method === 'POST' && resource === 'payment_intents' && !objId) {
      // A customer's own card, or (no customer) a ready-made test PaymentMethod or an unattached one.
      const pm = pmFrom(String(body.payment_method))
      if (pm.customer && pm.customer !== body.customer)
        throw new StripeHttpError(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_method_not_available',
            message: 'The provided PaymentMethod is attached to another customer.',
          },
        })
      const outcome = charge(pm)
      const piId = id('pi')
      const pi = put({
        id: piId,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        customer: body.customer,
        description: body.description ?? null,
        metadata,
        latest_charge: outcome === 'authenticate' ? null : id('ch'),
        client_secret: `${piId}_secret_${randomBytes(8).toString('hex')}`,
        status:
          outcome === 'succeed'
            ? 'succeeded'
            : outcome === 'authenticate'
              ? 'requires_action'
              : 'requires_payment_method',
        next_action:
          outcome === 'authenticate'
            ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
            : null,
        last_payment_error:
          outcome === 'succeed' || outcome === 'authenticate'
            ? null
            : { type: 'card_error', ...CARD_ERROR[outcome] },
      })
      if (outcome !== 'succeed' && outcome !== 'authenticate')
        throw cardError(outcome, { charge: pi.latest_charge, payment_intent: pi })
      return pi
    }
    if (resource === 'payment_intents' && objId) {
      const pi = get(objId, 'payment_intent')
      if (method === 'GET') return pi
      if (action === 'confirm') {
        // The payer's answer in the bank's 3-D Secure window, sent by Stripe.js.
        if (pi.status !== 'requires_action') return pi
        pi.next_action = null
        if (body.authentication === 'complete') {
          Object.assign(pi, { status: 'succeeded', latest_charge: id('ch') })
          // An invoice's payment pays the invoice, which starts its subscription.
          if (typeof pi.invoice === 'string') markInvoicePaid(get(pi.invoice, 'invoice'))
        } else
          Object.assign(pi, { status: 'requires_payment_method', last_payment_error: AUTHENTICATION_FAILED })
        return pi
      }
    }
    throw new StripeHttpError(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
    })
  }

  /** With the publishable key, only a PaymentIntent whose client secret the caller holds (as on Stripe). */
  function publishableMayCall(req: http.IncomingMessage, url: URL, body: Record<string, unknown>): boolean {
    if (!opts.publishableKey || req.headers.authorization !== `Bearer ${opts.publishableKey}`) return false
    const [resource, objId] = url.pathname.replace(/^\/v1\//, '').split('/')
    if (req.method === 'POST' && resource === 'payment_methods' && !objId)
      return !!(body.card as { number?: string } | undefined)?.number
    const secret =
      typeof body.client_secret === 'string' ? body.client_secret : url.searchParams.get('client_secret')
    const pi = resource === 'payment_intents' && objId ? objects.get(objId) : undefined
    return !!pi && pi.client_secret === secret
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local')
      const loss = lost.find((l) => l.remaining > 0 && l.path.test(url.pathname))
      if (loss) loss.remaining -= 1
      const send = (status: number, text: string) => {
        if (loss)
          [status, text] = [
            500,
            JSON.stringify({
              error: { type: 'api_error', message: 'An error occurred while processing your request.' },
            }),
          ]
        // Browsers call Stripe's API straight from the page (Stripe.js), so it answers any origin.
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          'access-control-allow-origin': '*',
        })
        res.end(text)
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-allow-methods': 'GET, POST',
        })
        return res.end()
      }
      const raw = Buffer.concat(chunks).toString('utf8')
      const body = req.method === 'GET' || req.method === 'DELETE' ? {} : parseForm(raw)
      if (req.headers.authorization !== `Bearer ${opts.secretKey}` && !publishableMayCall(req, url, body))
        return send(
          401,
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
        )
      const key =
        typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined
      const browser = !!opts.publishableKey && req.headers.authorization === `Bearer ${opts.publishableKey}`
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        body,
        idempotencyKey: key,
        ...(browser ? { browser } : {}),
      })
      const cacheKey = key ? `${req.method} ${url.pathname} ${key}` : undefined
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined
      if (cached) return send(cached.status, cached.body)
      const outage = outages.find((o) => o.remaining > 0 && o.path.test(url.pathname))
      if (outage) {
        outage.remaining -= 1
        return send(
          500,
          JSON.stringify({ error: { type: 'api_error', message: "Something went wrong on Stripe's end." } }),
        )
      }
      let status = 200
      let answer: object
      try {
        answer = handle(req.method ?? 'GET', url.pathname, body, url.searchParams)
      } catch (err) {
        if (!(err instanceof StripeHttpError)) throw err
        status = err.status
        answer = err.body
      }
      const text = JSON.stringify(answer)
      if (cacheKey) idempotent.set(cacheKey, { status, body: text })
      send(status, text)
    })
  })
  await listenInRange(server, opts.ports ?? [3850, 3899])
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    objects,
    failNext: (path, times) => void outages.push({ path, remaining: times }),
    loseAnswers: (path, times) => void lost.push({ path, remaining: times }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
