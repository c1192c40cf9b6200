import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'

/**
 * A local HTTP server speaking the part of Stripe's REST API that the Stripe provider uses:
 * form-encoded bodies, JSON answers, Idempotency-Key replays, Stripe's error shape
 * `{error: {type, code, decline_code, message}}` with 402 for card errors, and Stripe's ready-made
 * test PaymentMethods (pm_card_visa, pm_card_chargeDeclined, pm_card_chargeCustomerFail…).
 */
export interface FakeStripe {
  port: number
  requests: Array<{ method: string; path: string; body: Record<string, unknown>; idempotencyKey?: string }>
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
type Outcome = 'succeed' | 'decline' | 'expired' | 'incorrect_cvc' | 'charge_fail'

const TEST_PMS: Record<string, { brand: string; last4: string; outcome: Outcome; attachFails?: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'decline', attachFails: true },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', outcome: 'expired', attachFails: true },
  pm_card_chargeDeclinedIncorrectCvc: { brand: 'visa', last4: '0127', outcome: 'incorrect_cvc', attachFails: true },
  // 4000 0000 0000 0341: attaches, then every charge is declined.
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', outcome: 'charge_fail' },
}
const TOKENS: Record<string, string> = { tok_visa: 'pm_card_visa', tok_chargeDeclined: 'pm_card_chargeDeclined' }
const CARD_ERROR: Record<Exclude<Outcome, 'succeed'>, { code: string; decline_code: string; message: string }> = {
  decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  charge_fail: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  expired: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', decline_code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
}

class StripeHttpError extends Error {
  constructor(readonly status: number, readonly body: object) {
    super('stripe error')
  }
}
const cardError = (outcome: Exclude<Outcome, 'succeed'>, extra: object = {}) =>
  new StripeHttpError(402, { error: { type: 'card_error', ...CARD_ERROR[outcome], ...extra } })
