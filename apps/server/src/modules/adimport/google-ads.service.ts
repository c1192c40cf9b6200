import { AppError } from '../../platform/http/errors'
import { SourceAuthError } from '../../platform/http/upstream'
import { googleTokenAccess } from '../donations'
import * as repo from './adimport.repo'
import type { InsightRow } from './adimport.repo'
import type { AdImportDeps } from './adimport.deps'
import { firstRows, presentTotals, runImport, rowsCsv } from './adimport.service'
import { GoogleAdsError, googleAds, int64 } from './sources/google-ads'
import type { GoogleAdsClient } from './sources/google-ads'

const owner = (userId: number) => `u:${userId}`
const DATE = /^\d{4}-\d{2}-\d{2}$/

export async function account(deps: AdImportDeps, userId: number) {
  const [google, token] = await Promise.all([
    googleTokenAccess(deps.google, userId),
    repo.devTokenOf(deps.db, userId),
  ])
  return {
    google_account_id: google?.account.id ?? null,
    google_account_name: google?.account.display_name ?? null,
    dev_token_saved: !!token,
  }
}

export async function saveDevToken(deps: AdImportDeps, userId: number, token: string) {
  await repo.saveDevToken(deps.db, userId, deps.google.sealer.seal(token))
  return { dev_token_saved: true as const }
}

/** Google Ads failures as the messages people can act on. */
function explain(err: unknown): unknown {
  if (err instanceof GoogleAdsError) {
    if (err.code === 'USER_PERMISSION_DENIED')
      return new AppError(
        'google_ads_permission',
        'Google Ads says this account is only reachable through its manager account. Open it from the manager’s list of linked customers.',
        403,
      )
    if (
      err.code === 'DEVELOPER_TOKEN_NOT_APPROVED' ||
      (err.family === 'authenticationError' && /DEVELOPER_TOKEN/.test(err.code))
    )
      return new AppError(
        'developer_token',
        `Google Ads did not accept your developer token: ${err.message}`,
        403,
      )
    return new AppError(
      'google_ads_error',
      `Google Ads refused the request: ${err.message}${err.requestId ? `#request ${err.requestId}` : ''}`,
      502,
    )
  }
  if (err instanceof SourceAuthError) return new AppError('google_relink', err.message, 409)
  if (err instanceof AppError) return err
  return new AppError(
    'google_ads_unavailable',
    `Google Ads did not answer. Please try again in a moment.#${(err as Error).message}`,
    502,
  )
}

async function client(deps: AdImportDeps, userId: number): Promise<GoogleAdsClient> {
  const google = await googleTokenAccess(deps.google, userId)
  if (!google)
    throw new AppError(
      'google_not_linked',
      'Link your Google account first (Donation settings → YouTube).',
      409,
    )
  const sealed = await repo.devTokenOf(deps.db, userId)
  if (!sealed) throw new AppError('dev_token_missing', 'Save your Google Ads developer token first.', 409)
  return googleAds(deps.config.GOOGLE_ADS_API_URL, {
    accessToken: google.accessToken,
    refreshAccessToken: google.refreshAccessToken,
    developerToken: deps.google.sealer.open(sealed),
  })
}

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = []
  for await (const p of pages) out.push(...p)
  return out
}

interface CustomerRow {
  customer?: { id?: string; descriptiveName?: string; manager?: boolean; currencyCode?: string }
}
interface ClientRow {
  customerClient?: {
    id?: string
    descriptiveName?: string
    manager?: boolean
    level?: string
    currencyCode?: string
  }
}

/** customers:listAccessibleCustomers, each with its name (one `FROM customer` query each). */
export async function accessible(deps: AdImportDeps, userId: number) {
  try {
    const ads = await client(deps, userId)
    const ids = await ads.listAccessibleCustomers()
    const customers = await Promise.all(
      ids.map(async (id) => {
        const [row] = await collect(
          ads.search<CustomerRow>(
            id,
            'SELECT customer.id, customer.descriptive_name, customer.manager, customer.currency_code FROM customer LIMIT 1',
          ),
        )
        return {
          id,
          name: row?.customer?.descriptiveName ?? id,
          manager: !!row?.customer?.manager,
          level: 0,
          currency: row?.customer?.currencyCode ?? null,
          login_customer_id: null,
        }
      }),
    )
    return { customers }
  } catch (err) {
    throw explain(err)
  }
}

/** A manager's clients (customer_client), to be opened with the manager as login-customer-id. */
export async function linked(deps: AdImportDeps, userId: number, managerId: string) {
  try {
    const ads = await client(deps, userId)
    const rows = await collect(
      ads.search<ClientRow>(
        managerId,
        'SELECT customer_client.client_customer, customer_client.level, customer_client.manager, customer_client.descriptive_name, customer_client.currency_code, customer_client.time_zone, customer_client.id FROM customer_client WHERE customer_client.level <= 1',
        managerId,
      ),
    )
    return {
      customers: rows
        .map((r) => r.customerClient!)
        .filter((c) => c.id && c.id !== managerId)
        .map((c) => ({
          id: c.id!,
          name: c.descriptiveName ?? c.id!,
          manager: !!c.manager,
          level: int64(c.level),
          currency: c.currencyCode ?? null,
          login_customer_id: managerId,
        })),
    }
  } catch (err) {
    throw explain(err)
  }
}

