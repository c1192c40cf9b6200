import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TwitchConnectionSetting } from '@mouthpiece/contracts/donations/twitch-setting.contract'
import { adminHeaders as adminHeadersOf, createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { startFakeTwitch } from '../testing/fake-twitch'
import type { FakeTwitch } from '../testing/fake-twitch'
import { signUp, waitFor } from '../testing/harness'
import { TWITCH_SUBSCRIPTION_TYPES } from './twitch-normalize'

const SETTING = '/api/admin/twitch-connection-setting'

const adminHeaders = (t: TestApp) => adminHeadersOf(t.app)

describe('Admin Twitch connection setting', () => {
  let twitch: FakeTwitch
  beforeAll(async () => {
    twitch = await startFakeTwitch()
    Object.assign(process.env, {
      TWITCH_CLIENT_ID: 'twitch-client',
      TWITCH_CLIENT_SECRET: 'twitch-secret',
      TWITCH_AUTH_URL: `${twitch.base}/oauth2`,
      TWITCH_API_URL: `${twitch.base}/helix`,
      TWITCH_EVENTSUB_WS_URL: twitch.wsUrl,
      TWITCH_EVENTSUB_TRANSPORT: 'websocket',
      SOURCES_SCAN_SECONDS: '1',
      SOURCES_ENABLED: 'true',
    })
  })
  afterAll(async () => {
    await twitch.close()
  })

  describe('on a server that cannot take webhooks (no secret, local PUBLIC_URL)', () => {
    let t: TestApp
    let admin: Record<string, string>
    beforeAll(async () => {
      delete process.env.TWITCH_EVENTSUB_SECRET
      t = await createTestApp()
      admin = await adminHeaders(t)
    })
    afterAll(async () => {
      await t.close()
    })

    it('answers the setting and its status to admins only', async () => {
      const res = await t.app.inject({ method: 'GET', url: SETTING, headers: admin })
      expect(res.json()).toEqual({
        enabled: true,
        transport: 'websocket',
        summary: {
          client_configured: true,
          webhook_unavailable: expect.stringContaining('TWITCH_EVENTSUB_SECRET') as string,
          webhook_callback: 'http://localhost:3000/api/donation/twitch/eventsub',
          linked_accounts: 0,
          accounts_in_error: 0,
          live_clients: 0,
        },
      })
      const creator = await signUp(t.app, 'notadmin')
      expect((await t.app.inject({ method: 'GET', url: SETTING, headers: creator.headers })).statusCode).toBe(
        403,
      )
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: SETTING,
            headers: creator.headers,
            payload: { enabled: false },
          })
        ).statusCode,
      ).toBe(403)
    })

    it('refuses the webhook transport with the reason, and changes nothing', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: SETTING,
        headers: admin,
        payload: { transport: 'webhook', enabled: false },
      })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({
        code: 'webhook_unavailable',
        message: expect.stringContaining('TWITCH_EVENTSUB_SECRET') as string,
      })
      expect((await t.app.inject({ method: 'GET', url: SETTING, headers: admin })).json()).toMatchObject({
        enabled: true,
        transport: 'websocket',
      })
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: SETTING,
            headers: admin,
            payload: { transport: 'carrier-pigeon' },
          })
        ).statusCode,
      ).toBe(400)
    })
  })

  describe('on a hosted server (secret and public HTTPS PUBLIC_URL)', () => {
    let t: TestApp
    let admin: Record<string, string>
    let creator: { id: number; headers: Record<string, string> }
    beforeAll(async () => {
      process.env.TWITCH_EVENTSUB_SECRET = 'webhook-secret-0123456789'
      t = await createTestApp({ workers: true, env: { PUBLIC_URL: 'https://alerts.example.com' } })
      admin = await adminHeaders(t)
      creator = await signUp(t.app, 'switchy')
    })
    afterAll(async () => {
      await t.close()
    })

    const setting = async () =>
      (await t.app.inject({ method: 'GET', url: SETTING, headers: admin })).json<TwitchConnectionSetting>()
    const change = (payload: object) =>
      t.app.inject({ method: 'POST', url: SETTING, headers: admin, payload })
    const connect = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/donation/twitch/connect?user_id=${creator.id}`,
        headers: { ...creator.headers, accept: 'application/json' },
      })

    it('turned off, Twitch/connect answers a clear error and the accounts answer says so', async () => {
      expect((await change({ enabled: false })).json()).toMatchObject({
        enabled: false,
        summary: { webhook_unavailable: null },
      })
      const res = await connect()
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({
        code: 'twitch_disabled',
        message: expect.stringMatching(/Linking Twitch is turned off/) as string,
      })
      const accounts = await t.app.inject({
        method: 'GET',
        url: '/api/donation/account/get',
        headers: creator.headers,
      })
      expect(accounts.json()).toMatchObject({ twitch_enabled: false })
    })

    it('turned on, a creator links and a worker holds the EventSub socket (counted as a live client)', async () => {
      await change({ enabled: true })
      const state = new URL((await connect()).json<{ url: string }>().url).searchParams.get('state')!
      const back = await t.app.inject({
        method: 'GET',
        url: `/api/donation/twitch/callback?code=good-code&state=${encodeURIComponent(state)}`,
      })
      expect(back.headers.location).toBe('/donation-settings?connected=twitch')
      await waitFor(() => twitch.open().length === 1 || null, 10_000, 'the socket')
      await waitFor(
        async () => (await setting()).summary.live_clients === 1 || null,
        10_000,
        'the live client to count',
      )
      expect((await setting()).summary).toMatchObject({ linked_accounts: 1, accounts_in_error: 0 })
    })

    it('switched to webhook: the socket closes and the linked account is subscribed to our callback', async () => {
      const calls = twitch.helixCalls.length
      expect((await change({ transport: 'webhook' })).json()).toMatchObject({
        transport: 'webhook',
        summary: { live_clients: 0 },
      })
      await waitFor(() => twitch.open().length === 0 || null, 10_000, 'the socket to close')
      const hooks = () => twitch.helixCalls.slice(calls).filter((c) => c.transport.method === 'webhook')
      await waitFor(
        () => hooks().length === TWITCH_SUBSCRIPTION_TYPES.length || null,
        10_000,
        'the webhook subscriptions',
      )
      expect(
        hooks()
          .map((c) => c.type)
          .sort(),
      ).toEqual([...TWITCH_SUBSCRIPTION_TYPES].sort())
      expect(
        hooks().every(
          (c) =>
            c.transport.callback === 'https://alerts.example.com/api/donation/twitch/eventsub' &&
            c.transport.secret === 'webhook-secret-0123456789' &&
            c.broadcaster === '1234',
        ),
      ).toBe(true)
      await new Promise((r) => setTimeout(r, 1500))
      expect(twitch.open()).toHaveLength(0)
    })

    it('switched back to websocket: the worker opens the socket again', async () => {
      expect((await change({ transport: 'websocket' })).json()).toMatchObject({ transport: 'websocket' })
      await waitFor(() => twitch.open().length === 1 || null, 10_000, 'the socket to open again')
      await waitFor(
        async () => (await setting()).summary.live_clients === 1 || null,
        10_000,
        'the live client to count',
      )
    })
  })
})
