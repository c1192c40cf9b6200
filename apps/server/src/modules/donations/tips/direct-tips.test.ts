import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { DonationSettings, OverlayAlert, Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import type { DirectTip } from '@mouthpiece/contracts/donations/tips-direct.contract'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { signStripePayload, startFakeStripe } from '../../payments/testing'
import type { FakeStripe } from '../../payments/testing'
import { listenApp, openOverlay, overlayKeyOf, rowsOf, signUp, waitFor } from '../testing/harness'
import type { OverlayClient } from '../testing/harness'

const VISA = '4242424242424242'
const DECLINED = '4000000000000002'
const EXPIRED = '4000000000000069'

process.env.SOURCES_ENABLED = 'false'
process.env.DIRECT_TIPS_PER_MINUTE = '1000'

/** The visitor's side of the tip page, through HTTP: tokenize a test card, send a tip. */
function tipClient(t: TestApp) {
  const card = async (number: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/tokens',
      payload: { number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ token_id: string }>().token_id
  }
  const send = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/donation/tips/direct', payload: body })
  const body = (
    username: string,
    over: Record<string, unknown> = {},
  ): Record<string, unknown> & { message: string; idempotency_key: string; token_id?: string } => ({
    username,
    channel: 'twitch',
    amount_cents: 500,
    currency: 'USD',
    who: 'Sam',
    message: `GG ${randomUUID().slice(0, 8)}`,
    idempotency_key: randomUUID(),
    ...over,
  })
  const tipRow = async (key: string) =>
    rowsOf<{
      id: number
      status: string
      attempt: number
      payment_id: string | null
      alert_event_id: number | null
      failure_message: string | null
    }>(
      await t.db.execute(
        sql`select id::int as id, status, attempt, payment_id, alert_event_id::int as alert_event_id, failure_message from direct_tips where idempotency_key = ${key}`,
      ),
    )[0]
  const alertRows = async (userId: number) =>
    rowsOf<{
      id: number
      source: string
      kind: string
      external_id: string
      who: string
      amount: number
      message: string
    }>(
      await t.db.execute(
        sql`select id::int as id, source, kind, external_id, who, amount, message from alert_events where user_id = ${userId} order by id`,
      ),
    )
  const notifications = async (userId: number) =>
    rowsOf<{ type: number; content: string }>(
      await t.db.execute(sql`select type, content from notifications where user_id = ${userId} order by id`),
    )
  return { card, send, body, tipRow, alertRows, notifications }
}

describe('direct tips (sandbox payments)', () => {
  let t: TestApp
  let c: ReturnType<typeof tipClient>
  let creator: { id: number; headers: Record<string, string> }
  let overlay: OverlayClient
  const username = 'TipTaker'
  const get = (url: string, headers = creator.headers) => t.app.inject({ method: 'GET', url, headers })
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: creator.headers, payload })
  /** PaymentIntents the sandbox created for a tip (attempts included). */
  const intents = async (tipId: number) =>
    rowsOf<{ status: string }>(
      await t.db.execute(
        sql`select data->>'status' as status from payment_sandbox_objects where kind = 'payment_intent' and data->'metadata'->>'direct_tip_id' = ${String(tipId)} order by created_at`,
      ),
    )

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    c = tipClient(t)
    const base = await listenApp(t.app)
    creator = await signUp(t.app, username)
    const settings = (await get('/api/donation/settings')).json<{ settings: DonationSettings }>().settings
    overlay = await openOverlay(base, overlayKeyOf(settings.overlay_url))
  })
  afterAll(async () => {
    overlay.close()
    await t.close()
  })

  it('shows the creator card: cheapest setup avatar, live alerts, spoken minimum, test mode', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/donation/tip-page/tiptaker' })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toEqual({
      creator: { username, avatar: null, alerts_live: true, min_spoken_usd: 0, test_mode: true },
    })

    await post('/api/donation/avatar-setup/create', {
      name: 'Big',
      price: 20,
      donation_avatar: { influencer_id: 'gamer', look: null },
    })
    await post('/api/donation/avatar-setup/create', {
      name: 'Small',
      price: 0,
      donation_avatar: { influencer_id: 'wizard', look: null },
    })
    await post('/api/donation/settings/update', {
      data: { minimums: { amount_usd: 3, bits: 0, channel_points: 0 } },
    })
    await post('/api/update-mute-all-alerts', { mute: true })
    const after = (await t.app.inject({ method: 'GET', url: `/api/donation/tip-page/${username}` })).json<{
      creator: Record<string, unknown>
    }>().creator
    expect(after).toMatchObject({
      avatar: { influencer_id: 'wizard' },
      alerts_live: false,
      min_spoken_usd: 3,
    })
    await post('/api/update-mute-all-alerts', { mute: false })
    await post('/api/donation/settings/update', {
      data: { minimums: { amount_usd: 0, bits: 0, channel_points: 0 } },
    })
  })

  it('has no page for an unknown or disabled creator', async () => {
    for (const name of ['nobody-here', 'tiptaker@example.com']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/donation/tip-page/${encodeURIComponent(name)}`,
      })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ message: 'Creator not found' })
    }
    const off = await signUp(t.app, 'switchedoff')
    await t.db.execute(sql`update users set is_enabled = false where id = ${off.id}`)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/donation/tip-page/switchedoff' })).statusCode,
    ).toBe(404)
    const tip = await c.send(c.body('switchedoff', { token_id: await c.card(VISA) }))
    expect(tip.statusCode).toBe(404)
    expect(tip.json()).toMatchObject({ message: 'Creator not found' })
  })

  it('takes a tip: one charge, an alert event (source direct) in the feed and on the overlay, a notification', async () => {
    const body = c.body(username, { amount_cents: 750, token_id: await c.card(VISA) })
    const res = await c.send(body)
    expect(res.statusCode, res.body).toBe(200)
    const { tip } = res.json<{ tip: DirectTip }>()
    expect(tip).toMatchObject({
      who: 'Sam',
      amount: 7.5,
      currency: 'USD',
      message: body.message,
      status: 'queued',
    })

    const row = await c.tipRow(body.idempotency_key)
    expect(row).toMatchObject({
      status: 'paid',
      attempt: 1,
      alert_event_id: tip.id,
      payment_id: expect.stringMatching(/^pi_/),
    })
    expect(await intents(row!.id)).toEqual([{ status: 'succeeded' }])
    expect((await c.alertRows(creator.id)).find((e) => e.id === tip.id)).toMatchObject({
      source: 'direct',
      kind: 'tip',
      external_id: row!.payment_id,
      who: 'Sam',
      amount: 7.5,
    })
    expect((await c.notifications(creator.id)).at(-1)).toEqual({
      type: 1,
      content: `Sam tipped you $7.50: “${body.message}”`,
    })

    const alert = await waitFor(
      () => overlay.alerts.find((a) => a.id === tip.id),
      15_000,
      'the tip on the overlay',
    )
    expect(alert).toMatchObject({ who: 'Sam', amount_label: '$7.50' })
    expect(alert.spoken_text).toContain(body.message)

    const feed = (await get('/api/donation/tips/all?limit=100')).json<{ list: Tip[] }>().list
    expect(feed.find((x) => x.id === tip.id)).toMatchObject({
      source: 'direct',
      kind: 'tip',
      amount: 7.5,
      currency: 'USD',
      is_test: false,
    })
    const preview = await post('/api/donation/tips/re-push', {
      tip_id: tip.id,
      provider: 'direct',
      mode: 'preview',
    })
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json<{ preview: OverlayAlert }>().preview).toMatchObject({ id: tip.id, who: 'Sam' })
  })

  it('answers a retried request with the same tip and charges once, even when both arrive together', async () => {
    const body = c.body(username, { token_id: await c.card(VISA), who: '' })
    const first = await c.send(body)
    expect(first.statusCode, first.body).toBe(200)
    const again = await c.send(body)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(first.json<{ tip: DirectTip }>().tip.who).toBe('Anonymous')
    const row = await c.tipRow(body.idempotency_key)
    expect(await intents(row!.id)).toHaveLength(1)
    expect((await c.alertRows(creator.id)).filter((e) => e.message === body.message)).toHaveLength(1)
    expect((await c.notifications(creator.id)).filter((n) => n.content.includes(body.message))).toHaveLength(
      1,
    )

    // A double click: two requests at once. One charges; the other waits its turn or gets the same tip.
    const twin = c.body(username, { token_id: await c.card(VISA) })
    const answers = await Promise.all([c.send(twin), c.send(twin)])
    expect(answers.map((a) => a.statusCode).sort()).toContain(200)
    for (const a of answers)
      if (a.statusCode !== 200) expect(a.json()).toMatchObject({ code: 'tip_in_progress' })
    expect(await intents((await c.tipRow(twin.idempotency_key))!.id)).toHaveLength(1)
    expect((await c.alertRows(creator.id)).filter((e) => e.message === twin.message)).toHaveLength(1)
  })

  it('a declined card is a 402 with its message and no alert; the same key may then pay with another card', async () => {
    const before = (await c.alertRows(creator.id)).length
    const declined = await c.card(DECLINED)
    const body = c.body(username, { token_id: declined })
    const res = await c.send(body)
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ message: 'Your card was declined.', code: 'card_declined' })
    expect(await c.tipRow(body.idempotency_key)).toMatchObject({
      status: 'failed',
      attempt: 1,
      alert_event_id: null,
      failure_message: 'Your card was declined.',
    })
    expect(await c.alertRows(creator.id)).toHaveLength(before)

    // The same card again: the same answer, no second charge.
    const same = await c.send(body)
    expect(same.statusCode).toBe(402)
    const row = await c.tipRow(body.idempotency_key)
    expect(await intents(row!.id)).toEqual([{ status: 'requires_payment_method' }])

    // Nothing was charged, so the retry may change the amount too (the page keeps its key after a decline).
    const paid = await c.send({ ...body, amount_cents: 300, token_id: await c.card(VISA) })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json<{ tip: DirectTip }>().tip).toMatchObject({ amount: 3 })
    expect(await c.tipRow(body.idempotency_key)).toMatchObject({ status: 'paid', attempt: 2 })
    expect(await intents(row!.id)).toEqual([{ status: 'requires_payment_method' }, { status: 'succeeded' }])
    expect(await c.alertRows(creator.id)).toHaveLength(before + 1)
  })

  it('an expired card is a 402 with its message', async () => {
    const before = (await c.alertRows(creator.id)).length
    const res = await c.send(c.body(username, { token_id: await c.card(EXPIRED) }))
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ message: 'Your card has expired.', code: 'expired_card' })
    expect(await c.alertRows(creator.id)).toHaveLength(before)
  })

  it('refuses bad input with the contract messages and stores nothing', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from direct_tips`))[0]!.n
    const before = await count()
    const token = await c.card(VISA)
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ amount_cents: 50 }, 400, 'The smallest tip is $1.00'],
      [{ amount_cents: -500 }, 400, 'The smallest tip is $1.00'],
      [{ amount_cents: 100_001 }, 400, 'The largest tip is $1,000.00'],
      [{ amount_cents: 'five' }, 400, 'Enter an amount between $1.00 and $1,000.00'],
      [{ message: 'x'.repeat(256) }, 400, 'Message must be at most 255 characters'],
      [{ token_id: 'not-a-token' }, 400, 'Please enter a valid card'],
      [{ currency: 'EUR' }, 400, 'Tips are in USD'],
      [{ idempotency_key: 'again' }, 400, 'Invalid idempotency key'],
      [{ username: 'nobody-here' }, 404, 'Creator not found'],
    ]
    for (const [over, status, message] of cases) {
      const res = await c.send(c.body(username, { token_id: token, ...over }))
      expect(res.statusCode, JSON.stringify(over)).toBe(status)
      expect(res.json<{ message: string }>().message).toBe(message)
    }
    expect(await count()).toBe(before)

    // Well-formed but unknown or already spent tokens: enter the card again (400), nothing charged.
    const unknown = await c.send(c.body(username, { token_id: 'tok_sbdoesnotexist' }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ code: 'token_already_used' })
    expect((await c.send(c.body(username, { token_id: token }))).statusCode).toBe(200)
    const reused = await c.send(c.body(username, { token_id: token }))
    expect(reused.statusCode).toBe(400)
    expect(reused.json()).toMatchObject({
      message: 'This card was already used or has expired. Please enter it again.',
    })

    // The same key with other details is not the same tip.
    const body = c.body(username, { token_id: await c.card(VISA) })
    expect((await c.send(body)).statusCode).toBe(200)
    const changed = await c.send({ ...body, amount_cents: 900 })
    expect(changed.statusCode).toBe(409)
  })
})

