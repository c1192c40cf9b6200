import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PaymentStep, TrackingEvent } from '@mouthpiece/contracts/constants'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { trackingEvents } from './tracking.table'

interface Info {
  events: Array<{ category: string; code: number; name: string; count: number; last_at: string | null }>
  total: number
  first_at: string | null
  last_at: string | null
}
interface Analysis {
  category: string
  from: string
  to: string
  days: Array<{ date: string; counts: Record<string, number>; total: number }>
  totals: Record<string, number>
}

/** SPEC §7 user calls "tracking-info" and "user analysis data": a user's own tracked events. */
describe('tracking info and user analysis data', () => {
  let t: TestApp
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })
  const signUp = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, email: `${username}@example.com`, password: 'user password 1' },
    })
    const body = res.json<{ token: string; user: { id: number } }>()
    return { id: body.user.id, auth: { authorization: `Bearer ${body.token}` } }
  }
  let me: Awaited<ReturnType<typeof signUp>>

  beforeAll(async () => {
    t = await createTestApp()
    me = await signUp('selfview')
    const other = await signUp('otherview')
    const track = (payload: object, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/customer-tracking', payload, headers })
    for (const event of [
      TrackingEvent.projectCreated,
      TrackingEvent.projectCreated,
      TrackingEvent.quickCreatesMade,
    ])
      await track({ event }, me.auth)
    await track({ category: 'payment', event: PaymentStep.visitPage }, me.auth)
    await track({ event: TrackingEvent.projectCreated }, other.auth)
    // Three days ago, an older project: counted on its own day.
    await t.db.insert(trackingEvents).values({
      category: 'usage',
      event: TrackingEvent.projectCreated,
      user_id: me.id,
      created_at: new Date(Date.now() - 3 * 86_400_000),
    })
  })
  afterAll(async () => t.close())

  it("answers each SPEC §9 event with the user's own count and last time", async () => {
    const res = await get('/api/tracking-info', me.auth)
    expect(res.statusCode, res.body).toBe(200)
    const info = res.json<Info>()
    const count = (category: string, code: number) =>
      info.events.find((e) => e.category === category && e.code === code)?.count
    expect(info.events).toHaveLength(14)
    // userLogin is recorded by the server at sign-up; the other user's project is not mine.
    expect([
      count('usage', 1),
      count('usage', 4),
      count('usage', 2),
      count('payment', 7),
      count('usage', 39),
    ]).toEqual([1, 3, 1, 1, 0])
    expect(info.total).toBe(6)
    expect(info.events.find((e) => e.code === 39)?.last_at).toBeNull()
    expect(Date.parse(info.first_at!)).toBeLessThan(Date.parse(info.last_at!))
  })

  it('answers my events per UTC day, every day of the range present', async () => {
    const res = await get('/api/user-analysis-data?days=7', me.auth)
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json<Analysis>()
    expect(data.category).toBe('usage')
    expect(data.days).toHaveLength(7)
    const today = new Date().toISOString().slice(0, 10)
    expect(data.to).toBe(today)
    expect(data.days.at(-1)).toEqual({ date: today, counts: { 1: 1, 2: 1, 4: 2 }, total: 4 })
    expect(data.days.at(-4)).toMatchObject({ counts: { 4: 1 }, total: 1 })
    expect(data.totals).toEqual({ 1: 1, 2: 1, 4: 3 })
    // A range that ends before the old event leaves it out; payment steps are their own set.
    expect((await get('/api/user-analysis-data?days=1', me.auth)).json<Analysis>().totals).toEqual({
      1: 1,
      2: 1,
      4: 2,
    })
    expect(
      (await get('/api/user-analysis-data?days=1&category=payment', me.auth)).json<Analysis>().totals,
    ).toEqual({ 7: 1 })
  })

  it('refuses bad input with a clear message, and anyone not signed in', async () => {
    for (const [qs, message] of [
      ['days=0', 'days must be at least 1'],
      ['days=366', 'days must be at most 365'],
      ['days=2.5', 'days must be a whole number'],
      ['days=abc', 'days must be a whole number'],
      ['days=0x10', 'days must be a whole number'],
      ['category=sales', 'category must be usage or payment'],
    ]) {
      const res = await get(`/api/user-analysis-data?${qs}`, me.auth)
      expect(res.statusCode, qs).toBe(400)
      expect(res.json<{ message: string }>().message, qs).toBe(message)
    }
    expect((await get('/api/tracking-info')).statusCode).toBe(401)
    expect((await get('/api/user-analysis-data')).statusCode).toBe(401)
  })
})
