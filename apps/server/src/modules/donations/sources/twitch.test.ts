import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { ConnectedAccount } from '@mouthpiece/contracts/donations/donations.schemas'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { startFakeTwitch } from '../testing/fake-twitch'
import type { FakeTwitch } from '../testing/fake-twitch'
import { rowsOf, signUp, waitFor } from '../testing/harness'
import { NOTIFICATIONS, notificationFor, resubNotification } from '../testing/twitch-fixtures'
import { TWITCH_SUBSCRIPTION_TYPES } from './twitch-normalize'

describe('Twitch: OAuth link and the EventSub WebSocket client', () => {
  let t: TestApp
  let twitch: FakeTwitch
  let creator: { id: number; headers: Record<string, string> }

  beforeAll(async () => {
    // 3 s, not 1: on a loaded CI machine the event loop can stall past a 1 s keepalive's watchdog,
    // and the client then rightly reconnects in the middle of a test that expects the same socket.
    twitch = await startFakeTwitch({ keepaliveSeconds: 3 })
    Object.assign(process.env, {
      TWITCH_CLIENT_ID: 'twitch-client',
      TWITCH_CLIENT_SECRET: 'twitch-secret',
      TWITCH_AUTH_URL: `${twitch.base}/oauth2`,
      TWITCH_API_URL: `${twitch.base}/helix`,
      TWITCH_EVENTSUB_WS_URL: twitch.wsUrl,
      SOURCES_SCAN_SECONDS: '1',
      SOURCES_ENABLED: 'true',
    })
    t = await createTestApp({ workers: true })
    creator = await signUp(t.app, 'twitchy')
  })
  afterAll(async () => {
    await t.close()
    await twitch.close()
  })

  const get = (url: string, headers: Record<string, string> = creator.headers) =>
    t.app.inject({ method: 'GET', url, headers })
  const events = async () =>
    rowsOf<{ kind: string; external_id: string; who: string }>(
      await t.db.execute(
        sql`select kind, external_id, who from alert_events where user_id = ${creator.id} order by id`,
      ),
    )
  const account = async () =>
    (await get('/api/donation/account/get')).json<{ accounts: { twitch: ConnectedAccount[] } }>().accounts
      .twitch[0]
  const subscribedSessions = () => [...new Set(twitch.helixCalls.map((c) => c.sessionId))]

  it('refuses a connect for someone else and a callback with a forged state', async () => {
    expect((await get(`/api/donation/twitch/connect?user_id=${creator.id + 100}`)).statusCode).toBe(403)
    const res = await get('/api/donation/twitch/callback?code=good-code&state=forged.state', {})
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/donation-settings?error=403')
  })

  it('links Twitch through OAuth, keeps the tokens sealed, and subscribes the five event types on the welcome', async () => {
    const connect = await get(
      `/api/donation/twitch/connect?user_id=${creator.id}&redirect_uri=/donation-settings&env=local&referred_by=friend`,
    )
    expect(connect.statusCode).toBe(302)
    const authorize = new URL(connect.headers.location as string)
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${twitch.base}/oauth2/authorize`)
    expect(authorize.searchParams.get('scope')).toBe(
      'bits:read channel:read:redemptions channel:read:subscriptions',
    )
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/donation/twitch/callback',
    )
    const asJson = await t.app.inject({
      method: 'GET',
      url: `/api/donation/twitch/connect?user_id=${creator.id}`,
      headers: { ...creator.headers, accept: 'application/json' },
    })
    expect(asJson.json<{ url: string }>().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth2\/authorize\?/)

    const back = await get(
      `/api/donation/twitch/callback?code=good-code&state=${encodeURIComponent(authorize.searchParams.get('state')!)}`,
      {},
    )
    expect(back.statusCode).toBe(302)
    expect(back.headers.location).toBe('/donation-settings?connected=twitch')
    const linked = await get('/api/donation/account/get')
    expect(linked.json()).toMatchObject({
      selected_platform: 'twitch',
      accounts: {
        twitch: [
          { provider: 'twitch', external_id: '1234', display_name: 'testBroadcaster', status: 'active' },
        ],
        youtube: [],
      },
    })
    expect(linked.body).not.toContain('tw-access')
    const stored = rowsOf<Record<string, string>>(
      await t.db.execute(sql`select access_token_enc, refresh_token_enc from connected_accounts`),
    )[0]!
    expect(JSON.stringify(stored)).not.toMatch(/tw-(access|refresh)/)

    await waitFor(() => twitch.helixCalls.length >= 5 || null, 10_000, 'the subscriptions')
    expect(twitch.helixCalls.map((c) => c.type).sort()).toEqual([...TWITCH_SUBSCRIPTION_TYPES].sort())
    expect(
      twitch.helixCalls.every(
        (c) =>
          c.clientId === 'twitch-client' &&
          c.broadcaster === '1234' &&
          c.sessionId === twitch.open()[0]!.sessionId,
      ),
    ).toBe(true)
  })

  it('turns every notification kind into one alert event, and a repeated message id into nothing', async () => {
    const messages = [
      notificationFor(NOTIFICATIONS.cheer, '1234'),
      notificationFor(NOTIFICATIONS.cheerAnonymous, '1234'),
      notificationFor(NOTIFICATIONS.subscribe, '1234'),
      notificationFor(NOTIFICATIONS.subscribeGifted, '1234'),
      notificationFor(NOTIFICATIONS.gift, '1234'),
      notificationFor(NOTIFICATIONS.redemption, '1234'),
      resubNotification('1234'),
    ]
    for (const m of messages) twitch.send(m)
    twitch.send(messages[0]!)
    await waitFor(async () => (await events()).length >= messages.length || null, 10_000, 'the events')
    await new Promise((r) => setTimeout(r, 300))
    const rows = await events()
    expect(rows.map((r) => r.kind)).toEqual([
      'bits',
      'bits',
      'subscription',
      'subscription',
      'gifted_subscription',
      'channel_points',
      'resub',
    ])
    expect(rows.map((r) => r.who)).toEqual([
      'testFromUser',
      'Anonymous',
      'testFromUser',
      'testFromUser',
      'testFromUser',
      'testFromUser',
      'Cool_User',
    ])
  })

  it('ignores malformed frames without dropping the socket', async () => {
    const socket = twitch.open().at(-1)!
    twitch.send('this is not json')
    twitch.send('{"metadata": 42}')
    twitch.send(
      JSON.stringify({
        metadata: {
          message_id: randomUUID(),
          message_type: 'notification',
          subscription_type: 'channel.cheer',
        },
        payload: { event: { bits: 'lots' } },
      }),
    )
    const ok = notificationFor(NOTIFICATIONS.cheer, '1234', randomUUID())
    ok.payload.event!.message = 'after the garbage'
    twitch.send(ok)
    await waitFor(
      async () => (await events()).some((e) => e.external_id === ok.metadata.message_id) || null,
      5000,
      'the good event',
    )
    expect(twitch.open().at(-1)).toBe(socket)
  })

  it('moves to the reconnect URL without a gap and without subscribing again', async () => {
    const calls = twitch.helixCalls.length
    const old = twitch.open().at(-1)!
    twitch.reconnect()
    await waitFor(() => old.ws.readyState === old.ws.CLOSED || null, 5000, 'the old socket to close')
    const current = twitch.open()
    expect(current).toHaveLength(1)
    expect(current[0]!.url).toContain('reconnect_id=')
    expect(current[0]!.sessionId).toBe(old.sessionId)
    const m = notificationFor(NOTIFICATIONS.cheer, '1234', randomUUID())
    m.payload.event!.message = 'on the new socket'
    twitch.send(m)
    await waitFor(
      async () => (await events()).some((e) => e.external_id === m.metadata.message_id) || null,
      5000,
      'the event on the new socket',
    )
    expect(twitch.helixCalls.length).toBe(calls)
  })

  it('treats missing keepalives as a dead link: reconnects and subscribes afresh', async () => {
    const sessions = subscribedSessions().length
    const old = twitch.open().at(-1)!
    twitch.setSilent(true)
    await waitFor(
      () => (twitch.connections.length > 0 && twitch.connections.at(-1) !== old) || null,
      10_000,
      'a new connection',
    )
    twitch.setSilent(false)
    await waitFor(() => subscribedSessions().length > sessions || null, 10_000, 'the resubscription')
    expect(subscribedSessions().at(-1)).toBe(twitch.open().at(-1)!.sessionId)
  })

  it('drops a 10 MB frame by closing the socket, stores nothing of it, and comes back', async () => {
    const before = (await events()).length
    const huge = notificationFor(NOTIFICATIONS.cheer, '1234', randomUUID())
    huge.payload.event!.message = 'x'.repeat(10 * 1024 * 1024)
    const sessions = subscribedSessions().length
    twitch.send(huge)
    await waitFor(() => subscribedSessions().length > sessions || null, 10_000, 'the reconnect')
    expect((await events()).length).toBe(before)
  })

  it('refreshes an expired token when Helix answers 401', async () => {
    const refreshes = twitch.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length
    twitch.expireTokens()
    twitch.open().at(-1)!.ws.close(4000)
    await waitFor(
      () => twitch.tokenRequests.filter((r) => r.grant_type === 'refresh_token').length > refreshes || null,
      10_000,
      'a refresh',
    )
    const sessions = subscribedSessions().length
    await waitFor(
      () =>
        (subscribedSessions().length >= sessions &&
          twitch.helixCalls.at(-1)?.token.startsWith('tw-access-r')) ||
        null,
      10_000,
      'subscriptions with the new token',
    )
  })

  it('marks the account when Twitch revokes access and stops reconnecting', async () => {
    // Twitch revokes subscriptions that exist: wait until the open session has made its own.
    const subscribedSocket = () => {
      const open = twitch.open()
      return open.length === 1 && subscribedSessions().includes(open[0]!.sessionId) ? open[0] : null
    }
    await waitFor(subscribedSocket, 10_000, 'an open, subscribed socket')
    twitch.revoke('channel.cheer', 'authorization_revoked')
    await waitFor(
      async () => (await account())?.status === 'error' || null,
      10_000,
      'the account to be marked',
    )
    expect((await account())!.last_error).toMatch(/revoked access/)
    const count = twitch.connections.length
    await new Promise((r) => setTimeout(r, 2500))
    expect(twitch.connections.length).toBe(count)
    expect(twitch.open()).toHaveLength(0)
  })

  it('starts again after relinking, and stops when unlinked', async () => {
    const connect = await get(`/api/donation/twitch/connect?user_id=${creator.id}`)
    const state = new URL(connect.headers.location as string).searchParams.get('state')!
    await get(`/api/donation/twitch/callback?code=good-code&state=${encodeURIComponent(state)}`, {})
    await waitFor(() => twitch.open().length === 1 || null, 10_000, 'the client to start again')
    expect((await account())!.status).toBe('active')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/donation/account/unlink',
      headers: creator.headers,
      payload: { platform: 'twitch', provider: 'twitch' },
    })
    expect(res.json()).toMatchObject({ accounts: { twitch: [] } })
    await waitFor(() => twitch.open().length === 0 || null, 10_000, 'the client to stop')
    expect(twitch.revocations).toEqual([
      { client_id: 'twitch-client', token: expect.stringMatching(/^tw-access-/) as string, status: 200 },
    ])
  })

  it('unlinks through twitch/disconnect even when Twitch cannot revoke the token, and the sealed tokens are gone', async () => {
    const connect = await get(`/api/donation/twitch/connect?user_id=${creator.id}`)
    const state = new URL(connect.headers.location as string).searchParams.get('state')!
    await get(`/api/donation/twitch/callback?code=good-code&state=${encodeURIComponent(state)}`, {})
    await waitFor(() => twitch.open().length === 1 || null, 10_000, 'the client to start')
    twitch.setRevokeDown(true)
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/donation/twitch/disconnect',
        headers: creator.headers,
      })
      expect(res.json()).toEqual({ ok: true })
      expect(twitch.revocations.at(-1)).toMatchObject({ client_id: 'twitch-client', status: 503 })
      const left = rowsOf<{ n: number }>(
        await t.db.execute(
          sql`select count(*)::int as n from connected_accounts where user_id = ${creator.id}`,
        ),
      )
      expect(left[0]!.n).toBe(0)
      await waitFor(() => twitch.open().length === 0 || null, 10_000, 'the client to stop')
    } finally {
      twitch.setRevokeDown(false)
    }
  })
})

describe('Twitch: webhook transport for hosted deployments', () => {
  it('subscribes the five event types with our callback and secret when the account is linked', async () => {
    const twitch = await startFakeTwitch()
    Object.assign(process.env, {
      TWITCH_CLIENT_ID: 'twitch-client',
      TWITCH_CLIENT_SECRET: 'twitch-secret',
      TWITCH_AUTH_URL: `${twitch.base}/oauth2`,
      TWITCH_API_URL: `${twitch.base}/helix`,
      TWITCH_EVENTSUB_TRANSPORT: 'webhook',
      TWITCH_EVENTSUB_SECRET: 'webhook-secret-0123456789',
      SOURCES_ENABLED: 'true',
    })
    const t = await createTestApp({ workers: true, env: { PUBLIC_URL: 'https://alerts.example.com' } })
    try {
      const creator = await signUp(t.app, 'hooked')
      const connect = await t.app.inject({
        method: 'GET',
        url: `/api/donation/twitch/connect?user_id=${creator.id}`,
        headers: creator.headers,
      })
      const state = new URL(connect.headers.location as string).searchParams.get('state')!
      const back = await t.app.inject({
        method: 'GET',
        url: `/api/donation/twitch/callback?code=good-code&state=${encodeURIComponent(state)}`,
      })
      expect(back.headers.location).toBe('/donation-settings?connected=twitch')
      expect(twitch.helixCalls.map((c) => c.type).sort()).toEqual([...TWITCH_SUBSCRIPTION_TYPES].sort())
      expect(
        twitch.helixCalls.every(
          (c) =>
            c.transport.method === 'webhook' &&
            c.transport.callback === 'https://alerts.example.com/api/donation/twitch/eventsub' &&
            c.transport.secret === 'webhook-secret-0123456789',
        ),
      ).toBe(true)
      await new Promise((r) => setTimeout(r, 500))
      expect(twitch.connections).toHaveLength(0)
    } finally {
      await t.close()
      await twitch.close()
    }
  })
})