const missing = (id: string) =>
  new StripeHttpError(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` } })

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

export async function startFakeStripe(opts: { secretKey: string; ports?: [number, number] }): Promise<FakeStripe> {
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
    return wants && typeof sub.latest_invoice === 'string' ? { ...sub, latest_invoice: get(sub.latest_invoice) } : sub
  }
  function pmFrom(ref: string): Obj {
    const test = TEST_PMS[ref]
    if (!test) return get(ref, 'payment_method')
    return put({
      id: id('pm'), object: 'payment_method', type: 'card', customer: null, outcome: test.outcome, attachFails: !!test.attachFails,
      card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: new Date().getFullYear() + 2 },
    })
  }
  function charge(pm: Obj): Outcome {
    return pm.outcome as Outcome
  }

  function handle(method: string, path: string, body: Record<string, unknown>, query: URLSearchParams): object {
    const seg = path.replace(/^\/v1\//, '').split('/')
    const [resource, objId, action] = seg
    const metadata = (body.metadata ?? {}) as Record<string, string>
    if (method === 'POST' && resource === 'customers' && !objId)
      return put({ id: id('cus'), object: 'customer', email: body.email, name: body.name, metadata, invoice_settings: { default_payment_method: null } })
    if (method === 'POST' && resource === 'customers' && objId) {
      const customer = get(objId, 'customer')
      const settings = body.invoice_settings as { default_payment_method?: string } | undefined
      if (settings?.default_payment_method) {
        const pm = get(settings.default_payment_method, 'payment_method')
        if (pm.customer !== objId) throw new StripeHttpError(400, { error: { type: 'invalid_request_error', message: 'The payment method is not attached to this customer.' } })
        customer.invoice_settings = { default_payment_method: pm.id }
      }
      return customer
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
      if (pm.attachFails) throw cardError(pm.outcome as Exclude<Outcome, 'succeed'>)
      pm.customer = body.customer
      return pm
    }
    if (method === 'POST' && resource === 'payment_methods' && action === 'detach') {
      const pm = get(objId!, 'payment_method')
      pm.customer = null
      return pm
    }
    if (method === 'POST' && resource === 'prices')
      return put({ id: id('price'), object: 'price', currency: body.currency, unit_amount: Number(body.unit_amount), recurring: body.recurring, metadata })
    if (resource === 'subscriptions') {
      if (method === 'POST' && !objId) {
        const items = body.items as Array<{ price: string }>
        const price = get(items[0]!.price, 'price')
        if (body.payment_behavior !== 'default_incomplete') throw new StripeHttpError(400, { error: { type: 'invalid_request_error', message: 'fake supports default_incomplete only' } })
        const subId = id('sub')
        const start = now()
        const invoice = put({
          id: id('in'), object: 'invoice', status: 'open', amount_due: price.unit_amount, amount_paid: 0, currency: price.currency,
          attempt_count: 0, customer: body.customer, parent: { subscription_details: { subscription: subId } },
          confirmation_secret: { client_secret: `${id('pi')}_secret_${randomBytes(6).toString('hex')}`, type: 'payment_intent' },
        })
        const sub = put({
          id: subId, object: 'subscription', status: 'incomplete', customer: body.customer, cancel_at_period_end: false, metadata,
          latest_invoice: invoice.id, created: start,
          items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price, current_period_start: start, current_period_end: addMonth(start) }] },
        })
        return expandSubscription(sub, body.expand)
      }
      const sub = get(objId!, 'subscription')
      if (method === 'GET') return expandSubscription(sub, query.getAll('expand[]'))
      if (method === 'DELETE') {
        sub.status = 'canceled'
        return sub
      }
      if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true'
      const items = body.items as Array<{ id: string; price: string }> | undefined
      if (items?.[0]) {
        const item = (sub.items as { data: Array<Record<string, unknown>> }).data.find((i) => i.id === items[0]!.id)
        if (!item) throw missing(items[0].id)
        item.price = get(items[0].price, 'price')
      }
      return expandSubscription(sub, body.expand)
    }
    if (resource === 'invoices') {
      const invoice = get(objId!, 'invoice')
      if (method === 'GET') return invoice
      if (action === 'pay') {
        if (invoice.status !== 'open') throw new StripeHttpError(400, { error: { type: 'invalid_request_error', code: 'invoice_not_open', message: 'Invoice is already paid' } })
        const pm = get(String(body.payment_method), 'payment_method')
        invoice.attempt_count = Number(invoice.attempt_count) + 1
        const outcome = charge(pm)
        if (outcome !== 'succeed') throw cardError(outcome, { charge: id('ch') })
        invoice.status = 'paid'
        invoice.amount_paid = invoice.amount_due
        const sub = get((invoice.parent as { subscription_details: { subscription: string } }).subscription_details.subscription, 'subscription')
        if (sub.status === 'incomplete' || sub.status === 'past_due') sub.status = 'active'
        return invoice
      }
    }
    if (method === 'POST' && resource === 'payment_intents' && !objId) {
      // A customer's own card, or (no customer) a ready-made test PaymentMethod or an unattached one.
      const pm = pmFrom(String(body.payment_method))
      if (pm.customer && pm.customer !== body.customer)
        throw new StripeHttpError(400, { error: { type: 'invalid_request_error', code: 'payment_method_not_available', message: 'The provided PaymentMethod is attached to another customer.' } })
      const outcome = charge(pm)
      const pi = put({
        id: id('pi'), object: 'payment_intent', amount: Number(body.amount), currency: body.currency, customer: body.customer,
        description: body.description ?? null, metadata, latest_charge: id('ch'),
        status: outcome === 'succeed' ? 'succeeded' : 'requires_payment_method',
        last_payment_error: outcome === 'succeed' ? null : { type: 'card_error', ...CARD_ERROR[outcome] },
      })
      if (outcome !== 'succeed') throw cardError(outcome, { charge: pi.latest_charge, payment_intent: pi })
      return pi
    }
    throw new StripeHttpError(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } })
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local')
      const loss = lost.find((l) => l.remaining > 0 && l.path.test(url.pathname))
      if (loss) loss.remaining -= 1
      const send = (status: number, text: string) => {
        if (loss) [status, text] = [500, JSON.stringify({ error: { type: 'api_error', message: 'An error occurred while processing your request.' } })]
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
        res.end(text)
      }
      if (req.headers.authorization !== `Bearer ${opts.secretKey}`)
        return send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }))
      const raw = Buffer.concat(chunks).toString('utf8')
      const body = req.method === 'GET' || req.method === 'DELETE' ? {} : parseForm(raw)
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body, idempotencyKey: key })
      const cacheKey = key ? `${req.method} ${url.pathname} ${key}` : undefined
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined
      if (cached) return send(cached.status, cached.body)
      const outage = outages.find((o) => o.remaining > 0 && o.path.test(url.pathname))
      if (outage) {
        outage.remaining -= 1
        return send(500, JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong on Stripe\'s end.' } }))
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
