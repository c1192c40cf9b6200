import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { AddressInfo } from 'node:net'
import { io as connectSocket } from 'socket.io-client'
import type { Socket } from 'socket.io-client'
import type { Notification } from '@mouthpiece/contracts/notifications/notifications.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { createNotificationsService } from './notifications.service'
import type { NotificationsService } from './notifications.service'

type Received = { newNotification: Notification }

describe('notifications', () => {
  let t: TestApp
  let base: string
  let notifications: NotificationsService
  const sockets: Socket[] = []

  beforeAll(async () => {
    t = await createTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    notifications = createNotificationsService(t)
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await t.close()
  })

  const signUp = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, email: `${username}@example.com`, password: 'a good password 1' },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ token: string; user: { id: number } }>()
    return { token: body.token, id: body.user.id }
  }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const list = (token: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: auth(token) })
  const updateStatus = (token: string, notification: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/notifications/update-status',
      headers: auth(token),
      payload: { notification },
    })

  /** A socket.io client signed in as a user, connected to the running test server. */
  const connect = async (token: string) => {
    const socket = connectSocket(base, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    })
    sockets.push(socket)
    const received: Received[] = []
    socket.on('receive-notification-event', (payload: Received) => received.push(payload))
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('connect_error', reject)
    })
    return { socket, received }
  }
  const until = async (check: () => boolean, ms = 5000) => {
    const deadline = Date.now() + ms
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out waiting')
      await new Promise((r) => setTimeout(r, 10))
    }
  }

  it('pushes a new notification to the owner’s open page, and only theirs', async () => {
    const ann = await signUp('ann')
    const bob = await signUp('bob')
    const annPage = await connect(ann.token)
    const bobPage = await connect(bob.token)

    const before = Math.floor(Date.now() / 1000)
    const created = await notifications.notify(ann.id, { content: 'Your video is ready', type: 3 })
    await until(() => annPage.received.length === 1)
    expect(annPage.received[0]).toEqual({ newNotification: created })
    expect(created).toMatchObject({ content: 'Your video is ready', type: 3, seen: false })
    expect(created.time_created).toBeGreaterThanOrEqual(before)
    expect(created.time_created).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))

    // Bob's page only hears about Bob's: his arrives, Ann's never did.
    await notifications.notify(bob.id, { content: 'Payment received', type: 1 })
    await until(() => bobPage.received.length === 1)
    expect(bobPage.received.map((r) => r.newNotification.content)).toEqual(['Payment received'])
    expect(annPage.received).toHaveLength(1)
  })

  it('announces a notification made inside a transaction only when it commits', async () => {
    const cat = await signUp('cat')
    const page = await connect(cat.token)

    await t.db
      .transaction(async (tx) => {
        await notifications.notify(cat.id, { content: 'never happened', type: 2 }, { tx })
        throw new Error('roll back')
      })
      .catch(() => {})
    await t.db.transaction(async (tx) => {
      await notifications.notify(cat.id, { content: 'committed', type: 2 }, { tx })
      // Still inside the transaction: nothing has left yet.
      await new Promise((r) => setTimeout(r, 100))
      expect(page.received).toHaveLength(0)
    })
    await until(() => page.received.length === 1)
    await new Promise((r) => setTimeout(r, 100))
    expect(page.received.map((r) => r.newNotification.content)).toEqual(['committed'])
    const res = await list(cat.token, '')
    expect(res.json<{ notifications: Notification[] }>().notifications.map((n) => n.content)).toEqual([
      'committed',
    ])
  })

  it('lists notifications newest first, ten to a page, with the page count and unseen count', async () => {
    const dan = await signUp('dan')
    for (let i = 1; i <= 23; i++)
      await notifications.notify(dan.id, { content: `note ${i}`, type: ((i - 1) % 8) + 1 })

    const first = await list(dan.token, '?page=1')
    expect(first.statusCode).toBe(200)
    const page1 = first.json<{
      notifications: Notification[]
      total_pages: number
      quantity_unseen_notification: number
    }>()
    expect(page1.total_pages).toBe(3)
    expect(page1.quantity_unseen_notification).toBe(23)
    expect(page1.notifications.map((n) => n.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `note ${23 - i}`),
    )

    // The spec's clients also send the page as currentPage.
    const third = (await list(dan.token, '?limit=10&currentPage=3')).json<{ notifications: Notification[] }>()
    expect(third.notifications.map((n) => n.content)).toEqual(['note 3', 'note 2', 'note 1'])
    const big = (await list(dan.token, '?limit=20&page=2')).json<{
      notifications: Notification[]
      total_pages: number
    }>()
    expect(big).toMatchObject({ total_pages: 2 })
    expect(big.notifications).toHaveLength(3)
    const past = (await list(dan.token, '?page=9')).json<{
      notifications: Notification[]
      total_pages: number
    }>()
    expect(past).toMatchObject({ notifications: [], total_pages: 3 })
  })

  it('starts empty for a new user', async () => {
    const eve = await signUp('eve')
    expect((await list(eve.token, '?limit=10&page=1')).json()).toEqual({
      notifications: [],
      total_pages: 0,
      quantity_unseen_notification: 0,
    })
  })

  it('marks a notification seen, dropping the unseen count', async () => {
    const fay = await signUp('fay')
    const a = await notifications.notify(fay.id, { content: 'first', type: 1 })
    await notifications.notify(fay.id, { content: 'second', type: 1 })

    const res = await updateStatus(fay.token, a)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ notification: { ...a, seen: true }, quantity_unseen_notification: 1 })
    // By id alone works too, and doing it twice changes nothing.
    expect((await updateStatus(fay.token, a.id)).json()).toMatchObject({ quantity_unseen_notification: 1 })

    const after = (await list(fay.token, '')).json<{
      notifications: Notification[]
      quantity_unseen_notification: number
    }>()
    expect(after.quantity_unseen_notification).toBe(1)
    expect(after.notifications.map((n) => [n.content, n.seen])).toEqual([
      ['second', false],
      ['first', true],
    ])
  })

  it('will not touch another user’s notification', async () => {
    const gus = await signUp('gus')
    const hal = await signUp('hal')
    const hers = await notifications.notify(gus.id, { content: 'private', type: 4 })

    const res = await updateStatus(hal.token, { id: hers.id })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ message: 'Notification not found' })
    expect((await updateStatus(hal.token, 999_999)).statusCode).toBe(404)
    const still = (await list(gus.token, '')).json<{ notifications: Notification[] }>()
    expect(still.notifications[0]).toMatchObject({ id: hers.id, seen: false })
  })

  it('needs a signed-in user and well-formed input', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401)
    const ivy = await signUp('ivy')
    expect((await list(ivy.token, '?page=0')).statusCode).toBe(400)
    expect((await list(ivy.token, '?limit=abc')).statusCode).toBe(400)
    const bad = await updateStatus(ivy.token, 'not a notification')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: expect.any(String) })
    await expect(notifications.notify(ivy.id, { content: 'x', type: 9 })).rejects.toThrow()
  })

  it('refuses sockets without a valid user token', async () => {
    await expect(connect('not-a-real-token')).rejects.toThrow('Please log in to continue')
    const anonymous = connectSocket(base, { transports: ['websocket'], reconnection: false, forceNew: true })
    sockets.push(anonymous)
    const err = await new Promise<Error>((resolve) => anonymous.once('connect_error', resolve))
    expect(err.message).toBe('Please log in to continue')
  })

  it('removes a user’s notifications with their account', async () => {
    const jo = await signUp('joe')
    await notifications.notify(jo.id, { content: 'bye', type: 1 })
    await t.db.execute(sql`delete from users where id = ${jo.id}`)
    const { rows } = await t.database.raw.query<{ n: number }>(
      'select count(*)::int as n from notifications where user_id = $1',
      [jo.id],
    )
    expect(rows[0]?.n).toBe(0)
  })
})
