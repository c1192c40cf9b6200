import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { upsertAccount } from '../accounts/accounts.repo'
import { startFakeStreamlabs } from '../testing/fake-donation-services'
import { rowsOf, signUp, waitFor } from '../testing/harness'
import { streamlabsDonation } from '../testing/payloads'
import { NOTIFICATIONS, notificationFor, webhookRequest } from '../testing/twitch-fixtures'

const EVENTSUB_SECRET = 'eventsub-test-secret-streamlabs'

describe('Streamlabs: OAuth link and the Socket API client', () => {
  let t: TestApp
  let sl: Awaited<ReturnType<typeof startFakeStreamlabs>>
  let creator: { id: number; headers: Record<string, string> }

  beforeAll(async () => {
    sl = await startFakeStreamlabs()
    Object.assign(process.env, {
      STREAMLABS_CLIENT_ID: 'sl-client',
      STREAMLABS_CLIENT_SECRET: 'sl-secret',
      STREAMLABS_API_URL: `${sl.base}/api/v2.0`,
      STREAMLABS_SOCKET_URL: sl.base,
      SOURCES_SCAN_SECONDS: '1',
      SOURCES_ENABLED: 'true',
      TWITCH_EVENTSUB_SECRET: EVENTSUB_SECRET,
      TWITCH_EVENTSUB_TRANSPORT: 'webhook',
    })
    t = await createTestApp({ workers: true })
    creator = await signUp(t.app, 'labsy')
  })
  afterAll(async () => {
    await t.close()
    await sl.close()
  })

  const events = async () =>
    rowsOf<{
      kind: string
      source: string
      external_id: string
      who: string
      amount: number | null
      currency: string | null
      bits: number | null
      count: number | null
      message: string
      is_test: boolean
      status: string
    }>(
      await t.db.execute(
        sql`select kind, source, external_id, who, amount, currency, bits, count, message, is_test, status from alert_events where user_id = ${creator.id} order by id`,
      ),
    )
  const donation = streamlabsDonation

  it('links through OAuth on the chosen platform and connects the socket with the socket token', async () => {
    const connect = await t.app.inject({
      method: 'GET',
      url: `/api/donation/streamlabs/connect?user_id=${creator.id}&selected_platform=youtube`,
      headers: creator.headers,
    })
    const authorize = new URL(connect.headers.location as string)
    expect(authorize.pathname).toBe('/api/v2.0/authorize')
    expect(authorize.searchParams.get('scope')).toBe('donations.read socket.token')
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/donation/streamlabs/callback?code=sl-code&state=${encodeURIComponent(authorize.searchParams.get('state')!)}`,
    })
    expect(back.headers.location).toBe('/donation-settings?connected=streamlabs')
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/donation/account/get',
      headers: creator.headers,
    })
    expect(accounts.json()).toMatchObject({
      accounts: {
        youtube: [{ provider: 'streamlabs', external_id: '4242', display_name: 'SLStreamer' }],
        twitch: [],
      },
    })
    await waitFor(() => sl.connected() === 1 || null, 10_000, 'the socket')
    expect(sl.tokens).toEqual(['sl-socket-token'])
  })

  it('stores each donation of an event (message is an array) once, redeliveries included', async () => {
    const payload = {
      type: 'donation',
      for: 'streamlabs',
      event_id: `evt_${randomUUID()}`,
      message: [donation('Alice', '13.37', 'first!'), donation('Bob', '5', 'second')],
    }
    sl.emit(payload)
    sl.emit(payload)
    await waitFor(async () => (await events()).length >= 2 || null, 5000, 'the donations')
    await new Promise((r) => setTimeout(r, 200))
    expect(await events()).toMatchObject([
      {
        kind: 'donation',
        source: 'streamlabs',
        who: 'Alice',
        amount: 13.37,
        currency: 'USD',
        message: 'first!',
      },
      { kind: 'donation', who: 'Bob', amount: 5 },
    ])
  })

  it('reads relayed YouTube Super Chats and memberships, and marks test alerts', async () => {
    sl.emit({
      type: 'superchat',
      for: 'youtube_account',
      message: [
        {
          id: 'sc1',
          channelId: 'UCx',
          channelUrl: 'https://youtube.com/channel/UCx',
          name: 'Carol',
          comment: 'great vid',
          amount: '5000000',
          currency: 'EUR',
          displayString: '€5.00',
          messageType: 1,
          _id: randomUUID(),
        },
      ],
    })
    sl.emit({
      type: 'subscription',
      for: 'youtube_account',
      message: [
        { name: 'Dave', channelUrl: 'https://youtube.com/channel/UCd', months: 1, _id: randomUUID() },
      ],
    })
    sl.emit({
      type: 'subscription',
      for: 'youtube_account',
      message: [{ name: 'Erin', months: 7, message: 'seven months', _id: randomUUID() }],
    })
    sl.emit({
      type: 'donation',
      for: 'streamlabs',
      isTest: true,
      message: [donation('Tester', '1', 'test alert')],
    })
    sl.emit({ type: 'follow', for: 'twitch_account', message: [{ name: 'follower', _id: randomUUID() }] })
    await waitFor(async () => (await events()).length >= 6 || null, 5000, 'the relayed events')
    await new Promise((r) => setTimeout(r, 200))
    expect((await events()).slice(2)).toMatchObject([
      { kind: 'superchat', who: 'Carol', amount: 5, currency: 'EUR', message: 'great vid' },
      { kind: 'membership', who: 'Dave' },
      { kind: 'membership_milestone', who: 'Erin', count: 7, message: 'seven months' },
      { kind: 'donation', who: 'Tester', is_test: true },
    ])
  })

  it('catches a Twitch cheer relayed by Streamlabs as a duplicate of the one Twitch sent directly', async () => {
    await upsertAccount(t.db, {
      user_id: creator.id,
      platform: 'twitch',
      provider: 'twitch',
      external_id: '1234',
      display_name: 'testBroadcaster',
    })
    const direct = webhookRequest(EVENTSUB_SECRET, notificationFor(NOTIFICATIONS.cheer, '1234', randomUUID()))
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/donation/twitch/eventsub',
          headers: direct.headers,
          payload: direct.body,
        })
      ).statusCode,
    ).toBe(204)
    sl.emit({
      type: 'bits',
      for: 'twitch_account',
      message: [
        {
          id: randomUUID(),
          name: 'testfromuser',
          display_name: 'testFromUser',
          amount: '250',
          message: 'This is a test event.',
          emotes: '',
          _id: randomUUID(),
        },
      ],
    })
    await waitFor(
      async () => (await events()).filter((e) => e.kind === 'bits').length === 2 || null,
      5000,
      'the relayed cheer',
    )
    const cheers = (await events()).filter((e) => e.kind === 'bits')
    expect(cheers.map((c) => [c.source, c.status === 'duplicate'])).toEqual([
      ['twitch', false],
      ['streamlabs', true],
    ])
  })

  it('ignores malformed, negative and oversized (10 MB) events without dropping the socket', async () => {
    const count = (await events()).length
    sl.emit('nonsense')
    sl.emit(null)
    sl.emit({ type: 'donation', message: 'not an array' })
    sl.emit({
      type: 'donation',
      for: 'streamlabs',
      message: [{ name: 'Mallory', amount: '-50', currency: 'USD', message: 'refund me', _id: randomUUID() }],
    })
    sl.emit({
      type: 'donation',
      for: 'streamlabs',
      message: [donation('Huge', '1', 'x'.repeat(10 * 1024 * 1024))],
    })
    sl.emit({ type: 'donation', for: 'streamlabs', message: [donation('Frank', '2', 'still here')] })
    await waitFor(
      async () => (await events()).some((e) => e.who === 'Frank') || null,
      10_000,
      'the next donation',
    )
    expect((await events()).length).toBe(count + 1)
    expect(sl.connected()).toBe(1)
    expect(sl.tokens).toEqual(['sl-socket-token'])
  })

  const link = async () => {
    const connect = await t.app.inject({
      method: 'GET',
      url: `/api/donation/streamlabs/connect?user_id=${creator.id}&selected_platform=youtube`,
      headers: creator.headers,
    })
    const state = new URL(connect.headers.location as string).searchParams.get('state')!
    await t.app.inject({
      method: 'GET',
      url: `/api/donation/streamlabs/callback?code=sl-code&state=${encodeURIComponent(state)}`,
    })
  }
  const account = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/donation/account/get', headers: creator.headers })).json<{
      accounts: { youtube: Array<{ status: string; last_error: string | null }> }
    }>().accounts.youtube[0]

  it('disconnects the socket when Streamlabs is disconnected (Streamlabs has no revocation endpoint to call)', async () => {
    const before = sl.requests.length
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/donation/streamlabs/disconnect',
      headers: creator.headers,
    })
    expect(res.json()).toEqual({ ok: true })
    await waitFor(() => sl.connected() === 0 || null, 10_000, 'the socket to close')
    expect(sl.requests.slice(before)).toEqual([])
    expect(await account()).toBeUndefined()
  })

  it('marks the account when Streamlabs refuses the socket token in the handshake, and stops reconnecting', async () => {
    await link()
    await waitFor(() => sl.connected() === 1 || null, 10_000, 'the socket after relinking')
    sl.setRefusing(true)
    try {
      sl.dropAll()
      await waitFor(
        async () => (await account())?.status === 'error' || null,
        10_000,
        'the account to be marked',
      )
      expect((await account())!.last_error).toMatch(/refused the socket token/)
      const tries = sl.tokens.length
      await new Promise((r) => setTimeout(r, 2500))
      expect(sl.tokens.length).toBe(tries)
      expect(sl.connected()).toBe(0)
    } finally {
      sl.setRefusing(false)
    }
  })
})
