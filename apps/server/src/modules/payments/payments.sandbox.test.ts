import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_LABEL, coversEntitlements } from '@mouthpiece/contracts/payments/payments.schemas'
import type { SubscriptionPlan } from '@mouthpiece/contracts/payments/payments.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { assertEntitled } from './entitlements.service'
import { paymentsDeps } from './payments.deps'
import { signStripePayload } from './sources/webhook-signature'
import { paymentsClient } from './testing/payments-client'
import { sweep } from './webhooks.service'

const WEBHOOK_SECRET = 'whsec_sandbox_test_secret_123'
const VISA = '4242 4242 4242 4242'
const DECLINED = '4000 0000 0000 0002'
/** Saved as the card on file, then declined on every charge (Stripe's 4000…0341). */
const CHARGE_FAIL = '4000 0000 0000 0341'
const EXPIRED = '4000000000000069'
const BAD_CVC = '4000000000000127'
const DAY = 86_400_000

describe('payments with the embedded sandbox', () => {
  let t: TestApp
  let c: ReturnType<typeof paymentsClient>
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYMENTS_SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET } })
    c = paymentsClient(t)
  })
  afterAll(async () => t.close())

  it('lists the seeded plans and says it is in test mode', async () => {
    const { plans, provider } = await c.plans()
    expect(plans.map((p) => p.slug)).toEqual(['free-trial', 'creator', 'pro'])
    expect(plans.map((p) => p.price_cents)).toEqual([0, 5900, 14500])
    expect(provider).toMatchObject({
      name: 'sandbox',
      test_mode: true,
      card_entry: 'token-endpoint',
      label: SANDBOX_LABEL,
    })
  })

  it('tokenizes cards like Stripe.js: only brand, last 4 and expiry come back; bad numbers are refused', async () => {
    const ok = await c.token(VISA)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({
      token_id: expect.stringMatching(/^tok_/),
      card: { brand: 'visa', last4: '4242', exp_month: 12 },
    })
    expect(ok.body).not.toContain('4242424242424242')
    const stored = await t.database.raw.query<{ n: number }>(
      `select count(*)::int as n from payment_sandbox_objects where data::text like '%4242424242424242%'`,
    )
    expect(stored.rows[0]?.n).toBe(0)

    const luhn = await c.token('4242 4242 4242 4241')
    expect(luhn.statusCode).toBe(402)
    expect(luhn.json()).toMatchObject({ message: 'Your card number is incorrect.', code: 'incorrect_number' })
    const past = await c.token(VISA, { exp_month: 1, exp_year: 2020 })
    expect(past.json()).toMatchObject({ message: "Your card's expiration year is invalid." })
    const cvc = await c.token(VISA, { exp_month: 1, exp_year: new Date().getFullYear() + 5 }, '12')
    expect(cvc.json()).toMatchObject({ message: "Your card's security code is invalid." })
    const letters = await c.token('not a card')
    expect(letters.statusCode).toBe(400)
    expect(letters.json()).toMatchObject({ message: 'Your card number is incorrect.' })
  })

  it('subscribes with 4242…: active plan, card on file, a paid history row and a notification', async () => {
    const u = await c.register()
    const before = await c.current(u.token)
    expect(before).toMatchObject({
      subscription: null,
      entitlements: { plan_slug: 'free', max_resolution: '720p' },
      has_used_trial: false,
    })
    expect((await c.subscribe(u.token, 'creator')).json()).toMatchObject({
      message: 'Please add a card before subscribing.',
    })

    const added = await c.addCard(u.token, VISA)
    expect(added.statusCode).toBe(200)
    expect(added.json()).toMatchObject({ method: { brand: 'visa', last4: '4242', exp_month: 12 } })
    expect((await c.call('GET', '/api/payment/method', u.token)).json()).toMatchObject({
      method: { last4: '4242' },
    })

    const res = await c.subscribe(u.token, 'creator')
    expect(res.statusCode, res.body).toBe(200)
    const { subscription } = res.json<{
      subscription: { status: string; is_active: boolean; current_period_end: string; plan: { slug: string } }
    }>()
    expect(subscription).toMatchObject({
      status: 'active',
      is_active: true,
      cancel_at_period_end: false,
      plan: { slug: 'creator' },
    })
    const renewsIn = Date.parse(subscription.current_period_end) - Date.now()
    expect(renewsIn).toBeGreaterThan(27 * DAY)
    expect(renewsIn).toBeLessThan(32 * DAY)

    expect((await c.current(u.token)).entitlements).toMatchObject({
      plan_slug: 'creator',
      render_minutes_per_month: 120,
      alerts_per_month: 300,
    })
    const history = await c.history(u.token)
    expect(history.total).toBe(1)
    expect(history.list[0]).toMatchObject({
      status: 'succeeded',
      amount_cents: 5900,
      kind: 'subscription',
      description: 'Creator plan',
      failure_message: null,
    })
    expect((await c.notifications(u.token)).map((x) => x.content)).toContain(
      'Payment of $59.00 received. You are on the Creator plan.',
    )
  })

  it('a declined card (4000…0002) never becomes the card on file: 402 and a failed verification row', async () => {
    const u = await c.register()
    const res = await c.addCard(u.token, DECLINED)
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
    // A card that was on file stays on file when a declined one is offered in its place.
    expect((await c.addCard(u.token, VISA)).statusCode).toBe(200)
    expect((await c.updateCard(u.token, DECLINED)).statusCode).toBe(402)
    expect((await c.call('GET', '/api/payment/method', u.token)).json()).toMatchObject({
      method: { last4: '4242' },
    })
  })

  it('a card declined on the charge (4000…0341) leaves no active plan and a failed history row with the decline message', async () => {
    const u = await c.register()
    expect((await c.addCard(u.token, CHARGE_FAIL)).statusCode).toBe(200)
    const res = await c.subscribe(u.token, 'pro')
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ message: 'Your card was declined.', code: 'card_declined' })

    const now = await c.current(u.token)
    expect(now.subscription).toMatchObject({
      status: 'incomplete',
      is_active: false,
      last_payment_error: 'Your card was declined.',
    })
    expect(now.entitlements.plan_slug).toBe('free')
    const history = await c.history(u.token)
    expect(history.list).toEqual([
      expect.objectContaining({
        status: 'failed',
        amount_cents: 14500,
        failure_message: 'Your card was declined.',
      }),
    ])
    expect((await c.notifications(u.token)).map((x) => x.content)).toContain(
      'Your payment for the Pro plan failed: Your card was declined.',
    )

    // A new card pays the same subscription: still one subscription, now active.
    expect((await c.updateCard(u.token, VISA)).statusCode).toBe(200)
    const retry = await c.subscribe(u.token, 'pro')
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json()).toMatchObject({ subscription: { status: 'active', last_payment_error: null } })
    expect(await c.subscriptionRows(u.id)).toHaveLength(1)
    expect((await c.history(u.token)).list.map((r) => r.status)).toEqual(['succeeded', 'failed'])
  })

  it('an expired card and a wrong CVC fail with their own messages', async () => {
    for (const [card, message] of [
      [EXPIRED, 'Your card has expired.'],
      [BAD_CVC, "Your card's security code is incorrect."],
    ] as const) {
      const u = await c.register()
      const res = await c.addCard(u.token, card)
      expect(res.statusCode).toBe(402)
      expect(res.json()).toMatchObject({ message })
      expect((await c.call('GET', '/api/payment/method', u.token)).json()).toEqual({ method: null })
      expect((await c.current(u.token)).subscription?.is_active ?? false).toBe(false)
      expect((await c.history(u.token)).list[0]).toMatchObject({ status: 'failed', failure_message: message })
    }
  })

  it('cancels at period end and resumes: ends active with cancel_at_period_end false', async () => {
    const u = await c.register()
    await c.addCard(u.token, VISA)
    await c.subscribe(u.token, 'creator')
    const canceled = await c.call('POST', '/api/payment/cancel-plan', u.token)
    expect(canceled.statusCode).toBe(200)
    expect(canceled.json()).toMatchObject({
      subscription: { status: 'active', cancel_at_period_end: true, is_active: true },
    })
    // Cancelling again changes nothing.
    expect((await c.call('POST', '/api/payment/cancel-plan', u.token)).json()).toMatchObject({
      subscription: { cancel_at_period_end: true },
    })

    const resumed = await c.call('POST', '/api/payment/resume-plan', u.token)
    expect(resumed.statusCode).toBe(200)
    expect(resumed.json()).toMatchObject({ subscription: { status: 'active', cancel_at_period_end: false } })
    expect((await c.current(u.token)).subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    })
    const again = await c.call('POST', '/api/payment/resume-plan', u.token)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ message: 'Your plan is not set to cancel.' })
    expect((await c.history(u.token)).total).toBe(1)
  })

  it('subscribing twice, one after the other or at once, makes one subscription and one charge', async () => {
    const u = await c.register()
    await c.addCard(u.token, VISA)
    const first = (await c.subscribe(u.token, 'creator')).json<{ subscription: { id: number } }>()
    const second = (await c.subscribe(u.token, 'creator')).json<{ subscription: { id: number } }>()
    expect(second.subscription.id).toBe(first.subscription.id)

    const v = await c.register()
    await c.addCard(v.token, VISA)
    const both = await Promise.all([c.subscribe(v.token, 'pro'), c.subscribe(v.token, 'pro')])
    expect(both.map((r) => r.statusCode).sort()).toSatisfy(
      (codes: number[]) => codes.every((s) => s === 200 || s === 409) && codes.includes(200),
    )
    for (const user of [u, v]) {
      expect(await c.subscriptionRows(user.id)).toHaveLength(1)
      expect((await c.history(user.token)).list.filter((r) => r.status === 'succeeded')).toHaveLength(1)
    }
  })

  it('switches plans without a second subscription', async () => {
    const u = await c.register()
    await c.addCard(u.token, VISA)
    await c.subscribe(u.token, 'creator')
    const res = await c.subscribe(u.token, 'pro')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ subscription: { status: 'active', plan: { slug: 'pro' } } })
    expect(await c.subscriptionRows(u.id)).toHaveLength(1)
    expect((await c.current(u.token)).entitlements.max_resolution).toBe('1080p')
  })

  it('keeps the card while the plan renews with it; removes it once the plan is canceled', async () => {
    const u = await c.register()
    expect((await c.call('POST', '/api/payment/delete-method', u.token)).json()).toMatchObject({
      message: 'You have no card on file.',
    })
    expect((await c.updateCard(u.token, VISA)).json()).toMatchObject({
      message: 'You have no card on file. Add a card first.',
    })
    await c.addCard(u.token, VISA)
    await c.subscribe(u.token, 'creator')
    const refused = await c.call('POST', '/api/payment/delete-method', u.token)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      message: 'Your plan renews with this card. Add a new card or cancel your plan first.',
    })
    await c.call('POST', '/api/payment/cancel-plan', u.token)
    const removed = await c.call('POST', '/api/payment/delete-method', u.token)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ method: null })
    expect((await c.call('GET', '/api/payment/method', u.token)).json()).toEqual({ method: null })
  })

  it('starts the free trial once, without a card; a paid plan then replaces it', async () => {
    const u = await c.register()
    const trial = await c.subscribe(u.token, 'free-trial')
    expect(trial.statusCode).toBe(200)
    expect(trial.json()).toMatchObject({
      subscription: { status: 'trialing', is_active: true, plan: { slug: 'free-trial' } },
    })
    const now = await c.current(u.token)
    expect(now).toMatchObject({
      has_used_trial: true,
      entitlements: { plan_slug: 'free-trial', max_resolution: '1080p' },
    })
    expect(Date.parse(now.subscription!.current_period_end!) - Date.now()).toBeGreaterThan(13 * DAY)
    const again = await c.subscribe(u.token, 'free-trial')
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ message: 'You have already used your free trial.' })

    await c.addCard(u.token, VISA)
    expect((await c.subscribe(u.token, 'pro')).statusCode).toBe(200)
    expect((await c.current(u.token)).subscription).toMatchObject({ status: 'active', plan: { slug: 'pro' } })
    expect((await c.subscriptionRows(u.id)).map((r) => r.status)).toEqual(['canceled', 'active'])
  })

  it('the clock: renewals charge again, failed renewals go past_due, cancelled plans and trials end', async () => {
    const deps = paymentsDeps(t)
    const renewing = await c.register()
    await c.addCard(renewing.token, VISA)
    await c.subscribe(renewing.token, 'creator')
    const failing = await c.register()
    await c.addCard(failing.token, VISA)
    await c.subscribe(failing.token, 'creator')
    await c.updateCard(failing.token, CHARGE_FAIL)
    const leaving = await c.register()
    await c.addCard(leaving.token, VISA)
    await c.subscribe(leaving.token, 'pro')
    await c.call('POST', '/api/payment/cancel-plan', leaving.token)
    const trying = await c.register()
    await c.subscribe(trying.token, 'free-trial')

    const result = await sweep(deps, new Date(Date.now() + 32 * DAY))
    expect(result.trialsEnded).toBeGreaterThanOrEqual(1)

    expect((await c.current(renewing.token)).subscription).toMatchObject({ status: 'active' })
    expect((await c.history(renewing.token)).list.map((r) => r.status)).toEqual(['succeeded', 'succeeded'])

    const failed = await c.current(failing.token)
    expect(failed.subscription).toMatchObject({ status: 'past_due', is_active: true })
    expect((await c.history(failing.token)).list[0]).toMatchObject({ status: 'failed' })
    expect((await c.notifications(failing.token)).some((x) => x.content.includes('failed'))).toBe(true)

    expect(await c.current(leaving.token)).toMatchObject({
      subscription: null,
      entitlements: { plan_slug: 'free' },
    })
    expect(await c.current(trying.token)).toMatchObject({
      subscription: null,
      entitlements: { plan_slug: 'free' },
      has_used_trial: true,
    })

    // Running the same clock again applies nothing twice.
    await sweep(deps, new Date(Date.now() + 32 * DAY))
    expect((await c.history(renewing.token)).total).toBe(2)
  })

  it('one-off test payments: 4242 succeeds, 4000…0002 fails with its message', async () => {
    const u = await c.register()
    const ok = await c.call('POST', '/api/payment/one-off', u.token, {
      amount_cents: 500,
      description: 'Tip jar test',
      token_id: await c.tokenId(VISA),
    })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({
      payment: { status: 'succeeded', amount_cents: 500, kind: 'one_off', description: 'Tip jar test' },
    })
    const bad = await c.call('POST', '/api/payment/one-off', u.token, {
      amount_cents: 500,
      token_id: await c.tokenId(DECLINED),
    })
    expect(bad.statusCode).toBe(402)
    expect(bad.json()).toMatchObject({ message: 'Your card was declined.' })
    expect((await c.history(u.token)).list.map((r) => [r.status, r.failure_message])).toEqual([
      ['failed', 'Your card was declined.'],
      ['succeeded', null],
    ])
    const small = await c.call('POST', '/api/payment/one-off', u.token, { amount_cents: 10 })
    expect(small.json()).toMatchObject({ message: 'The amount must be at least $0.50' })
  })

  it('check-user-subscription answers publicly by username', async () => {
    const u = await c.register()
    expect((await c.call('GET', `/api/check-user-subscription?username=${u.username}`)).json()).toEqual({
      username: u.username,
      has_subscription: false,
      plan_name: null,
    })
    await c.addCard(u.token, VISA)
    await c.subscribe(u.token, 'pro')
    expect(
      (await c.call('GET', `/api/check-user-subscription?username=${u.username.toUpperCase()}`)).json(),
    ).toEqual({ username: u.username, has_subscription: true, plan_name: 'Pro' })
    expect((await c.call('GET', '/api/check-user-subscription?username=nobody-at-all')).json()).toMatchObject(
      { has_subscription: false },
    )
  })

  it('needs a signed-in user for the billing calls', async () => {
    for (const url of ['/api/payment/subscription-plan', '/api/payment/method', '/api/payment/history'])
      expect((await c.call('GET', url)).statusCode).toBe(401)
    expect(
      (await c.call('POST', '/api/payment/subscribe-plan', undefined, { subscription_plan_id: 1 }))
        .statusCode,
    ).toBe(401)
  })

  it('plans agree with themselves: no paid plan gives less than the trial, and no feature line repeats or contradicts the entitlements', async () => {
    const { plans } = (await c.call('GET', '/api/payment/plans')).json<{ plans: SubscriptionPlan[] }>()
    const trial = plans.find((p) => p.is_trial)!
    for (const paid of plans.filter((p) => !p.is_trial)) {
      expect(coversEntitlements(paid.entitlements, trial.entitlements), paid.slug).toBe(true)
      expect(paid.features.join(' '), paid.slug).not.toMatch(
        /render minutes|Exports up to|stream alerts|cloning/i,
      )
    }
    expect(plans.find((p) => p.slug === 'creator')!.entitlements.max_resolution).toBe('1080p')
  })

  it('gates features on the plan with an upgrade message', async () => {
    const u = await c.register()
    await expect(assertEntitled(t.db, u.id, { resolution: '1080p' })).rejects.toMatchObject({
      status: 403,
      message: 'Your plan allows 720p. Upgrade to Creator for 1080p.',
    })
    await expect(
      assertEntitled(t.db, u.id, { renderMinutes: { used: 8, requested: 5 } }),
    ).rejects.toMatchObject({
      message:
        'Your plan includes 10 render minutes a month and 2 are left. Upgrade to Creator for 120 minutes a month.',
    })
    await c.addCard(u.token, VISA)
    await c.subscribe(u.token, 'creator')
    // The paid Creator plan exports what the free trial does (1080p): one table, plans that agree.
    await expect(
      assertEntitled(t.db, u.id, { resolution: '1080p', alerts: { used: 299 } }),
    ).resolves.toMatchObject({ plan_slug: 'creator' })
    await expect(assertEntitled(t.db, u.id, { alerts: { used: 300 } })).rejects.toMatchObject({
      message: 'Your plan includes 300 alerts a month. Upgrade to Pro for 850 alerts a month.',
    })
  })

  it('accepts signed events at the webhook, refuses forged ones, applies each event once', async () => {
    const u = await c.register()
    await c.addCard(u.token, VISA)
    await c.subscribe(u.token, 'creator')
    const sub = (
      await t.database.raw.query<{ provider_subscription_id: string }>(
        'select provider_subscription_id from subscriptions where user_id = $1',
        [u.id],
      )
    ).rows[0]!
    const event = {
      id: 'evt_sandbox_replay_1',
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'in_manual_1',
          object: 'invoice',
          status: 'paid',
          amount_due: 5900,
          amount_paid: 5900,
          currency: 'usd',
          attempt_count: 1,
          parent: { subscription_details: { subscription: sub.provider_subscription_id } },
        },
      },
    }
    const payload = JSON.stringify(event)
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/handle',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      })
    expect((await post(signStripePayload(payload, 'whsec_wrong_secret'))).statusCode).toBe(400)
    const answers = []
    for (let i = 0; i < 5; i++) answers.push((await post(signStripePayload(payload, WEBHOOK_SECRET))).json())
    expect(answers).toEqual([
      { received: true, duplicate: false },
      ...Array(4).fill({ received: true, duplicate: true }),
    ])
    expect((await c.history(u.token)).total).toBe(2)
  })

  it('lets admins list, create and edit plans', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-password-1' },
    })
    expect(login.statusCode).toBe(200)
    const admin = login.json<{ token: string }>().token
    const list = await c.call('GET', '/api/admin/payment/plans', admin)
    expect(list.json<{ plans: unknown[] }>().plans.length).toBeGreaterThanOrEqual(3)
    const u = await c.register()
    expect((await c.call('GET', '/api/admin/payment/plans', u.token)).statusCode).toBe(403)

    const entitlements = { render_minutes_per_month: 2000, max_resolution: '1080p', alerts_per_month: 3000 }
    const created = await c.call('POST', '/api/admin/payment/plans', admin, {
      slug: 'studio',
      name: 'Studio',
      price_cents: 37900,
      entitlements,
      sort_order: 3,
    })
    expect(created.statusCode, created.body).toBe(200)
    const { plan } = created.json<{ plan: { id: number } }>()
    expect(
      (
        await c.call('POST', '/api/admin/payment/plans', admin, {
          slug: 'studio',
          name: 'Again',
          price_cents: 100,
          entitlements,
        })
      ).json(),
    ).toMatchObject({ message: 'A plan with this slug already exists' })
    expect(
      (
        await c.call('POST', '/api/admin/payment/plans', admin, {
          slug: 'cheap',
          name: 'Cheap',
          price_cents: 0,
          entitlements,
        })
      ).json(),
    ).toMatchObject({ message: 'A paid plan must cost more than 0' })

    const edited = await c.call('POST', `/api/admin/payment/plans/${plan.id}/update`, admin, {
      price_cents: 39900,
      features: ['Everything in Pro'],
    })
    expect(edited.json()).toMatchObject({
      plan: { slug: 'studio', name: 'Studio', price_cents: 39900, features: ['Everything in Pro'] },
    })
    expect((await c.plans()).plans.find((p) => p.slug === 'studio')).toMatchObject({ price_cents: 39900 })
    await c.call('POST', `/api/admin/payment/plans/${plan.id}/update`, admin, { is_active: false })
    expect((await c.plans()).plans.some((p) => p.slug === 'studio')).toBe(false)
  })
})
