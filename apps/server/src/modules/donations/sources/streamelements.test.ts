import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { ConnectedAccount } from '@mouthpiece/contracts/donations/donations.schemas'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { startFakeStreamElements } from '../testing/fake-donation-services'
import { rowsOf, signUp, waitFor } from '../testing/harness'
import { streamElementsTip } from '../testing/payloads'
import { MODERATION_TOPIC, TIPS_TOPIC } from './streamelements'

const JWT = 'se-jwt-good-0123456789'

describe('StreamElements: JWT sync, OAuth return page and the Astro client', () => {
  let t: TestApp
  let se: Awaited<ReturnType<typeof startFakeStreamElements>>
  let creator: { id: number; headers: Record<string, string> }

  beforeAll(async () => {
    se = await startFakeStreamElements()
    Object.assign(process.env, {
      STREAMELEMENTS_CLIENT_ID: 'se-client',
      STREAMELEMENTS_CLIENT_SECRET: 'se-secret',
      STREAMELEMENTS_API_URL: se.base,
      STREAMELEMENTS_ASTRO_URL: se.wsUrl,
      SOURCES_SCAN_SECONDS: '1',
      SOURCES_ENABLED: 'true',
    })
    t = await createTestApp({ workers: true })
    creator = await signUp(t.app, 'elementy')
  })
  afterAll(async () => {
    await t.close()
    await se.close()
  })

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: creator.headers, payload })
  const tips = async () =>
    rowsOf<{
      id: number
      kind: string
      external_id: string
      who: string
      amount: number
      currency: string
      message: string
      status: string
      skip_reason: string | null
    }>(
      await t.db.execute(
        sql`select id, kind, external_id, who, amount, currency, message, status, skip_reason from alert_events where user_id = ${creator.id} order by id`,
      ),
    )
  const tip = streamElementsTip
  const account = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/donation/account/get', headers: creator.headers })).json<{
      accounts: { twitch: ConnectedAccount[] }
    }>().accounts.twitch

  it('refuses a JWT StreamElements rejects, and one that belongs to another account', async () => {
    const bad = await post('/api/donation/account/sync', {
      platform: 'twitch',
      jwtToken: 'se-jwt-bad-000000000000',
      accountId: 'se-channel-1',
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toMatchObject({ message: 'StreamElements did not accept this JWT token' })
    const other = await post('/api/donation/account/sync', {
      platform: 'twitch',
      jwtToken: JWT,
      accountId: 'someone-else',
    })
    expect(other.json()).toMatchObject({
      message: 'This JWT token belongs to another StreamElements account',
      errors: { accountId: expect.any(Array) },
    })
  })

  it('syncs the JWT and subscribes to tips and tip moderation with it', async () => {
    const res = await post('/api/donation/account/sync', {
      platform: 'twitch',
      jwtToken: JWT,
      accountId: 'se-channel-1',
    })
    expect(res.json()).toMatchObject({
      account: {
        platform: 'twitch',
        provider: 'streamelements',
        external_id: 'se-channel-1',
        display_name: 'SEStreamer',
        status: 'active',
      },
    })
    expect(res.body).not.toContain(JWT)
    await waitFor(() => se.subscriptions.length >= 2 || null, 10_000, 'the subscriptions')
    expect(se.subscriptions).toEqual([
      { topic: TIPS_TOPIC, token: JWT, token_type: 'jwt' },
      { topic: MODERATION_TOPIC, token: JWT, token_type: 'jwt' },
    ])
  })

  it('turns a tip into one alert event, however often it arrives', async () => {
    const t1 = tip('Grace', 7.5, 'keep it up')
    se.send(TIPS_TOPIC, t1)
    se.send(TIPS_TOPIC, t1)
    await waitFor(async () => (await tips()).length >= 1 || null, 5000, 'the tip')
    await new Promise((r) => setTimeout(r, 200))
    expect(await tips()).toMatchObject([
      {
        kind: 'tip',
        external_id: `tip:${t1._id}`,
        who: 'Grace',
        amount: 7.5,
        currency: 'USD',
        message: 'keep it up',
      },
    ])
  })

  it('holds a tip StreamElements is still moderating, plays it once allowed, drops it once rejected', async () => {
    const held = tip('Heidi', 3, 'please approve', { approved: 'pending' })
    const dropped = tip('Ivan', 4, 'please reject', { approved: 'pending' })
    se.send(TIPS_TOPIC, held)
    se.send(TIPS_TOPIC, dropped)
    const byId = async (id: string) => (await tips()).find((x) => x.external_id === `tip:${id}`)
    await waitFor(
      async () =>
        ((await byId(held._id))?.status === 'pending_approval' &&
          (await byId(dropped._id))?.status === 'pending_approval') ||
        null,
      8000,
      'both held',
    )
    se.send(MODERATION_TOPIC, { tipId: held._id, status: 'allowed' })
    se.send(MODERATION_TOPIC, { tipId: dropped._id, status: 'rejected' })
    await waitFor(
      async () => (await byId(held._id))?.status === 'speaking' || null,
      8000,
      'the allowed tip to play',
    )
    await waitFor(
      async () => (await byId(dropped._id))?.skip_reason === 'rejected' || null,
      8000,
      'the rejected tip to be dropped',
    )
  })

  it('ignores malformed frames and survives a 10 MB frame', async () => {
    const count = (await tips()).length
    se.sendRaw('{{{ not json')
    se.sendRaw(
      JSON.stringify({ type: 'message', topic: TIPS_TOPIC, data: { donation: { amount: 'a lot' } } }),
    )
    se.send(TIPS_TOPIC, tip('Judy', -5, 'negative'))
    const subscribed = se.subscriptions.length
    se.send(TIPS_TOPIC, tip('Huge', 1, 'x'.repeat(10 * 1024 * 1024)))
    await waitFor(() => se.subscriptions.length >= subscribed + 2 || null, 10_000, 'the client to reconnect')
    const after = tip('Ken', 2, 'after the flood')
    se.send(TIPS_TOPIC, after)
    await waitFor(async () => (await tips()).some((x) => x.who === 'Ken') || null, 5000, 'the next tip')
    expect((await tips()).length).toBe(count + 1)
  })

  it('links by OAuth through /api/streamelements-callback (state carries the env after a comma)', async () => {
    const connect = await t.app.inject({
      method: 'GET',
      url: `/api/donation/streamelements/connect?user_id=${creator.id}&env=local`,
      headers: creator.headers,
    })
    const state = new URL(connect.headers.location as string).searchParams.get('state')!
    expect(state).toMatch(/,local$/)
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/streamelements-callback?code=se-code&state=${encodeURIComponent(state)}`,
    })
    expect(back.headers.location).toBe('/donation-settings?connected=streamelements')
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/streamelements-callback?error=access_denied&state=${encodeURIComponent(state)}`,
    })
    expect(bad.headers.location).toBe('/donation-settings?error=403')
    await waitFor(
      () => se.subscriptions.some((s) => s.token_type === 'oauth' && s.token === 'se-oauth-access') || null,
      10_000,
      'the OAuth subscription',
    )
  })

  it('reconnects after a rate limit, and stops for good when Astro says the token is unauthorized', async () => {
    se.setRateLimited(true)
    se.dropAll()
    await waitFor(
      async () => (await account())[0]?.last_error?.includes('rate limit') || null,
      10_000,
      'the rate limit to show',
    )
    se.setRateLimited(false)
    await waitFor(
      async () => (await account())[0]?.last_error === null || null,
      15_000,
      'the client to recover',
    )
    se.setUnauthorized(true)
    se.dropAll()
    await waitFor(
      async () => (await account())[0]?.status === 'error' || null,
      10_000,
      'the account to be marked',
    )
    expect((await account())[0]!.last_error).toMatch(/refused the token/)
    const count = se.subscriptions.length
    await new Promise((r) => setTimeout(r, 2000))
    expect(se.subscriptions.length).toBe(count)
    await post('/api/donation/account/unlink', { platform: 'twitch', provider: 'streamelements' })
    expect(await account()).toEqual([])
    // The OAuth grant is taken back; a pasted JWT (the creator's dashboard key) never is.
    expect(se.revocations).toEqual([{ client_id: 'se-client', token: 'se-oauth-access' }])
  })
})
