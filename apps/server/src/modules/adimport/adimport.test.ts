import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { AD_ROW_COLUMNS } from '@mouthpiece/contracts/adimport/adimport.schemas'
import { adminHeaders, createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { rowsOf, signUp } from '../donations/testing'
import { CLIENT_US, GOOD_DEV_TOKEN, MANAGER, startFakeGoogleAds } from './testing/fake-google-ads'
import { ACT_US, BUSINESS, startFakeMeta } from './testing/fake-meta'

const HEADER = `\uFEFF${AD_ROW_COLUMNS.join(',')}`

describe('Ad import through HTTP against the Google Ads and Meta stand-ins', () => {
  let t: TestApp
  let g: Awaited<ReturnType<typeof startFakeGoogleAds>>
  let meta: Awaited<ReturnType<typeof startFakeMeta>>
  let creator: { id: number; headers: Record<string, string> }
  let key: string

  beforeAll(async () => {
    g = await startFakeGoogleAds({ rows: 25_000 })
    meta = await startFakeMeta({ adsPerDay: 100 })
    Object.assign(process.env, {
      GOOGLE_CLIENT_ID: 'g-client',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GOOGLE_AUTH_URL: `${g.base}/auth`,
      GOOGLE_TOKEN_URL: `${g.base}/token`,
      GOOGLE_REVOKE_URL: `${g.base}/revoke`,
      YOUTUBE_API_URL: `${g.base}/youtube/v3`,
      SOURCES_ENABLED: 'false',
      GOOGLE_ADS_API_URL: g.adsUrl,
      META_GRAPH_URL: meta.graphUrl,
      META_AUTH_URL: meta.authUrl,
      META_APP_ID: 'meta-app',
      META_APP_SECRET: 'meta-secret',
      META_BACKOFF_MS: '10',
      META_CALLS_PER_MINUTE: '1000',
    })
    t = await createTestApp()
    creator = await signUp(t.app, 'adbuyer')
  })
  afterAll(async () => {
    await t.close()
    await g.close()
    await meta.close()
  })

  const get = (url: string, headers: Record<string, string> = creator.headers) =>
    t.app.inject({ method: 'GET', url, headers })
  const post = (url: string, payload: object, headers: Record<string, string> = creator.headers) =>
    t.app.inject({ method: 'POST', url, payload, headers })

  describe('Google Ads', () => {
    it('asks for the Google link and the developer token first, and stores the token sealed', async () => {
      expect((await get('/api/google-ads/accessible-customers')).json()).toMatchObject({
        code: 'google_not_linked',
      })
      const connect = await get(`/api/donation/youtube/connect?user_id=${creator.id}`)
      const authorize = new URL(connect.headers.location as string)
      expect(authorize.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/adwords')
      await t.app.inject({
        method: 'GET',
        url: `/api/donation/youtube/callback?code=yt-code&state=${encodeURIComponent(authorize.searchParams.get('state')!)}`,
      })
      expect((await get('/api/google-ads/accessible-customers')).json()).toMatchObject({
        code: 'dev_token_missing',
        message: 'Save your Google Ads developer token first.',
      })
      expect((await post('/api/google-ads/save-dev-token', { developer_token: 'short' })).statusCode).toBe(
        400,
      )
      expect(
        (await post('/api/google-ads/save-dev-token', { developer_token: 'test-only-token-1' })).json(),
      ).toEqual({ dev_token_saved: true })
      const stored = rowsOf<{ enc: string }>(
        await t.db.execute(sql`select developer_token_enc as enc from google_ads_settings`),
      )[0]!.enc
      expect(stored).toMatch(/^v1\./)
      expect(stored).not.toContain('test-only')
      expect((await get('/api/google-ads/get-account')).json()).toEqual({
        google_account_id: expect.any(Number),
        google_account_name: 'YT Streamer',
        dev_token_saved: true,
      })
    })

    it("a developer token not approved shows Google's reason", async () => {
      const res = await get('/api/google-ads/accessible-customers')
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({
        code: 'developer_token',
        message: expect.stringContaining('only approved for use with test accounts'),
      })
      await post('/api/google-ads/save-dev-token', { developer_token: GOOD_DEV_TOKEN })
    })

    it('lists the manager and its client hierarchy', async () => {
      expect((await get('/api/google-ads/accessible-customers')).json()).toEqual({
        customers: [
          {
            id: MANAGER,
            name: 'Brightline Media MCC',
            manager: true,
            level: 0,
            currency: 'USD',
            login_customer_id: null,
          },
        ],
      })
      const linked = (await get(`/api/google-ads/linked-customers?id=${MANAGER}`)).json<{
        customers: Array<{ id: string; login_customer_id: string }>
      }>()
      expect(linked.customers).toContainEqual({
        id: CLIENT_US,
        name: 'Northwind Coffee - US',
        manager: false,
        level: 1,
        currency: 'USD',
        login_customer_id: MANAGER,
      })
      expect(g.state.searches.at(-1)).toMatchObject({ customer: MANAGER, login: MANAGER })
    })

    it('without login-customer-id a client is refused with a clear message', async () => {
      const res = await get(`/api/google-ads/campaign?id=${CLIENT_US}`)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ code: 'google_ads_permission' })
    })

    it('imports 25,000 rows in 10,000-row pages through the manager, never sending pageSize', async () => {
      const res = await get(`/api/google-ads/campaign?id=${CLIENT_US}&login_customer_id=${MANAGER}`)
      expect(res.json()).toMatchObject({ currency: 'USD' })
      const body = res.json<{
        campaigns: Array<{ name: string; spend: number; impressions: number }>
        import: { rows: number; inserted: number; status: string }
        currency: string
      }>()
      expect(body.import).toMatchObject({ status: 'completed', rows: 25_000, inserted: 25_000, changed: 0 })
      expect(body.currency).toBe('USD')
      expect(body.campaigns).toHaveLength(3)
      const pages = g.state.searches.filter((s) => s.customer === CLIENT_US && /ad_group_ad/.test(s.query))
      expect(pages.map((p) => !!p.pageToken)).toEqual([false, true, true])
      expect(pages.every((p) => p.login === MANAGER)).toBe(true)
      // Micros become whole units: the sum over all rows.
      const total = body.campaigns.reduce((n, c) => n + c.spend, 0)
      expect(Math.round(total)).toBe(
        Math.round(
          Array.from({ length: 25_000 }, (_, i) => 1.25 + (i % 5) * 0.01).reduce((a, b) => a + b, 0),
        ),
      )
    })

    it('re-import shows what changed; ad groups and ads come from the table; CSV has the shared header', async () => {
      g.state.costFactor = 2
      g.state.rows = 25_010
      const again = (
        await get(`/api/google-ads/campaign?id=${CLIENT_US}&login_customer_id=${MANAGER}`)
      ).json<{ import: object }>()
      expect(again.import).toMatchObject({ rows: 25_010, inserted: 10, changed: 25_000, unchanged: 0 })
      const groups = (await get(`/api/google-ads/ad-groups?id=${CLIENT_US}&campaign_id=22104837560`)).json<{
        ad_groups: Array<{ id: string }>
      }>()
      expect(groups.ad_groups.map((a) => a.id).sort()).toEqual(['1614330200', '1614330201'])
      const ads = (await get(`/api/google-ads/ads-in-ad-group?id=${CLIENT_US}&ad_group_id=1614330200`)).json<{
        ads: unknown[]
        rows: Array<{ platform: string; currency: string }>
      }>()
      expect(ads.ads.length).toBeGreaterThan(0)
      expect(ads.rows[0]).toMatchObject({ platform: 'google', currency: 'USD' })
      const csv = await get(`/api/google-ads/download-assets?id=${CLIENT_US}`)
      expect(csv.headers['content-type']).toContain('text/csv')
      const lines = csv.body.trimEnd().split('\r\n')
      expect(lines[0]).toBe(HEADER)
      expect(lines).toHaveLength(25_011)
      expect(lines[1]).toMatch(/^google,1234509876,Northwind Coffee - US,/)
    })
  })

  describe('Meta', () => {
    it('connects through Facebook Login and hands the browser a key in the URL fragment', async () => {
      const { url } = (await get('/api/meta/connect?redirect_uri=/meta-ads')).json<{ url: string }>()
      const authorize = new URL(url)
      expect(authorize.searchParams.get('scope')).toBe('ads_read,business_management')
      const consent = await fetch(url, { redirect: 'manual' })
      const back = new URL(consent.headers.get('location')!)
      const cb = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` })
      const location = cb.headers.location as string
      expect(location).toMatch(/^\/meta-ads#meta_token=mk_/)
      key = location.split('#meta_token=')[1]!
      const rows = rowsOf<{ token_enc: string; user_id: number }>(
        await t.db.execute(sql`select token_enc, user_id from meta_connections`),
      )
      expect(rows).toEqual([{ token_enc: expect.stringMatching(/^v1\./), user_id: creator.id }])
    })

    it('answers the user, businesses and ad accounts (minor units converted)', async () => {
      const me = (await post('/api/meta/me', { token: key }, {})).json<{
        name: string
        ad_accounts: Array<{ id: string; amount_spent: number; currency: string; status: string }>
      }>()
      expect(me.name).toBe('Dana Northwind')
      expect(me.ad_accounts[0]).toMatchObject({
        id: ACT_US,
        amount_spent: 48273.15,
        currency: 'USD',
        status: 'active',
      })
      expect(me.ad_accounts.find((a) => a.currency === 'JPY')).toMatchObject({ amount_spent: 1284500 })
      expect((await get(`/api/meta/businesses?token=${key}`, {})).json()).toMatchObject({
        businesses: [{ id: BUSINESS, name: 'Northwind Coffee Co.' }, {}],
      })
      const owned = (
        await get(`/api/meta/business-ad-accounts?token=${key}&business_id=${BUSINESS}`, {})
      ).json<{ ad_accounts: Array<{ id: string }> }>()
      expect(owned.ad_accounts.map((a) => a.id)).toContain(ACT_US)
      const campaigns = (
        await post('/api/meta/ads-campaigns', { token: key, ads_account_id: ACT_US }, {})
      ).json<{ campaigns: Array<{ name: string; daily_budget: number | null }> }>()
      expect(campaigns.campaigns[0]).toMatchObject({ name: 'Fall Roast Launch - Traffic', daily_budget: 50 })
      expect((await post('/api/meta/adsets', { token: key, ads_account_id: ACT_US }, {})).statusCode).toBe(
        200,
      )
    })

    it('imports daily insights: backs off on (#17) and resumes from the cursor, halves the range on code 1', async () => {
      meta.state.throttleAt = 1
      meta.state.maxDays = 10
      const res = await post(
        '/api/meta/ads-insights',
        { token: key, ads_account_id: ACT_US, since: '2026-09-01', until: '2026-09-30' },
        {},
      )
      expect(res.statusCode).toBe(200)
      const body = res.json<{
        import: { status: string; rows: number; inserted: number }
        total_rows: number
        campaigns: Array<{ spend: number }>
      }>()
      expect(body.import).toMatchObject({ status: 'completed', rows: 3000, inserted: 3000 })
      expect(body.total_rows).toBe(3000)
      expect(meta.state.throttled).toBe(1)
      const ranges = meta.state.insightCalls.map((q) => new URLSearchParams(q).get('time_range'))
      expect(ranges[0]).toBe('{"since":"2026-09-01","until":"2026-09-30"}')
      expect(ranges).toContain('{"since":"2026-09-01","until":"2026-09-08"}')
      // The throttled page was asked for again with the same cursor.
      const calls = meta.state.insightCalls.filter((q) => new URLSearchParams(q).has('after'))
      expect(calls.length - new Set(calls).size).toBe(1)

      meta.state.spendFactor = 2
      const again = (
        await post(
          '/api/meta/ads-insights',
          { token: key, ads_account_id: ACT_US, since: '2026-09-01', until: '2026-09-30' },
          {},
        )
      ).json<{ import: object }>()
      expect(again.import).toMatchObject({ changed: 3000, inserted: 0 })
    })

    it('tracks an ad account, downloads the CSV with the same header, and never shows it to another connection', async () => {
      expect(
        (await post('/api/meta/connect-ad-account', { token: key, id: ACT_US }, {})).json(),
      ).toMatchObject({ ad_account: { id: ACT_US, connected: true } })
      expect((await get(`/api/meta/tracked-ad-accounts?token=${key}`, {})).json()).toMatchObject({
        ad_accounts: [{ id: ACT_US, last_import: { status: 'completed' } }],
      })
      const csv = await post('/api/meta/download-ad-data', { token: key, id: ACT_US }, {})
      const lines = csv.body.trimEnd().split('\r\n')
      expect(lines[0]).toBe(HEADER)
      expect(lines).toHaveLength(3001)
      expect(lines[1]).toMatch(/^meta,act_1029384756473821,Northwind Coffee - US,/)
      const stranger = await post(
        '/api/meta/download-ad-data',
        { token: `mk_${'x'.repeat(32)}`, id: ACT_US },
        {},
      )
      expect(stranger.statusCode).toBe(401)
      const admin = await adminHeaders(t.app)
      expect((await get('/api/admin/meta-accounts?page=1', admin)).json()).toMatchObject({
        total: 1,
        list: [{ id: ACT_US, username: 'adbuyer', meta_user: 'Dana Northwind', rows: 3000 }],
      })
      const adminCsv = await get(
        `/api/admin/meta-accounts/download?id=${(await get('/api/admin/meta-accounts', admin)).json<{ list: Array<{ db_id: number }> }>().list[0]!.db_id}`,
        admin,
      )
      expect(adminCsv.body.split('\r\n')[0]).toBe(HEADER)
    })

    it('Meta throttling that does not pass: backs off, then answers 429 and records the import as failed, not complete', async () => {
      meta.state.throttleAlways = true
      const before = meta.state.throttled
      try {
        const res = await post(
          '/api/meta/ads-insights',
          { token: key, ads_account_id: ACT_US, since: '2026-09-01', until: '2026-09-30' },
          {},
        )
        expect(res.statusCode).toBe(429)
        expect(res.json()).toMatchObject({
          code: 'meta_rate_limited',
          message: 'Meta says this ad account made too many calls. Please wait a few minutes and try again.',
        })
        // The first call and five backed-off retries of the same cursor, then it gives up.
        expect(meta.state.throttled - before).toBe(6)
        const tracked = (await get(`/api/meta/tracked-ad-accounts?token=${key}`, {})).json<{
          ad_accounts: Array<{ id: string; last_import: { status: string } | null }>
        }>()
        expect(tracked.ad_accounts.find((a) => a.id === ACT_US)?.last_import?.status).not.toBe('completed')
      } finally {
        meta.state.throttleAlways = false
      }
    })

    it('an expired token asks to reconnect; a failed import is not shown as complete', async () => {
      meta.state.expired = true
      const res = await post('/api/meta/ads-insights', { token: key, ads_account_id: ACT_US }, {})
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({
        code: 'meta_reconnect',
        message: 'Your Meta login has expired. Please connect Meta again.',
      })
      expect((await post('/api/meta/me', { token: key }, {})).json()).toMatchObject({
        code: 'meta_reconnect',
      })
      meta.state.expired = false
    })

    it('a disconnected ad account drops its rows', async () => {
      expect((await post('/api/meta/disconnect-ad-account', { token: key, id: ACT_US }, {})).json()).toEqual({
        ok: true,
      })
      expect(
        rowsOf<{ n: number }>(
          await t.db.execute(
            sql`select count(*)::int as n from ad_insight_rows r join ad_accounts a on a.id = r.ad_account_id where a.platform = 'meta'`,
          ),
        )[0]!.n,
      ).toBe(0)
    })
  })
})
