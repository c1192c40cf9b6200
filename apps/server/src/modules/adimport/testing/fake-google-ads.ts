import type http from 'node:http'
import { createRequire } from 'node:module'
import { json, startFakeYoutube } from '../../donations/testing'

const require = createRequire(import.meta.url)
const fixture = (name: string) => require(`./fixtures/google-ads/${name}.json`) as Record<string, unknown>
const PERMISSION_DENIED = fixture('error.USER_PERMISSION_DENIED')
const PAGE_SIZE = fixture('error.PAGE_SIZE_NOT_SUPPORTED')
const NOT_APPROVED = fixture('error.DEVELOPER_TOKEN_NOT_APPROVED')
const HIERARCHY = fixture('search.customer_client.response')

export const MANAGER = '4455667788'
export const CLIENT_US = '1234509876'
export const CLIENT_EU = '2345610987'
export const GOOD_DEV_TOKEN = 'good-dev-token-123'
/** Google's fixed page size for googleAds:search. */
const PAGE = 10_000

interface Customer {
  name: string
  currency: string
  manager: boolean
  test?: boolean
}

/**
 * Google Ads REST (v26) on top of the donations module's Google OAuth stand-in: listAccessibleCustomers
 * (the manager only), googleAds:search for `FROM customer`, `FROM customer_client` and
 * `FROM ad_group_ad` (rows by day, fixed 10,000-row pages with nextPageToken, int64 as strings,
 * micros), and the failures people hit: no login-customer-id through a manager
 * (USER_PERMISSION_DENIED), a developer token not approved (DEVELOPER_TOKEN_NOT_APPROVED), any
 * `pageSize` (PAGE_SIZE_NOT_SUPPORTED).
 */
export async function startFakeGoogleAds(opts: { rows?: number } = {}) {
  const customers = new Map<string, Customer>([
    [MANAGER, { name: 'Brightline Media MCC', currency: 'USD', manager: true }],
    [CLIENT_US, { name: 'Northwind Coffee - US', currency: 'USD', manager: false }],
    [CLIENT_EU, { name: 'Northwind Coffee - EU', currency: 'EUR', manager: false }],
  ])
  const state = {
    rows: opts.rows ?? 24,
    costFactor: 1,
    searches: [] as Array<{ customer: string; login: string | null; pageToken?: string; query: string }>,
  }

  function adRows(customerId: string, currency: string) {
    // Deterministic rows: 3 campaigns × 2 ad groups × 2 ads, spread over days.
    return Array.from({ length: state.rows }, (_, i) => {
      const campaign = i % 3,
        group = (i >> 1) % 2,
        ad = i % 2,
        day = 1 + (Math.floor(i / 12) % 28)
      const adId = `7${campaign}${group}${ad}${String(Math.floor(i / (12 * 28))).padStart(6, '0')}`
      return {
        customer: { resourceName: `customers/${customerId}`, currencyCode: currency },
        campaign: {
          resourceName: `customers/${customerId}/campaigns/2210483756${campaign}`,
          status: campaign === 2 ? 'PAUSED' : 'ENABLED',
          name: ['Brand - Search', 'Generic - Coffee Beans', 'Display - Remarketing'][campaign],
          id: `2210483756${campaign}`,
        },
        adGroup: {
          resourceName: `customers/${customerId}/adGroups/16143302${campaign}${group}`,
          id: `16143302${campaign}${group}`,
          name: `Group ${campaign}-${group}`,
        },
        adGroupAd: {
          resourceName: `customers/${customerId}/adGroupAds/16143302${campaign}${group}~${adId}`,
          ad: { resourceName: `customers/${customerId}/ads/${adId}`, type: 'RESPONSIVE_SEARCH_AD', id: adId },
        },
        metrics: {
          clicks: String(10 + (i % 7)),
          costMicros: String(Math.round((1_250_000 + (i % 5) * 10_000) * state.costFactor)),
          impressions: String(200 + (i % 11)),
          conversions: i % 4 === 0 ? 1 : 0,
        },
        segments: { date: `2026-10-${String(day).padStart(2, '0')}` },
      }
    })
  }

  const handle = (req: http.IncomingMessage, url: URL, res: http.ServerResponse, raw: string): boolean => {
    if (!url.pathname.startsWith('/googleads/v26/')) return false
    answer()
    return true
    function answer() {
      if (req.headers.authorization !== 'Bearer yt-access')
        return json(res, 401, {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            status: 'UNAUTHENTICATED',
          },
        })
      const devToken = req.headers['developer-token']
      if (devToken !== GOOD_DEV_TOKEN) return json(res, 403, NOT_APPROVED)
      const path = url.pathname.replace('/googleads/v26', '')
      if (req.method === 'GET' && path === '/customers:listAccessibleCustomers')
        return json(res, 200, { resourceNames: [`customers/${MANAGER}`] })
      const m = /^\/customers\/(\d{10})\/googleAds:search$/.exec(path)
      if (req.method !== 'POST' || !m)
        return json(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } })
      const body = JSON.parse(raw || '{}') as { query?: string; pageToken?: string; pageSize?: number }
      if (body.pageSize !== undefined) return json(res, 400, PAGE_SIZE)
      const id = m[1]!
      const login = (req.headers['login-customer-id'] as string | undefined) ?? null
      state.searches.push({ customer: id, login, pageToken: body.pageToken, query: body.query ?? '' })
      const customer = customers.get(id)
      // Only the manager is reachable directly; its clients need it as login-customer-id.
      if (!customer || (id !== MANAGER && login !== MANAGER)) return json(res, 403, PERMISSION_DENIED)
      const query = body.query ?? ''
      if (/FROM customer_client/.test(query)) return json(res, 200, HIERARCHY)
      if (/FROM customer\b/.test(query))
        return json(res, 200, {
          results: [
            {
              customer: {
                resourceName: `customers/${id}`,
                id,
                descriptiveName: customer.name,
                currencyCode: customer.currency,
                manager: customer.manager,
              },
            },
          ],
          fieldMask: 'customer.id,customer.descriptiveName,customer.currencyCode,customer.manager',
        })
      if (/FROM ad_group_ad/.test(query)) {
        if (customer.manager) return json(res, 200, { fieldMask: 'campaign.id' })
        const all = adRows(id, customer.currency)
        const from = body.pageToken ? Number(Buffer.from(body.pageToken, 'base64').toString()) : 0
        const results = all.slice(from, from + PAGE)
        const next =
          from + PAGE < all.length ? Buffer.from(String(from + PAGE)).toString('base64') : undefined
        return json(res, 200, {
          ...(results.length ? { results } : {}),
          ...(next ? { nextPageToken: next } : {}),
          fieldMask: 'campaign.id,campaign.name,metrics.costMicros',
        })
      }
      json(res, 400, {
        error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' },
      })
    }
  }
  const google = await startFakeYoutube([], { handle })
  return { ...google, state, adsUrl: `${google.base}/googleads/v26` }
}
