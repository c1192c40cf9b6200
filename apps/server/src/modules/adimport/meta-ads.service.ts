import { createHash, randomBytes } from 'node:crypto'
import { AppError, notFound } from '../../platform/http/errors'
import { readJson, upstreamFetch } from '../../platform/http/upstream'
import { safeReturn } from '../donations'
import * as repo from './adimport.repo'
import type { AdAccountRow, InsightRow, MetaConnectionRow } from './adimport.repo'
import type { AdImportDeps } from './adimport.deps'
import { firstRows, presentImport, presentTotals, rowsCsv, runImport } from './adimport.service'
import { MetaError, fromMinor, isExpired, isTooMuchData, metaGraph } from './sources/meta-graph'
import type { MetaGraph } from './sources/meta-graph'

export const META_PAGE = '/meta-ads'
const SCOPES = 'ads_read,business_management'
const ACCOUNT_FIELDS = 'id,account_id,name,account_status,currency,timezone_name,amount_spent'
const ACCOUNT_STATUS: Record<number, string> = {
  1: 'active',
  2: 'disabled',
  3: 'unsettled',
  7: 'pending risk review',
  8: 'pending settlement',
  9: 'grace period',
  100: 'pending closure',
  101: 'closed',
}
const RECONNECT = 'Your Meta login has expired. Please connect Meta again.'

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')
const ownerOf = (c: MetaConnectionRow) => `m:${c.id}`
const callbackUrl = (deps: AdImportDeps) => `${deps.google.config.publicUrl}/api/meta/callback`

/** Facebook Login: the consent page, with a signed state that remembers where to come back and who asked. */
export function connectUrl(deps: AdImportDeps, redirectUri: string | undefined, userId: number | null) {
  if (!deps.config.META_APP_ID || !deps.config.META_APP_SECRET)
    throw new AppError('not_configured', 'Meta is not set up on this server yet', 503)
  const state = deps.google.sealer.sign(
    { r: safeReturn(deps.google.config, redirectUri ?? META_PAGE), u: userId },
    15 * 60,
  )
  const url = new URL(deps.config.META_AUTH_URL)
  url.search = new URLSearchParams({
    client_id: deps.config.META_APP_ID,
    redirect_uri: callbackUrl(deps),
    state,
    scope: SCOPES,
    response_type: 'code',
  }).toString()
  return { url: url.toString() }
}

/**
 * Meta sent the browser back: trade the code for a token, ask who it is, keep the token sealed and
 * give the browser a key of its own, in the URL fragment (never sent to a server or a referrer).
 */
export async function completeConnect(
  deps: AdImportDeps,
  q: { code?: string; state?: string; error?: string },
): Promise<string> {
  const state = q.state ? deps.google.sealer.verify<{ r: string; u: number | null }>(q.state) : null
  if (!state) return `${META_PAGE}?error=403`
  if (!q.code || q.error) return `${state.r}${state.r.includes('?') ? '&' : '?'}error=403`
  try {
    const url = new URL(`${deps.config.META_GRAPH_URL}/oauth/access_token`)
    url.search = new URLSearchParams({
      client_id: deps.config.META_APP_ID ?? '',
      client_secret: deps.config.META_APP_SECRET ?? '',
      redirect_uri: callbackUrl(deps),
      code: q.code,
    }).toString()
    const token = await readJson<{ access_token: string; expires_in?: number }>(
      await upstreamFetch(url, { signal: AbortSignal.timeout(15_000) }),
      'Meta token endpoint',
    )
    const me = await metaGraph(deps.config.META_GRAPH_URL, token.access_token).get<{
      id: string
      name?: string
    }>('/me', { fields: 'id,name' })
    const key = `mk_${randomBytes(24).toString('base64url')}`
    await repo.insertConnection(deps.db, {
      user_id: state.u,
      meta_user_id: me.id,
      name: me.name ?? me.id,
      token_enc: deps.google.sealer.seal(token.access_token),
      key_hash: hashKey(key),
      token_expires_at: token.expires_in ? new Date(Date.now() + token.expires_in * 1000) : null,
    })
    return `${state.r}#meta_token=${key}`
  } catch (err) {
    console.error('[adimport] Meta connect failed:', (err as Error).message)
    return `${state.r}${state.r.includes('?') ? '&' : '?'}error=403`
  }
}

