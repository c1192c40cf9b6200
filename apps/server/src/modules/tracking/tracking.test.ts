import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PaymentStep, TrackingEvent } from '@mouthpiece/contracts/constants'
import type { CustomerSummary, TrackedEvent } from '@mouthpiece/contracts/tracking/tracking.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

interface Page<T> {
  list: T[]
  total: number
  lastPage: number
}
interface Detail {
  customer: CustomerSummary
  events: Page<TrackedEvent>
}

describe('tracking', () => {
  let t: TestApp
  let admin: Record<string, string>
  let userAuth: Record<string, string>
  let userId: number
  const visitor = randomUUID()
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers })
  const track = (payload: object, headers: Record<string, string> = {}) =>
    post('/api/customer-tracking', payload, headers)

  beforeAll(async () => {
    t = await createTestApp()
    const login = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' })
    admin = { authorization: `Bearer ${login.json<{ token: string }>().token}` }
    const reg = await post('/api/register', {
      username: 'tracked1',
      email: 'tracked1@example.com',
      password: 'user password 1',
    })
    const body = reg.json<{ token: string; user: { id: number } }>()
    userAuth = { authorization: `Bearer ${body.token}` }
    userId = body.user.id
  })
  afterAll(async () => t.close())

  it('records events of an anonymous visitor and of a signed-in user', async () => {
    expect((await track({ event: TrackingEvent.refreshQuickCreate, anonymous_id: visitor })).json()).toEqual({
      ok: true,
    })
    expect(
      (
        await track({
          event: TrackingEvent.quickCreatesMade,
          anonymous_id: visitor,
          data: { category: 'hype' },
        })
      ).statusCode,
    ).toBe(200)
    expect(
      (await track({ category: 'payment', event: PaymentStep.visitPage, anonymous_id: visitor })).statusCode,
    ).toBe(200)
    // userLogin (1) is recorded by the server itself when the account signed in at registration.
    for (const event of [
      TrackingEvent.projectCreated,
      TrackingEvent.projectCreated,
      TrackingEvent.projectExported,
    ])
      expect((await track({ event }, userAuth)).statusCode).toBe(200)
    for (const event of [
      PaymentStep.visitPage,
      PaymentStep.clickFreeTrial,
      PaymentStep.enterPaymentInformation,
    ])
      expect((await track({ category: 'payment', event, anonymous_id: visitor }, userAuth)).statusCode).toBe(
        200,
      )
  })

  it('refuses unknown codes, codes of the other set, and anonymous events without an id', async () => {
    const unknown = await track({ event: 10, anonymous_id: visitor })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ message: 'Unknown tracking event' })
    expect(
      (
        await track({ category: 'payment', event: TrackingEvent.refreshFullEditor, anonymous_id: visitor })
      ).json(),
    ).toMatchObject({ message: 'Unknown tracking event' })
    const noId = await track({ event: TrackingEvent.userLogin })
    expect(noId.statusCode).toBe(400)
    expect(noId.json()).toMatchObject({ message: 'anonymous_id is required when not signed in' })
    expect((await track({ event: 1, anonymous_id: 'abc' })).json()).toMatchObject({
      message: 'anonymous_id must be a UUID',
    })
    expect(
      (await track({ event: 1, anonymous_id: visitor, data: { blob: 'x'.repeat(5000) } })).statusCode,
    ).toBe(400)
  })

  it('counts usage events per customer for the usage-data screen', async () => {
    const page = (await get('/api/admin/usage-data')).json<Page<CustomerSummary>>()
    expect(page.total).toBe(2)
    const user = page.list.find((c) => c.kind === 'user')!
    expect(user).toMatchObject({
      id: String(userId),
      user: { id: userId, username: 'tracked1', email: 'tracked1@example.com' },
      total: 4,
    })
    expect(user.counts).toEqual({ '1': 1, '4': 2, '5': 1 })
    const anon = page.list.find((c) => c.kind === 'anonymous')!
    expect(anon).toMatchObject({ id: visitor, user: null, total: 2, counts: { '2': 1, '38': 1 } })

    // Sorted: most events first, or most of one event first.
    expect((await get('/api/admin/usage-data?sort=total')).json<Page<CustomerSummary>>().list[0]?.id).toBe(
      String(userId),
    )
    expect((await get('/api/admin/usage-data?sort=event:38')).json<Page<CustomerSummary>>().list[0]?.id).toBe(
      visitor,
    )
    expect((await get('/api/admin/usage-data?sort=bogus')).statusCode).toBe(400)
    expect((await get('/api/admin/usage-data', {})).statusCode).toBe(401)
  })

  it('keeps payment steps apart, on the customer-tracking screen', async () => {
    const page = (await get('/api/admin/customer-tracking')).json<Page<CustomerSummary>>()
    expect(page.total).toBe(2)
    expect(page.list.find((c) => c.kind === 'user')).toMatchObject({
      total: 3,
      counts: { '5': 1, '6': 1, '7': 1 },
    })
    expect(page.list.find((c) => c.kind === 'anonymous')).toMatchObject({
      id: visitor,
      total: 1,
      counts: { '7': 1 },
    })
  })

  it('shows one customer with their events, newest first', async () => {
    const detail = (await get(`/api/admin/usage-data/${userId}`)).json<Detail>()
    expect(detail.customer.total).toBe(4)
    expect(detail.events.list.map((e) => e.event)).toEqual([5, 4, 4, 1])
    const anon = (await get(`/api/admin/usage-data/${visitor}`)).json<Detail>()
    expect(anon.events.list[0]).toMatchObject({
      category: 'usage',
      event: TrackingEvent.quickCreatesMade,
      data: { category: 'hype' },
    })
    const payments = (await get(`/api/admin/customer-tracking/${userId}`)).json<Detail>()
    expect(payments.events.list.map((e) => e.event)).toEqual([5, 6, 7])
    expect((await get(`/api/admin/usage-data/${randomUUID()}`)).statusCode).toBe(404)
    expect((await get('/api/admin/usage-data/not-an-id')).statusCode).toBe(400)
  })

  it('exports each screen as CSV with a column per event', async () => {
    const usage = await get('/api/admin/usage-data/export')
    expect(usage.statusCode).toBe(200)
    expect(usage.headers['content-disposition']).toMatch(
      /^attachment; filename="usage-data-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const [header, ...rows] = usage.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(header).toBe(
      'Customer,Type,Username,Email,Logins (1),Quick creates made (2),Quick creates downloaded (3),Projects created (4),Projects exported (5),' +
        'Projects downloaded (6),Avatars created (7),Avatars saved (8),Dialogs created (9),Quick create refreshes (38),Full editor refreshes (39),Total,First event,Last event',
    )
    expect(rows.find((r) => r.startsWith(`${userId},`))).toMatch(
      new RegExp(`^${userId},user,tracked1,tracked1@example.com,1,0,0,2,1,0,0,0,0,0,0,4,`),
    )
    expect(rows.find((r) => r.startsWith(visitor))).toMatch(
      new RegExp(`^${visitor},anonymous,,,0,1,0,0,0,0,0,0,0,1,0,2,`),
    )

    const payments = await get('/api/admin/customer-tracking/export')
    const [pHeader] = payments.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(pHeader).toBe(
      'Customer,Type,Username,Email,Entered payment information (5),Clicked free trial (6),Visited payment page (7),Total,First event,Last event',
    )
  })

  it('lists the known events with their totals', async () => {
    const { events } = (await get('/api/admin/analysis-events')).json<{
      events: Array<{ category: string; code: number; name: string; total: number }>
    }>()
    expect(events).toHaveLength(14)
    expect(events.find((e) => e.category === 'usage' && e.code === 4)).toMatchObject({
      name: 'projectCreated',
      total: 2,
    })
    expect(events.find((e) => e.category === 'payment' && e.code === 7)).toMatchObject({
      name: 'visitPage',
      total: 2,
    })
  })

  it('forgets a deleted user’s tracking', async () => {
    expect((await post('/api/admin/users/delete', { user_id: userId }, admin)).statusCode).toBe(200)
    expect((await get('/api/admin/usage-data')).json<Page<CustomerSummary>>().total).toBe(1)
  })
})