interface AdRowJson {
  customer?: { currencyCode?: string; descriptiveName?: string }
  campaign?: { id?: string; name?: string; status?: string }
  adGroup?: { id?: string; name?: string }
  adGroupAd?: { ad?: { id?: string; name?: string; type?: string } }
  metrics?: { impressions?: string; clicks?: string; costMicros?: string; conversions?: number }
  segments?: { date?: string }
}

/** GAQL rows (camelCase, int64 strings, micros) as our normalised rows. */
export function normaliseGoogle(r: AdRowJson, fallbackCurrency: string): InsightRow {
  const ad = r.adGroupAd?.ad
  return {
    campaign_id: r.campaign?.id ?? '',
    campaign_name: r.campaign?.name ?? '',
    campaign_status: r.campaign?.status ?? null,
    group_id: r.adGroup?.id ?? '',
    group_name: r.adGroup?.name ?? '',
    ad_id: ad?.id ?? '',
    ad_name: ad?.name || `${ad?.type ?? 'AD'} ${ad?.id ?? ''}`.trim(),
    day: r.segments?.date ?? '',
    impressions: int64(r.metrics?.impressions),
    clicks: int64(r.metrics?.clicks),
    spend_micros: int64(r.metrics?.costMicros),
    currency: r.customer?.currencyCode ?? fallbackCurrency,
    conversions: r.metrics?.conversions ?? 0,
  }
}

async function* normalisedPages(
  ads: GoogleAdsClient,
  id: string,
  query: string,
  login: string | null,
  currency: string,
) {
  for await (const page of ads.search<AdRowJson>(id, query, login))
    yield page.map((r) => normaliseGoogle(r, currency))
}

/**
 * Imports the customer's ads by day (FROM ad_group_ad with segments.date) into the one table, then
 * answers its campaigns. Through a manager, login-customer-id is the manager's id.
 */
export async function campaigns(
  deps: AdImportDeps,
  userId: number,
  q: { id: string; login_customer_id?: string; since?: string; until?: string },
) {
  const range =
    q.since && q.until && DATE.test(q.since) && DATE.test(q.until)
      ? `BETWEEN '${q.since}' AND '${q.until}'`
      : 'DURING LAST_30_DAYS'
  try {
    const ads = await client(deps, userId)
    const login = q.login_customer_id && q.login_customer_id !== q.id ? q.login_customer_id : null
    const [info] = await collect(
      ads.search<CustomerRow>(
        q.id,
        'SELECT customer.id, customer.descriptive_name, customer.currency_code FROM customer LIMIT 1',
        login,
      ),
    )
    const currency = info?.customer?.currencyCode ?? 'USD'
    const account = await repo.upsertAccount(deps.db, {
      platform: 'google',
      owner: owner(userId),
      user_id: userId,
      external_id: q.id,
      name: info?.customer?.descriptiveName ?? q.id,
      currency,
      login_customer_id: login,
      connected: true,
    })
    const query =
      'SELECT customer.currency_code, campaign.id, campaign.name, campaign.status, ad_group.id, ad_group.name, ad_group_ad.ad.id, ad_group_ad.ad.name, ad_group_ad.ad.type, ' +
      `metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions, segments.date FROM ad_group_ad WHERE segments.date ${range}`
    const summary = await runImport(deps, account, normalisedPages(ads, q.id, query, login, currency))
    return {
      campaigns: presentTotals(await repo.totals(deps.db, account.id, 'campaign')),
      import: summary,
      currency,
    }
  } catch (err) {
    throw explain(err)
  }
}

async function imported(deps: AdImportDeps, userId: number, id: string) {
  const account = await repo.findAccount(deps.db, 'google', owner(userId), id)
  if (!account)
    throw new AppError('not_imported', 'Open the account’s campaigns first: that imports its data.', 404)
  return account
}

export async function adGroups(deps: AdImportDeps, userId: number, id: string, campaignId: string) {
  const account = await imported(deps, userId, id)
  return {
    ad_groups: presentTotals(await repo.totals(deps.db, account.id, 'group', { campaign_id: campaignId })),
  }
}

export async function adsInAdGroup(deps: AdImportDeps, userId: number, id: string, groupId: string) {
  const account = await imported(deps, userId, id)
  return {
    ads: presentTotals(await repo.totals(deps.db, account.id, 'ad', { group_id: groupId })),
    rows: await firstRows(deps, account, 500, { group_id: groupId }),
  }
}

export async function download(deps: AdImportDeps, userId: number, id: string) {
  const account = await imported(deps, userId, id)
  return {
    stream: rowsCsv(deps, account),
    fileName: `google-ads-${id}-${new Date().toISOString().slice(0, 10)}.csv`,
  }
}