/** The connection behind a browser's key; anything else is refused before Meta is asked. */
async function connection(deps: AdImportDeps, key: string, opts: { expiredOk?: boolean } = {}) {
  const c = await repo.connectionByKey(deps.db, hashKey(key))
  if (!c) throw new AppError('meta_not_connected', 'Please connect Meta again', 401)
  if (c.status === 'expired' && !opts.expiredOk) throw new AppError('meta_reconnect', RECONNECT, 401)
  return {
    c,
    graph: metaGraph(deps.config.META_GRAPH_URL, deps.google.sealer.open(c.token_enc), {
      backoffBaseMs: deps.config.META_BACKOFF_MS,
    }),
  }
}

/** Runs a use case on a connection, turning Meta's errors into messages (and an expired token into "reconnect"). */
async function withMeta<T>(
  deps: AdImportDeps,
  key: string,
  work: (c: MetaConnectionRow, graph: MetaGraph) => Promise<T>,
): Promise<T> {
  const { c, graph } = await connection(deps, key)
  try {
    return await work(c, graph)
  } catch (err) {
    if (isExpired(err)) {
      await repo.markExpired(deps.db, c.id)
      throw new AppError('meta_reconnect', RECONNECT, 401)
    }
    if (err instanceof MetaError) {
      if (err.code === 17)
        throw new AppError(
          'meta_rate_limited',
          'Meta says this ad account made too many calls. Please wait a few minutes and try again.',
          429,
        )
      throw new AppError('meta_error', `Meta refused the request: ${err.message}`, 502)
    }
    if (err instanceof AppError) throw err
    throw new AppError(
      'meta_unavailable',
      `Meta did not answer. Please try again in a moment.#${(err as Error).message}`,
      502,
    )
  }
}

interface GraphAccount {
  id: string
  name?: string
  account_status?: number
  currency?: string
  amount_spent?: string
}
async function presentAccount(deps: AdImportDeps, c: MetaConnectionRow, a: GraphAccount) {
  const stored = await repo.findAccount(deps.db, 'meta', ownerOf(c), a.id)
  const currency = a.currency ?? stored?.currency ?? null
  return {
    id: a.id,
    name: a.name ?? a.id,
    currency,
    status:
      a.account_status !== undefined
        ? (ACCOUNT_STATUS[a.account_status] ?? String(a.account_status))
        : (stored?.status ?? null),
    amount_spent: currency ? fromMinor(a.amount_spent, currency) : null,
    connected: stored?.connected ?? false,
    last_import: stored ? presentImport(await repo.lastImport(deps.db, stored.id)) : null,
  }
}

export const me = (deps: AdImportDeps, key: string) =>
  withMeta(deps, key, async (c, graph) => {
    const [who, accounts] = await Promise.all([
      graph.get<{ id: string; name?: string }>('/me', { fields: 'id,name' }),
      graph.all<GraphAccount>('/me/adaccounts', { fields: ACCOUNT_FIELDS, limit: '100' }),
    ])
    return {
      id: who.id,
      name: who.name ?? who.id,
      ad_accounts: await Promise.all(accounts.map((a) => presentAccount(deps, c, a))),
    }
  })

export const businesses = (deps: AdImportDeps, key: string) =>
  withMeta(deps, key, async (_c, graph) => ({
    businesses: (
      await graph.all<{ id: string; name?: string }>('/me/businesses', { fields: 'id,name', limit: '100' })
    ).map((b) => ({ id: b.id, name: b.name ?? b.id })),
  }))

export const businessAdAccounts = (deps: AdImportDeps, key: string, businessId: string) =>
  withMeta(deps, key, async (c, graph) => ({
    ad_accounts: await Promise.all(
      (
        await graph.all<GraphAccount>(`/${businessId}/owned_ad_accounts`, {
          fields: ACCOUNT_FIELDS,
          limit: '100',
        })
      ).map((a) => presentAccount(deps, c, a)),
    ),
  }))

