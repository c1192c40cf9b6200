import { expect } from 'vitest'
import type { TestApp } from '../../../../test/harness'

/** A signed-in user driving the payment calls through HTTP, as the web app does. */
export function paymentsClient(t: TestApp) {
  let n = 0
  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} })

  async function register() {
    n += 1
    const username = `payer${n}_${process.pid}_${Date.now() % 100000}`
    const res = await call('POST', '/api/register', undefined, {
      username,
      email: `${username}@example.com`,
      password: 'correct horse 1',
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ token: string; user: { id: number; username: string } }>()
    return { token: body.token, id: body.user.id, username }
  }

  async function token(
    number: string,
    exp = { exp_month: 12, exp_year: new Date().getFullYear() + 3 },
    cvc = '123',
  ) {
    const res = await call('POST', '/api/payment/sandbox/tokens', undefined, { number, ...exp, cvc })
    return res
  }
  async function tokenId(number: string) {
    const res = await token(number)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ token_id: string }>().token_id
  }
  async function plans() {
    const res = await call('GET', '/api/payment/plans')
    expect(res.statusCode).toBe(200)
    return res.json<{
      plans: Array<{ id: number; slug: string; price_cents: number }>
      provider: { name: string; label: string }
    }>()
  }
  async function planId(slug: string) {
    const plan = (await plans()).plans.find((p) => p.slug === slug)
    if (!plan) throw new Error(`no plan ${slug}`)
    return plan.id
  }
  return {
    call,
    register,
    token,
    tokenId,
    plans,
    planId,
    addCard: async (userToken: string, number: string) =>
      call('POST', '/api/payment/add-card', userToken, { token_id: await tokenId(number) }),
    updateCard: async (userToken: string, number: string) =>
      call('POST', '/api/payment/update-card', userToken, { token_id: await tokenId(number) }),
    subscribe: async (userToken: string, slug: string) =>
      call('POST', '/api/payment/subscribe-plan', userToken, { subscription_plan_id: await planId(slug) }),
    current: async (userToken: string) =>
      (await call('GET', '/api/payment/subscription-plan', userToken)).json<{
        subscription: null | {
          id: number
          status: string
          cancel_at_period_end: boolean
          is_active: boolean
          last_payment_error: string | null
          current_period_end: string | null
          plan: { slug: string }
        }
        entitlements: { plan_slug: string; max_resolution: string }
        has_used_trial: boolean
      }>(),
    history: async (userToken: string) =>
      (await call('GET', '/api/payment/history', userToken)).json<{
        list: Array<{
          status: string
          amount_cents: number
          failure_message: string | null
          kind: string
          description: string
        }>
        total: number
      }>(),
    /** Rows in the subscriptions table for a user, straight from the database. */
    subscriptionRows: async (userId: number) =>
      (
        await t.database.raw.query<{ id: number; status: string; plan_id: number }>(
          'select id, status, plan_id from subscriptions where user_id = $1 order by id',
          [userId],
        )
      ).rows,
    notifications: async (userToken: string) =>
      (await call('GET', '/api/notifications?limit=50&page=1', userToken)).json<{
        notifications: Array<{ content: string; type: number }>
      }>().notifications,
  }
}
