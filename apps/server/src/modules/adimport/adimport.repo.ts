import { and, asc, count, desc, eq, gt, or, sql } from 'drizzle-orm'
import type { AdPlatform } from '@mouthpiece/contracts/adimport/adimport.schemas'
import type { Queryable } from '../../platform/db/client'
import { userFieldOf } from '../users'
import { adAccounts, adImports, adInsightRows, googleAdsSettings, metaConnections } from './adimport.table'

export type AdAccountRow = typeof adAccounts.$inferSelect
export type ImportRow = typeof adImports.$inferSelect
export type InsightRow = Omit<typeof adInsightRows.$inferInsert, 'ad_account_id' | 'import_id'>
export type MetaConnectionRow = typeof metaConnections.$inferSelect

export async function devTokenOf(q: Queryable, userId: number): Promise<string | null> {
  const [row] = await q.select().from(googleAdsSettings).where(eq(googleAdsSettings.user_id, userId))
  return row?.developer_token_enc ?? null
}
export const saveDevToken = (q: Queryable, userId: number, sealed: string) =>
  q
    .insert(googleAdsSettings)
    .values({ user_id: userId, developer_token_enc: sealed })
    .onConflictDoUpdate({
      target: googleAdsSettings.user_id,
      set: { developer_token_enc: sealed, updated_at: new Date() },
    })

export async function insertConnection(q: Queryable, row: typeof metaConnections.$inferInsert) {
  const [created] = await q.insert(metaConnections).values(row).returning()
  return created!
}
export async function connectionByKey(q: Queryable, keyHash: string) {
  const [row] = await q.select().from(metaConnections).where(eq(metaConnections.key_hash, keyHash))
  return row
}
export const markExpired = (q: Queryable, id: number) =>
  q.update(metaConnections).set({ status: 'expired' }).where(eq(metaConnections.id, id))

/** The account row of an owner, created or refreshed with what the platform said about it. */
export async function upsertAccount(
  q: Queryable,
  row: typeof adAccounts.$inferInsert,
): Promise<AdAccountRow> {
  const { connected, ...details } = row
  const [saved] = await q
    .insert(adAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: [adAccounts.platform, adAccounts.owner, adAccounts.external_id],
      set: { ...details, ...(connected !== undefined ? { connected } : {}) },
    })
    .returning()
  return saved!
}
export async function findAccount(q: Queryable, platform: AdPlatform, owner: string, externalId: string) {
  const [row] = await q
    .select()
    .from(adAccounts)
    .where(
      and(
        eq(adAccounts.platform, platform),
        eq(adAccounts.owner, owner),
        eq(adAccounts.external_id, externalId),
      ),
    )
  return row
}
export async function findAccountById(q: Queryable, id: number) {
  const [row] = await q.select().from(adAccounts).where(eq(adAccounts.id, id))
  return row
}
export const connectedAccounts = (q: Queryable, owner: string) =>
  q
    .select()
    .from(adAccounts)
    .where(and(eq(adAccounts.owner, owner), eq(adAccounts.connected, true)))
    .orderBy(asc(adAccounts.name))
export const setConnected = (q: Queryable, id: number, connected: boolean) =>
  q.update(adAccounts).set({ connected }).where(eq(adAccounts.id, id))
export const deleteRows = (q: Queryable, accountId: number) =>
  q.delete(adInsightRows).where(eq(adInsightRows.ad_account_id, accountId))

export async function startImport(q: Queryable, accountId: number) {
  const [row] = await q.insert(adImports).values({ ad_account_id: accountId, status: 'running' }).returning()
  return row!
}
export async function finishImport(q: Queryable, id: number, patch: Partial<ImportRow>) {
  const [row] = await q
    .update(adImports)
    .set({ ...patch, finished_at: new Date() })
    .where(eq(adImports.id, id))
    .returning()
  return row!
}
export async function lastImport(q: Queryable, accountId: number) {
  const [row] = await q
    .select()
    .from(adImports)
    .where(eq(adImports.ad_account_id, accountId))
    .orderBy(desc(adImports.id))
    .limit(1)
  return row
}

/**
 * Writes a batch of rows; answers how many were new and how many changed. A row whose numbers and
 * names are all the same is left alone (and not returned), so the rest count as unchanged.
 */