/** The ad account as this connection sees it (Meta answers only for accounts its token reaches), stored under the connection. */
async function ensureAccount(
  deps: AdImportDeps,
  c: MetaConnectionRow,
  graph: MetaGraph,
  act: string,
  connected?: boolean,
): Promise<AdAccountRow> {
  const a = await graph.get<GraphAccount>(`/${act}`, { fields: ACCOUNT_FIELDS })
  const currency = a.currency ?? 'USD'
  return repo.upsertAccount(deps.db, {
    platform: 'meta',
    owner: ownerOf(c),
    meta_connection_id: c.id,
    user_id: null,
    external_id: act,
    name: a.name ?? act,
    currency,
    status:
      a.account_status !== undefined ? (ACCOUNT_STATUS[a.account_status] ?? String(a.account_status)) : null,
    amount_spent: fromMinor(a.amount_spent, currency),
    connected,
  })
}

interface GraphCampaign {
  id: string
  name?: string
  status?: string
  effective_status?: string
  objective?: string
  daily_budget?: string
  campaign_id?: string
}
export const campaigns = (deps: AdImportDeps, key: string, act: string) =>
  withMeta(deps, key, async (c, graph) => {
    const account = await ensureAccount(deps, c, graph, act)
    const rows = await graph.all<GraphCampaign>(`/${act}/campaigns`, {
      fields: 'id,name,objective,status,effective_status,daily_budget',
      limit: '100',
    })
    return {
      campaigns: rows.map((r) => ({
        id: r.id,
        name: r.name ?? r.id,
        status: r.status ?? '',
        effective_status: r.effective_status ?? null,
        objective: r.objective ?? null,
        daily_budget: fromMinor(r.daily_budget, account.currency ?? 'USD'),
      })),
    }
  })

export const adsets = (deps: AdImportDeps, key: string, act: string) =>
  withMeta(deps, key, async (c, graph) => {
    const account = await ensureAccount(deps, c, graph, act)
    const rows = await graph.all<GraphCampaign>(`/${act}/adsets`, {
      fields: 'id,name,campaign_id,status,effective_status,daily_budget',
      limit: '100',
    })
    return {
      adsets: rows.map((r) => ({
        id: r.id,
        name: r.name ?? r.id,
        campaign_id: r.campaign_id ?? '',
        status: r.status ?? '',
        effective_status: r.effective_status ?? null,
        daily_budget: fromMinor(r.daily_budget, account.currency ?? 'USD'),
      })),
    }
  })

interface GraphInsight {
  campaign_id?: string
  campaign_name?: string
  adset_id?: string
  adset_name?: string
  ad_id?: string
  ad_name?: string
  impressions?: string
  clicks?: string
  spend?: string
  date_start?: string
  conversions?: Array<{ value?: string }> | string
}
const conversions = (v: GraphInsight['conversions']) =>
  Array.isArray(v) ? v.reduce((n, a) => n + Number(a.value ?? 0), 0) : Number(v ?? 0)
const DAY_MS = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * Daily ad-level insights for [since, until]. Meta's code 1 ("Please reduce the amount of data")
 * splits the range in two and asks for each half; a single day that is still too much fails.
 */
async function* insightPages(
  graph: MetaGraph,
  act: string,
  currency: string,
  since: string,
  until: string,
): AsyncGenerator<InsightRow[]> {
  try {
    for await (const page of graph.pages<GraphInsight>(`/${act}/insights`, {
      level: 'ad',
      time_increment: '1',
      time_range: JSON.stringify({ since, until }),
      limit: '500',
      fields:
        'campaign_id,campaign_name,adset_id,adset_name,ad_id,ad_name,impressions,clicks,spend,conversions,date_start',
    })) {
      yield page.map((r) => ({
        campaign_id: r.campaign_id ?? '',
        campaign_name: r.campaign_name ?? '',
        campaign_status: null,
        group_id: r.adset_id ?? '',
        group_name: r.adset_name ?? '',
        ad_id: r.ad_id ?? '',
        ad_name: r.ad_name ?? '',
        day: r.date_start ?? since,
        impressions: Number(r.impressions ?? 0),
        clicks: Number(r.clicks ?? 0),
        // Insights spend is a decimal string in whole units (unlike amount_spent's minor units).
        spend_micros: Math.round(Number(r.spend ?? 0) * 1_000_000),
        currency,
        conversions: conversions(r.conversions),
      }))
    }
  } catch (err) {
    if (!isTooMuchData(err) || since === until) throw err
    const from = Date.parse(since)
    const mid = iso(from + Math.floor((Date.parse(until) - from) / DAY_MS / 2) * DAY_MS)
    yield* insightPages(graph, act, currency, since, mid)
    yield* insightPages(graph, act, currency, iso(Date.parse(mid) + DAY_MS), until)
  }
}

