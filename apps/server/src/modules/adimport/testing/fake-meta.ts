import http from 'node:http'
import { createRequire } from 'node:module'
import { closeServer, json, consentGiven, listenHttp } from '../../donations/testing'

const require = createRequire(import.meta.url)
const fixture = (name: string) =>
  require(`./fixtures/meta-marketing/${name}.json`) as { data: Array<Record<string, unknown>> }
const LIMIT = fixture('error.17.user-request-limit')
const REDUCE = fixture('error.1.reduce-data')
const EXPIRED = fixture('error.190.expired-token')
export const META_TOKEN = 'meta-access'
export const ACT_US = 'act_1029384756473821'
export const BUSINESS = '918273645501234'

/**
 * The Graph API (v25.0) with Facebook Login: oauth/access_token, me, me/adaccounts, me/businesses,
 * {business}/owned_ad_accounts, act_<id>, campaigns, adsets and daily ad insights paged by cursor
 * (`paging.next` repeating the query, as Meta does). Failures on demand: `throttleAt` answers
 * `(#17) User request limit reached` (is_transient) once for that page; ranges longer than
 * `maxDays` answer code 1 "Please reduce the amount of data"; `expired` answers 190.
 */
export async function startFakeMeta(opts: { adsPerDay?: number } = {}) {
  const state = {
    expired: false,
    throttleAt: null as number | null,
    throttleAlways: false,
    maxDays: 366,
    adsPerDay: opts.adsPerDay ?? 4,
    spendFactor: 1,
    insightCalls: [] as string[],
    throttled: 0,
  }
  const accounts = fixture('me.adaccounts.response').data
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname.replace('/v25.0', '')
    if (path === '/dialog/oauth') return consentGiven(res, url, 'meta-code')
    if (path === '/oauth/access_token') {
      return url.searchParams.get('code') === 'meta-code' &&
        url.searchParams.get('client_secret') === 'meta-secret'
        ? json(res, 200, { access_token: META_TOKEN, token_type: 'bearer', expires_in: 5183944 })
        : json(res, 400, {
            error: { message: 'Invalid verification code format.', type: 'OAuthException', code: 100 },
          })
    }
    const token = req.headers.authorization?.replace('Bearer ', '') ?? url.searchParams.get('access_token')
    if (state.expired || token !== META_TOKEN) return json(res, 400, EXPIRED)
    const base = `http://127.0.0.1:${port}/v25.0`
    const page = (
      data: { length: number; slice: (from: number, to: number) => unknown[] },
      limit: number,
      after: number,
    ) => {
      const slice = data.slice(after, after + limit)
      const next = new URL(`${base}${path}`)
      url.searchParams.forEach((v, k) => next.searchParams.set(k, v))
      next.searchParams.set('access_token', META_TOKEN)
      next.searchParams.set('after', Buffer.from(String(after + limit)).toString('base64'))
      return {
        data: slice,
        paging: {
          cursors: {
            before: Buffer.from(String(after)).toString('base64'),
            after: Buffer.from(String(after + limit)).toString('base64'),
          },
          ...(after + limit < data.length ? { next: next.toString() } : {}),
        },
      }
    }
    const limit = Number(url.searchParams.get('limit') ?? 25)
    const after = url.searchParams.get('after')
      ? Number(Buffer.from(url.searchParams.get('after')!, 'base64').toString())
      : 0
    if (path === '/me') return json(res, 200, { id: '10229876543210', name: 'Dana Northwind' })
    if (path === '/me/adaccounts') return json(res, 200, page(accounts, limit, after))
    if (path === '/me/businesses') return json(res, 200, fixture('me.businesses.response'))
    if (path === `/${BUSINESS}/owned_ad_accounts`)
      return json(res, 200, fixture('owned_ad_accounts.response'))
    const act = /^\/(act_\d+)(\/\w+)?$/.exec(path)
    const account = act && accounts.find((a) => a.id === act[1])
    if (!act || !account)
      return json(res, 400, {
        error: {
          message: `(#100) Unsupported get request. Object with ID '${path.slice(1)}' does not exist`,
          type: 'GraphMethodException',
          code: 100,
        },
      })
    if (!act[2]) return json(res, 200, account)
    if (act[2] === '/campaigns') return json(res, 200, page(fixture('campaigns.response').data, limit, after))
    if (act[2] === '/adsets') return json(res, 200, page(fixture('adsets.response').data, limit, after))
    if (act[2] === '/insights') {
      state.insightCalls.push(url.search)
      const range = JSON.parse(url.searchParams.get('time_range') ?? '{}') as { since: string; until: string }
      const days = Math.round((Date.parse(range.until) - Date.parse(range.since)) / 86_400_000) + 1
      if (days > state.maxDays) return json(res, 500, REDUCE)
      const pageNo = after / limit
      if (state.throttleAt === pageNo || state.throttleAlways) {
        state.throttleAt = null
        state.throttled++
        return json(res, 400, LIMIT)
      }
      // Only the rows of the page asked for are built: a 100,000-row range stays cheap to serve.
      const total = days * state.adsPerDay
      const row = (i: number) => {
        const d = new Date(Date.parse(range.since) + Math.floor(i / state.adsPerDay) * 86_400_000)
          .toISOString()
          .slice(0, 10)
        const ad = i % state.adsPerDay
        return {
          campaign_id: `12021438560123${ad % 2}`,
          campaign_name: ad % 2 ? 'Always-on - Retargeting' : 'Fall Roast Launch - Traffic',
          adset_id: `1202143856020${ad % 2}`,
          adset_name: `Ad set ${ad % 2}`,
          ad_id: `12021438560400${ad}`,
          ad_name: `Ad ${ad}`,
          impressions: String(1000 + ad),
          clicks: String(20 + ad),
          spend: (12.5 * state.spendFactor + (ad % 10)).toFixed(2),
          date_start: d,
          date_stop: d,
        }
      }
      const rows = {
        length: total,
        slice: (from: number, to: number) =>
          Array.from({ length: Math.max(0, Math.min(to, total) - from) }, (_, k) => row(from + k)),
      }
      return json(res, 200, page(rows, limit, after))
    }
    json(res, 404, { error: { message: 'Unknown path', code: 803 } })
  })
  const port = await listenHttp(server)
  const base = `http://127.0.0.1:${port}`
  return {
    base,
    graphUrl: `${base}/v25.0`,
    authUrl: `${base}/v25.0/dialog/oauth`,
    state,
    close: () => closeServer(server),
  }
}