export async function upsertRows(
  q: Queryable,
  accountId: number,
  importId: number,
  rows: InsightRow[],
): Promise<{ inserted: number; changed: number }> {
  if (!rows.length) return { inserted: 0, changed: 0 }
  // One array per column through unnest: 15 parameters a batch instead of 15 a row (far faster to bind).
  const col = <K extends keyof InsightRow>(k: K) => sql.param(rows.map((r) => r[k] ?? null))
  const res = await q.execute(sql`
    insert into ad_insight_rows (ad_account_id, import_id, campaign_id, campaign_name, campaign_status, group_id, group_name, ad_id, ad_name, day, impressions, clicks, spend_micros, currency, conversions)
    select ${accountId}, ${importId}, * from unnest(
      ${col('campaign_id')}::text[], ${col('campaign_name')}::text[], ${col('campaign_status')}::text[], ${col('group_id')}::text[], ${col('group_name')}::text[],
      ${col('ad_id')}::text[], ${col('ad_name')}::text[], ${col('day')}::date[], ${col('impressions')}::bigint[], ${col('clicks')}::bigint[],
      ${col('spend_micros')}::bigint[], ${col('currency')}::text[], ${col('conversions')}::float8[])
    on conflict (ad_account_id, ad_id, day) do update set
      impressions = excluded.impressions, clicks = excluded.clicks, spend_micros = excluded.spend_micros, conversions = excluded.conversions, currency = excluded.currency,
      campaign_name = excluded.campaign_name, campaign_status = excluded.campaign_status, group_name = excluded.group_name, ad_name = excluded.ad_name, import_id = excluded.import_id
    where (ad_insight_rows.impressions, ad_insight_rows.clicks, ad_insight_rows.spend_micros, ad_insight_rows.conversions, ad_insight_rows.campaign_name,
           ad_insight_rows.group_name, ad_insight_rows.ad_name, ad_insight_rows.campaign_status)
      is distinct from (excluded.impressions, excluded.clicks, excluded.spend_micros, excluded.conversions, excluded.campaign_name, excluded.group_name, excluded.ad_name, excluded.campaign_status)
    returning (xmax = 0) as inserted`)
  const returned = (res as { rows: Array<{ inserted: boolean }> }).rows
  const inserted = returned.filter((r) => r.inserted).length
  return { inserted, changed: returned.length - inserted }
}

const LEVEL = {
  campaign: { id: adInsightRows.campaign_id, name: adInsightRows.campaign_name },
  group: { id: adInsightRows.group_id, name: adInsightRows.group_name },
  ad: { id: adInsightRows.ad_id, name: adInsightRows.ad_name },
} as const

/** Sums per campaign, ad group/ad set or ad over the stored days. */
export function totals(
  q: Queryable,
  accountId: number,
  level: keyof typeof LEVEL,
  where?: { campaign_id?: string; group_id?: string },
) {
  const l = LEVEL[level]
  return q
    .select({
      id: l.id,
      name: sql<string>`max(${l.name})`,
      status: sql<string | null>`max(${adInsightRows.campaign_status})`,
      impressions: sql<number>`sum(${adInsightRows.impressions})::float8`,
      clicks: sql<number>`sum(${adInsightRows.clicks})::float8`,
      spend_micros: sql<number>`sum(${adInsightRows.spend_micros})::float8`,
      conversions: sql<number>`sum(${adInsightRows.conversions})::float8`,
      currency: sql<string>`max(${adInsightRows.currency})`,
    })
    .from(adInsightRows)
    .where(
      and(
        eq(adInsightRows.ad_account_id, accountId),
        where?.campaign_id ? eq(adInsightRows.campaign_id, where.campaign_id) : undefined,
        where?.group_id ? eq(adInsightRows.group_id, where.group_id) : undefined,
      ),
    )
    .groupBy(l.id)
    .orderBy(sql`sum(${adInsightRows.spend_micros}) desc`, asc(l.id))
}

export type StoredRow = typeof adInsightRows.$inferSelect
/** Rows in key order, `limit` after the given key: the CSV export walks the table this way, never all at once. */
export function rowsAfter(
  q: Queryable,
  accountId: number,
  after: { ad_id: string; day: string } | null,
  limit: number,
  where?: { group_id?: string },
) {
  return q
    .select()
    .from(adInsightRows)
    .where(
      and(
        eq(adInsightRows.ad_account_id, accountId),
        where?.group_id ? eq(adInsightRows.group_id, where.group_id) : undefined,
        after
          ? or(
              gt(adInsightRows.ad_id, after.ad_id),
              and(eq(adInsightRows.ad_id, after.ad_id), gt(adInsightRows.day, after.day)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(adInsightRows.ad_id), asc(adInsightRows.day))
    .limit(limit)
}
export async function countRows(q: Queryable, accountId: number) {
  const [row] = await q
    .select({ n: count() })
    .from(adInsightRows)
    .where(eq(adInsightRows.ad_account_id, accountId))
  return row?.n ?? 0
}

export async function pageMetaAccounts(q: Queryable, page: number, limit: number) {
  const where = eq(adAccounts.platform, 'meta')
  const [rows, [total]] = await Promise.all([
    q
      .select({
        account: adAccounts,
        meta_user: metaConnections.name,
        // The connecting user's name (null once they are deleted: the connection keeps no user).
        username: sql<string | null>`${userFieldOf(metaConnections.user_id, 'username')}`,
        rows: sql<number>`(select count(*)::int from ${adInsightRows} where ${adInsightRows.ad_account_id} = ${adAccounts.id})`,
      })
      .from(adAccounts)
      .innerJoin(metaConnections, eq(metaConnections.id, adAccounts.meta_connection_id))
      .where(where)
      .orderBy(desc(adAccounts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    q.select({ n: count() }).from(adAccounts).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}