export const insights = (
  deps: AdImportDeps,
  key: string,
  body: { ads_account_id: string; since?: string; until?: string },
) =>
  withMeta(deps, key, async (c, graph) => {
    const account = await ensureAccount(deps, c, graph, body.ads_account_id)
    const until = body.until ?? iso(Date.now() - DAY_MS)
    const since = body.since ?? iso(Date.parse(until) - 29 * DAY_MS)
    if (since > until)
      throw new AppError('validation', 'The start date must be before the end date', 422, {
        since: ['The start date must be before the end date'],
      })
    const summary = await runImport(
      deps,
      account,
      insightPages(graph, body.ads_account_id, account.currency ?? 'USD', since, until),
    )
    return {
      import: summary,
      campaigns: presentTotals(await repo.totals(deps.db, account.id, 'campaign')),
      rows: await firstRows(deps, account, 200),
      total_rows: await repo.countRows(deps.db, account.id),
    }
  })

export const connectAdAccount = (deps: AdImportDeps, key: string, act: string) =>
  withMeta(deps, key, async (c, graph) => {
    const account = await ensureAccount(deps, c, graph, act, true)
    return {
      ad_account: await presentAccount(deps, c, {
        id: account.external_id,
        name: account.name,
        currency: account.currency ?? undefined,
      }),
    }
  })

/** Owned by this connection, or not found: another connection's account is never answered. */
async function owned(deps: AdImportDeps, key: string, act: string) {
  // What we already hold (rows, CSV, tracking) stays reachable after Meta's token expires.
  const { c } = await connection(deps, key, { expiredOk: true })
  const account = await repo.findAccount(deps.db, 'meta', ownerOf(c), act)
  if (!account) throw notFound('Ad account')
  return { c, account }
}

export async function disconnectAdAccount(deps: AdImportDeps, key: string, act: string) {
  const { account } = await owned(deps, key, act)
  await repo.setConnected(deps.db, account.id, false)
  await repo.deleteRows(deps.db, account.id)
  return { ok: true as const }
}

export async function tracked(deps: AdImportDeps, key: string) {
  const { c } = await connection(deps, key, { expiredOk: true })
  const rows = await repo.connectedAccounts(deps.db, ownerOf(c))
  return {
    ad_accounts: await Promise.all(
      rows.map((a) =>
        presentAccount(deps, c, { id: a.external_id, name: a.name, currency: a.currency ?? undefined }),
      ),
    ),
  }
}

export async function download(deps: AdImportDeps, key: string, act: string) {
  const { account } = await owned(deps, key, act)
  return { stream: rowsCsv(deps, account), fileName: `meta-ads-${act}-${iso(Date.now())}.csv` }
}

export async function adminAccounts(deps: AdImportDeps, page: number) {
  const limit = 20
  const { rows, total } = await repo.pageMetaAccounts(deps.db, page, limit)
  return {
    list: await Promise.all(
      rows.map(async (r) => ({
        id: r.account.external_id,
        db_id: r.account.id,
        name: r.account.name,
        currency: r.account.currency,
        status: r.account.status,
        amount_spent: r.account.amount_spent,
        connected: r.account.connected,
        last_import: presentImport(await repo.lastImport(deps.db, r.account.id)),
        meta_user: r.meta_user,
        username: r.username,
        rows: r.rows,
      })),
    ),
    total,
    lastPage: Math.max(1, Math.ceil(total / limit)),
  }
}

export async function adminDownload(deps: AdImportDeps, id: number) {
  const account = await repo.findAccountById(deps.db, id)
  if (!account || account.platform !== 'meta') throw notFound('Ad account')
  return {
    stream: rowsCsv(deps, account),
    fileName: `meta-ads-${account.external_id}-${iso(Date.now())}.csv`,
  }
}