describe('direct tips through the Stripe provider (local server speaking Stripe)', () => {
  const SECRET_KEY = 'sk_test_mouthpiece_tips_123'
  const WEBHOOK_SECRET = 'whsec_mouthpiece_tips_456'
  let stripe: FakeStripe
  let t: TestApp
  let c: ReturnType<typeof tipClient>
  let creator: { id: number }
  const username = 'StripeTipTaker'
  const piCalls = (key: string) =>
    stripe.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        r.idempotencyKey?.startsWith(`tip-${key}-`),
    )
  const piObjects = (tipId: number) =>
    [...stripe.objects.values()].filter(
      (o) =>
        o.object === 'payment_intent' &&
        (o.metadata as Record<string, string>).direct_tip_id === String(tipId),
    )

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY })
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(stripe.port),
        STRIPE_API_PROTOCOL: 'http',
      },
    })
    c = tipClient(t)
    creator = await signUp(t.app, username)
  })
  afterAll(async () => {
    await t.close()
    await stripe.close()
  })

  it('charges an anonymous PaymentIntent (no customer) with the test card and keys it by the tip', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/donation/tip-page/${username}` })).json(),
    ).toMatchObject({ creator: { test_mode: true } })
    const body = c.body(username, { token_id: await c.card(VISA) })
    expect(body.token_id).toBe('pm_card_visa')
    const res = await c.send(body)
    expect(res.statusCode, res.body).toBe(200)
    const [call] = piCalls(body.idempotency_key)
    expect(call!.idempotencyKey).toBe(`tip-${body.idempotency_key}-1`)
    expect(call!.body).toMatchObject({
      amount: '500',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      metadata: { kind: 'direct_tip' },
    })
    expect(call!.body.customer).toBeUndefined()
    expect(
      (await c.alertRows(creator.id)).find((e) => e.id === res.json<{ tip: DirectTip }>().tip.id),
    ).toMatchObject({ source: 'direct', kind: 'tip' })

    // A Stripe.js card token becomes a PaymentMethod first, then pays the same way.
    const tokenBody = c.body(username, { token_id: 'tok_visa' })
    expect((await c.send(tokenBody)).statusCode).toBe(200)
    expect(stripe.requests.filter((r) => r.path === '/v1/payment_methods').at(-1)).toMatchObject({
      body: { type: 'card', card: { token: 'tok_visa' } },
      idempotencyKey: `tip-${tokenBody.idempotency_key}-1-pm`,
    })
  })

  it('a decline is a 402; the retry with another card uses a new provider key', async () => {
    const body = c.body(username, { token_id: await c.card(DECLINED) })
    const res = await c.send(body)
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ message: 'Your card was declined.', code: 'card_declined' })
    const paid = await c.send({ ...body, token_id: await c.card(VISA) })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(piCalls(body.idempotency_key).map((r) => r.idempotencyKey)).toEqual([
      `tip-${body.idempotency_key}-1`,
      `tip-${body.idempotency_key}-2`,
    ])
  })

  it('a 3-D Secure card: answers the confirmation step, then the same request finishes the tip once', async () => {
    const body = c.body(username, { token_id: 'pm_card_authenticationRequired' })
    const first = await c.send(body)
    expect(first.statusCode, first.body).toBe(200)
    const { next_action } = first.json<{ next_action: { type: string; client_secret: string } }>()
    expect(next_action).toEqual({
      type: 'confirm_card_payment',
      client_secret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
    })
    const row = await c.tipRow(body.idempotency_key)
    expect(row).toMatchObject({
      status: 'pending',
      payment_id: expect.stringMatching(/^pi_/),
      alert_event_id: null,
    })
    // Asking again before the payer confirmed: the same step, no second charge.
    expect((await c.send(body)).json()).toEqual({ next_action })

    // The payer completes the bank's challenge in Stripe.js (the browser calls Stripe with the publishable key).
    const pi = [...stripe.objects.values()].find((o) => o.id === row!.payment_id)!
    pi.status = 'succeeded'
    const done = await c.send(body)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json<{ tip: DirectTip }>().tip).toMatchObject({ amount: 5, status: expect.any(String) })
    expect(await c.tipRow(body.idempotency_key)).toMatchObject({
      status: 'paid',
      payment_id: row!.payment_id,
    })
    expect(piCalls(body.idempotency_key)).toHaveLength(1)
  })

  it("a 3-D Secure step the payer fails is a 402 with Stripe's reason; another card starts a new attempt", async () => {
    const body = c.body(username, { token_id: 'pm_card_authenticationRequired' })
    expect((await c.send(body)).json()).toHaveProperty('next_action')
    const row = await c.tipRow(body.idempotency_key)
    Object.assign(
      [...stripe.objects.values()].find((o) => o.id === row!.payment_id)!,
      {
        status: 'requires_payment_method',
        last_payment_error: {
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        },
      },
    )
    const failed = await c.send(body)
    expect(failed.statusCode).toBe(402)
    expect(failed.json()).toEqual({
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    })
    const paid = await c.send({ ...body, token_id: await c.card(VISA) })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await c.tipRow(body.idempotency_key)).toMatchObject({ status: 'paid', attempt: 2 })
  })

  it('completes a tip whose request died after Stripe charged, from payment_intent.succeeded, once', async () => {
    const body = c.body(username, { token_id: await c.card(VISA) })
    // Stripe charges, the answer is lost (the SDK's retries too): the request cannot know.
    stripe.loseAnswers(/^\/v1\/payment_intents$/, 3)
    const lost = await c.send(body)
    expect(lost.statusCode).toBe(502)
    const row = await c.tipRow(body.idempotency_key)
    expect(row).toMatchObject({ status: 'pending', alert_event_id: null })
    const [pi] = piObjects(row!.id)
    expect(pi).toMatchObject({ status: 'succeeded' })

    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: { object: pi },
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
    const done = await c.tipRow(body.idempotency_key)
    expect(done).toMatchObject({ status: 'paid', payment_id: pi!.id, alert_event_id: expect.any(Number) })
    expect((await c.alertRows(creator.id)).filter((e) => e.external_id === pi!.id)).toHaveLength(1)
    expect((await c.notifications(creator.id)).filter((n) => n.content.includes(body.message))).toHaveLength(
      1,
    )

    // The page's retry gets the same tip; nothing new is charged.
    const retry = await c.send(body)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json<{ tip: DirectTip }>().tip.id).toBe(done!.alert_event_id)
    expect(piObjects(row!.id)).toHaveLength(1)
    expect((await c.alertRows(creator.id)).filter((e) => e.external_id === pi!.id)).toHaveLength(1)
  })
})

describe('direct tips rate limit', () => {
  let t: TestApp
  beforeAll(async () => {
    process.env.DIRECT_TIPS_PER_MINUTE = '3'
    t = await createTestApp()
    process.env.DIRECT_TIPS_PER_MINUTE = '1000'
  })
  afterAll(async () => t.close())

  it('answers 429 once an address has sent DIRECT_TIPS_PER_MINUTE tips in a minute; another address is not affected', async () => {
    const c = tipClient(t)
    await signUp(t.app, 'limited')
    const codes: number[] = []
    for (let i = 0; i < 4; i++)
      codes.push((await c.send(c.body('limited', { token_id: 'tok_sbunknown' }))).statusCode)
    expect(codes).toEqual([400, 400, 400, 429])
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/donation/tips/direct',
      remoteAddress: '10.4.4.4',
      payload: c.body('limited', { token_id: 'tok_sbunknown' }),
    })
    expect(other.statusCode).toBe(400)
  })
})
