import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STRIPE_TEST_LABEL } from '@mouthpiece/contracts/payments/payments.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { signStripePayload } from './sources/webhook-signature'
import { startFakeStripe } from './testing/fake-stripe-server'
import type { FakeStripe } from './testing/fake-stripe-server'
import { paymentsClient } from './testing/payments-client'

const SECRET_KEY = 'sk_test_mouthpiece_fake_123'
const WEBHOOK_SECRET = 'whsec_mouthpiece_fake_456'
const VISA = '4242424242424242'

describe('payments through the Stripe provider (local server speaking Stripe)', () => {
  let stripe: FakeStripe
  let t: TestApp
  let c: ReturnType<typeof paymentsClient>
  const stripeEnv = (port: number) => ({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
  })
  const calls = (method: string, path: RegExp) =>
    stripe.requests.filter((r) => r.method === method && path.test(r.path))
  const localSub = async (userId: number) =>
    (
      await t.database.raw.query<{ provider_subscription_id: string; status: string }>(
        'select provider_subscription_id, status from subscriptions where user_id = $1 and provider = $2',
        [userId, 'stripe'],
      )
    ).rows[0]!

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY })
    t = await createTestApp({ env: stripeEnv(stripe.port) })
    c = paymentsClient(t)
  })
  afterAll(async () => {
    await t.close()
    await stripe.close()
  })

  it('says Stripe test mode; test cards map to Stripe test PaymentMethods, never sending the number', async () => {
    expect((await c.plans()).provider).toMatchObject({
      name: 'stripe',
      test_mode: true,
      card_entry: 'token-endpoint',
      label: STRIPE_TEST_LABEL,
    })
    const res = await c.token(VISA)
    expect(res.json()).toMatchObject({ token_id: 'pm_card_visa', card: { brand: 'visa', last4: '4242' } })
    expect((await c.token('4000 0000 0000 0002')).json()).toMatchObject({
      token_id: 'pm_card_chargeDeclined',
    })
    expect(JSON.stringify(stripe.requests)).not.toContain(VISA)
  })

  it('subscribes: customer, default PaymentMethod, default_incomplete subscription paid with the card', async () => {
    const u = await c.register()
    const added = await c.addCard(u.token, VISA)
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json()).toMatchObject({ method: { brand: 'visa', last4: '4242' } })
    const customerCreate = calls('POST', /^\/v1\/customers$/).at(-1)!
    expect(customerCreate.idempotencyKey).toBe(`customer-${u.id}`)
    expect(customerCreate.body).toMatchObject({
      email: `${u.username}@example.com`,
      metadata: { user_id: String(u.id) },
    })
    expect(calls('POST', /^\/v1\/customers\/cus_/).at(-1)!.body).toMatchObject({
      invoice_settings: { default_payment_method: expect.stringMatching(/^pm_/) },
    })

    const res = await c.subscribe(u.token, 'creator')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      subscription: { status: 'active', is_active: true, plan: { slug: 'creator' } },
    })
    const create = calls('POST', /^\/v1\/subscriptions$/).at(-1)!
    const planId = await c.planId('creator')
    expect(create.idempotencyKey).toBe(`sub-${u.id}-${planId}-1`)
    expect(create.body).toMatchObject({
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
      items: [{ price: expect.stringMatching(/^price_/) }],
      metadata: { user_id: String(u.id) },
    })
    expect(calls('POST', /^\/v1\/invoices\/in_\w+\/pay$/)).toHaveLength(1)
    expect((await c.history(u.token)).list).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_cents: 5900 }),
    ])

    // The plan's Stripe Price is created once and reused.
    const v = await c.register()
    await c.addCard(v.token, VISA)
    await c.subscribe(v.token, 'creator')
    expect(
      calls('POST', /^\/v1\/prices$/).filter(
        (r) => (r.body.metadata as { plan_id: string }).plan_id === String(planId),
      ),
    ).toHaveLength(1)
  })

  it('a card Stripe declines when attached (4000…0002) is a 402 with a failed verification row', async () => {
    const u = await c.register()
    const res = await c.addCard(u.token, '4000000000000002')
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ message: 'Your card was declined.', code: 'card_declined' })
    expect((await c.call('GET', '/api/payment/method', u.token)).json()).toEqual({ method: null })
    expect((await c.history(u.token)).list).toEqual([
      expect.objectContaining({
        kind: 'card_setup',
        status: 'failed',
        failure_message: 'Your card was declined.',
      }),
    ])
  })

  it('a declined first payment leaves the subscription incomplete; a new card pays the same one', async () => {
    const u = await c.register()
    expect(
      (await c.call('POST', '/api/payment/add-card', u.token, { token_id: 'pm_card_chargeCustomerFail' }))
        .statusCode,
    ).toBe(200)
    const before = calls('POST', /^\/v1\/subscriptions$/).length
    const res = await c.subscribe(u.token, 'pro')
    expect(res.statusCode).toBe(402)
    expect(res.json()).toMatchObject({ message: 'Your card was declined.' })
    expect(await c.current(u.token)).toMatchObject({
      subscription: { status: 'incomplete', is_active: false },
      entitlements: { plan_slug: 'free' },
    })
    expect((await c.history(u.token)).list).toEqual([
      expect.objectContaining({
        status: 'failed',
        failure_message: 'Your card was declined.',
        amount_cents: 14500,
      }),
    ])

    await c.updateCard(u.token, VISA)
    const retry = await c.subscribe(u.token, 'pro')
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json()).toMatchObject({ subscription: { status: 'active' } })
    expect(calls('POST', /^\/v1\/subscriptions$/).length - before).toBe(1)
    expect(await c.subscriptionRows(u.id)).toHaveLength(1)
    // The replaced card was detached from the customer.
    expect(calls('POST', /^\/v1\/payment_methods\/pm_\w+\/detach$/).length).toBeGreaterThanOrEqual(1)
  })

  describe('3-D Secure on the first payment', () => {
    const THREE_DS = 'pm_card_authenticationRequired'
    /** The payer's answer in their bank's window, as Stripe.js sends it with the client secret. */
    const answerBank = async (clientSecret: string, authentication: 'complete' | 'fail') => {
      const res = await fetch(
        `http://127.0.0.1:${stripe.port}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${SECRET_KEY}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ client_secret: clientSecret, authentication }),
        },
      )
      expect(res.status).toBe(200)
    }
    const subscribeAsking = async (token: string) => {
      const res = await c.subscribe(token, 'pro')
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json<{
        subscription: { status: string; is_active: boolean }
        next_action?: { type: string; client_secret: string }
      }>()
      expect(body.subscription).toMatchObject({ status: 'incomplete', is_active: false })
      expect(body.next_action).toEqual({
        type: 'confirm_card_payment',
        client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      })
      return body.next_action!.client_secret
    }
    const pays = () => calls('POST', /^\/v1\/invoices\/in_\w+\/pay$/).length

    it('asks the payer to confirm; after the bank says yes the plan starts once, the webhook adds nothing', async () => {
      const u = await c.register()
      await c.subscribe(u.token, 'free-trial')
      expect(
        (await c.call('POST', '/api/payment/add-card', u.token, { token_id: THREE_DS })).statusCode,
      ).toBe(200)
      const paysBefore = pays()
      const secret = await subscribeAsking(u.token)
      // While the bank waits, the trial goes on and asking again answers the same step, charging nothing.
      expect((await c.current(u.token)).entitlements).toMatchObject({ plan_slug: 'free-trial' })
      expect(await subscribeAsking(u.token)).toBe(secret)
      expect(pays() - paysBefore).toBe(1)

      await answerBank(secret, 'complete')
      const done = await c.subscribe(u.token, 'pro')
      expect(done.statusCode, done.body).toBe(200)
      expect(done.json()).toEqual({
        subscription: expect.objectContaining({
          status: 'active',
          is_active: true,
          last_payment_error: null,
        }),
      })
      expect(pays() - paysBefore).toBe(1)
      expect((await c.current(u.token)).entitlements).toMatchObject({ plan_slug: 'pro' })

      // Stripe's own report of the same payment changes nothing more.
      const { provider_subscription_id: subId } = await localSub(u.id)
      const invoice = stripe.objects.get(String(stripe.objects.get(subId)!.latest_invoice))!
      const payload = JSON.stringify({
        id: `evt_3ds_paid_${u.id}`,
        object: 'event',
        type: 'invoice.paid',
        created: Math.floor(Date.now() / 1000),
        data: { object: invoice },
      })
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/payment/handle',
        payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET),
        },
      })
      expect(hook.json()).toEqual({ received: true, duplicate: false })
      expect((await c.history(u.token)).list).toEqual([
        expect.objectContaining({ status: 'succeeded', amount_cents: 14500 }),
      ])
      expect(
        (await c.notifications(u.token)).filter((n) => n.content.startsWith('Payment of $145.00 received')),
      ).toHaveLength(1)
      expect((await c.subscribe(u.token, 'pro')).json()).toEqual({
        subscription: expect.objectContaining({ status: 'active' }),
      })
    })

    it('a failed bank check keeps the old plan and says why; trying again asks the bank again', async () => {
      const u = await c.register()
      await c.subscribe(u.token, 'free-trial')
      await c.call('POST', '/api/payment/add-card', u.token, { token_id: THREE_DS })
      await answerBank(await subscribeAsking(u.token), 'fail')
      const refused = await c.subscribe(u.token, 'pro')
      expect(refused.statusCode).toBe(402)
      expect(refused.json()).toEqual({
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      })
      expect(await c.current(u.token)).toMatchObject({
        subscription: {
          status: 'incomplete',
          is_active: false,
          last_payment_error: expect.stringMatching(/^We are unable to authenticate/),
        },
        entitlements: { plan_slug: 'free-trial' },
      })
      expect((await c.history(u.token)).list).toEqual([
        expect.objectContaining({ status: 'failed', amount_cents: 14500 }),
      ])

      // Another try is a new attempt: the bank is asked again, and this time it says yes.
      const again = await subscribeAsking(u.token)
      await answerBank(again, 'complete')
      expect((await c.subscribe(u.token, 'pro')).json()).toMatchObject({
        subscription: { status: 'active', is_active: true },
      })
      expect((await c.history(u.token)).list.map((r) => r.status)).toEqual(['succeeded', 'failed'])
      expect(await c.subscriptionRows(u.id)).toEqual([
        expect.objectContaining({ status: 'canceled' }),
        expect.objectContaining({ status: 'active' }),
      ])
    })
  })

  it('cancels at period end and resumes through Stripe', async () => {
    const u = await c.register()
    await c.addCard(u.token, VISA)
    await c.subscribe(u.token, 'creator')
    const { provider_subscription_id: subId } = await localSub(u.id)
    expect((await c.call('POST', '/api/payment/cancel-plan', u.token)).json()).toMatchObject({
      subscription: { cancel_at_period_end: true, status: 'active' },
    })
    expect(stripe.objects.get(subId)).toMatchObject({ cancel_at_period_end: true })
    expect((await c.call('POST', '/api/payment/resume-plan', u.token)).json()).toMatchObject({
      subscription: { cancel_at_period_end: false, status: 'active' },
    })
    expect(stripe.objects.get(subId)).toMatchObject({ cancel_at_period_end: false, status: 'active' })
  })

  it('one-off PaymentIntents: success, and a decline with the message', async () => {
    const u = await c.register()
    const ok = await c.call('POST', '/api/payment/one-off', u.token, {
      amount_cents: 700,
      token_id: 'pm_card_visa',
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ payment: { status: 'succeeded', amount_cents: 700 } })
    expect(calls('POST', /^\/v1\/payment_intents$/).at(-1)!.body).toMatchObject({
      confirm: 'true',
      amount: '700',
      metadata: { kind: 'one_off' },
    })
    const bad = await c.call('POST', '/api/payment/one-off', u.token, {
      amount_cents: 700,
      token_id: 'pm_card_chargeCustomerFail',
    })
    expect(bad.statusCode).toBe(402)
    expect(bad.json()).toMatchObject({ message: 'Your card was declined.' })
    expect((await c.history(u.token)).list.map((r) => r.status)).toEqual(['failed', 'succeeded'])
  })

  describe('webhooks', () => {
    const post = (payload: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/handle',
        payload,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
      })
    const eventFor = (id: string, type: string, object: object) =>
      JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } })

    it('applies a signed invoice.paid once however often it is delivered', async () => {
      const u = await c.register()
      await c.call('POST', '/api/payment/add-card', u.token, { token_id: 'pm_card_chargeCustomerFail' })
      await c.subscribe(u.token, 'creator')
      const { provider_subscription_id: subId } = await localSub(u.id)
      const invoiceId = String(stripe.objects.get(subId)!.latest_invoice)
      // Paid another way (say, in Stripe's hosted page); Stripe reports it by webhook.
      const payload = eventFor('evt_paid_1', 'invoice.paid', {
        ...stripe.objects.get(invoiceId),
        status: 'paid',
        amount_paid: 5900,
      })
      const answers = []
      for (let i = 0; i < 5; i++)
        answers.push((await post(payload, signStripePayload(payload, WEBHOOK_SECRET))).json())
      expect(answers).toEqual([
        { received: true, duplicate: false },
        ...Array(4).fill({ received: true, duplicate: true }),
      ])
      expect((await c.current(u.token)).subscription).toMatchObject({ status: 'active', is_active: true })
      expect((await c.history(u.token)).list.map((r) => r.status)).toEqual(['succeeded', 'failed'])
      const processed = await t.database.raw.query<{ n: number }>(
        `select count(*)::int as n from processed_webhook_events where event_id = 'evt_paid_1'`,
      )
      expect(processed.rows[0]?.n).toBe(1)
      // invoice.payment_succeeded for the same invoice is another event about the same payment.
      const twin = eventFor('evt_paid_2', 'invoice.payment_succeeded', {
        ...stripe.objects.get(invoiceId),
        status: 'paid',
        amount_paid: 5900,
      })
      expect((await post(twin, signStripePayload(twin, WEBHOOK_SECRET))).json()).toEqual({
        received: true,
        duplicate: false,
      })
      expect((await c.history(u.token)).total).toBe(2)
    })

    it('refuses forged signatures, stale timestamps, a missing header and a body that is not an event', async () => {
      const payload = eventFor('evt_forged', 'invoice.paid', { id: 'in_x', object: 'invoice' })
      const forged = await post(payload, signStripePayload(payload, 'whsec_not_the_secret'))
      expect(forged.statusCode).toBe(400)
      expect(forged.json()).toMatchObject({
        code: 'invalid_signature',
        message: expect.stringMatching(/^Invalid webhook signature/),
      })
      const tampered = await post(payload.replace('in_x', 'in_y'), signStripePayload(payload, WEBHOOK_SECRET))
      expect(tampered.statusCode).toBe(400)
      const stale = await post(
        payload,
        signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301),
      )
      expect(stale.statusCode).toBe(400)
      expect((await post(payload)).statusCode).toBe(400)
      const notEvent = JSON.stringify({ hello: 'world' })
      expect((await post(notEvent, signStripePayload(notEvent, WEBHOOK_SECRET))).json()).toMatchObject({
        message: 'Invalid webhook payload',
      })
      const processed = await t.database.raw.query<{ n: number }>(
        `select count(*)::int as n from processed_webhook_events where event_id = 'evt_forged'`,
      )
      expect(processed.rows[0]?.n).toBe(0)
    })

    it('follows subscription events: a deletion ends the plan and tells the user; an older event does not undo it', async () => {
      const u = await c.register()
      await c.addCard(u.token, VISA)
      await c.subscribe(u.token, 'pro')
      const { provider_subscription_id: subId } = await localSub(u.id)
      const deleted = eventFor('evt_sub_deleted', 'customer.subscription.deleted', {
        ...stripe.objects.get(subId),
        status: 'canceled',
      })
      expect((await post(deleted, signStripePayload(deleted, WEBHOOK_SECRET))).statusCode).toBe(200)
      expect(await c.current(u.token)).toMatchObject({
        subscription: null,
        entitlements: { plan_slug: 'free' },
      })
      expect((await c.notifications(u.token)).map((n) => n.content)).toContain(
        'Your Pro plan has ended. Choose a plan to keep your features.',
      )
      const late = eventFor('evt_sub_late', 'customer.subscription.updated', {
        ...stripe.objects.get(subId),
        status: 'active',
      })
      expect((await post(late, signStripePayload(late, WEBHOOK_SECRET))).statusCode).toBe(200)
      expect((await localSub(u.id)).status).toBe('canceled')
    })

    it('records a failed renewal from invoice.payment_failed', async () => {
      const u = await c.register()
      await c.addCard(u.token, VISA)
      await c.subscribe(u.token, 'creator')
      const { provider_subscription_id: subId } = await localSub(u.id)
      const failed = eventFor('evt_renewal_failed', 'invoice.payment_failed', {
        id: 'in_renewal_1',
        object: 'invoice',
        status: 'open',
        amount_due: 5900,
        amount_paid: 0,
        currency: 'usd',
        attempt_count: 1,
        parent: { subscription_details: { subscription: subId } },
      })
      const pastDue = eventFor('evt_past_due', 'customer.subscription.updated', {
        ...stripe.objects.get(subId),
        status: 'past_due',
      })
      await post(failed, signStripePayload(failed, WEBHOOK_SECRET))
      await post(pastDue, signStripePayload(pastDue, WEBHOOK_SECRET))
      expect((await c.current(u.token)).subscription).toMatchObject({ status: 'past_due', is_active: true })
      expect((await c.history(u.token)).list[0]).toMatchObject({ status: 'failed', amount_cents: 5900 })
    })
  })

  it('a Stripe outage mid-subscribe is a 502; trying again later subscribes once', async () => {
    const u = await c.register()
    await c.addCard(u.token, VISA)
    // The SDK retries twice: three failures make the call fail.
    stripe.failNext(/^\/v1\/invoices\/in_\w+\/pay$/, 3)
    const res = await c.subscribe(u.token, 'creator')
    expect(res.statusCode).toBe(502)
    expect((await c.current(u.token)).subscription).toMatchObject({ status: 'incomplete', is_active: false })
    const retry = await c.subscribe(u.token, 'creator')
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json()).toMatchObject({ subscription: { status: 'active' } })
    expect(await c.subscriptionRows(u.id)).toHaveLength(1)
  })

  it('answers 502 when Stripe cannot be reached at all', async () => {
    const down = await createTestApp({ env: stripeEnv(1) })
    try {
      const d = paymentsClient(down)
      const u = await d.register()
      const res = await d.call('POST', '/api/payment/add-card', u.token, { token_id: 'pm_card_visa' })
      expect(res.statusCode).toBe(502)
      expect(res.json<{ message: string }>().message).toMatch(
        /^The payment provider is not answering\. Please try again in a moment\./,
      )
    } finally {
      await down.close()
    }
  })
})
