import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { AlertStatus, SkipReason } from '@mouthpiece/contracts/donations/donations.schemas'
import type { Queryable } from '../../../platform/db/client'
import { alertEvents } from '../donations.table'
import type { AlertEventRow, StoredSpeech } from '../donations.table'

export type NewAlertEvent = typeof alertEvents.$inferInsert

/** The columns an ingested event sets; the rest keep their defaults. */
const INGEST_COLUMNS = [
  'user_id',
  'account_id',
  'forced_setup_id',
  'source',
  'kind',
  'external_id',
  'fingerprint',
  'who',
  'amount',
  'currency',
  'bits',
  'points',
  'count',
  'tier',
  'title',
  'message',
  'gift_recipient',
  'is_test',
  'external_status',
  'raw',
  'received_at',
  'status',
  'duplicate_of',
] as const satisfies ReadonlyArray<keyof NewAlertEvent>

/**
 * Inserts events, skipping any whose (user, source, external id) is stored already; answers the
 * ones written. The rows travel as one JSON parameter (jsonb_populate_recordset): a batch of
 * hundreds of events would otherwise be thousands of bind parameters, which costs far more than
 * the rows themselves on the embedded engine.
 */
export async function insertEvents(q: Queryable, rows: NewAlertEvent[]) {
  if (!rows.length) return []
  const cols = sql.raw(INGEST_COLUMNS.join(', '))
  const json = JSON.stringify(
    rows.map((r) =>
      Object.fromEntries(
        INGEST_COLUMNS.map((c) => [c, c === 'received_at' ? r.received_at?.toISOString() : (r[c] ?? null)]),
      ),
    ),
  )
  const res = await q.execute(sql`
    insert into ${alertEvents} (${cols})
    select ${cols} from jsonb_populate_recordset(null::alert_events, ${json}::jsonb)
    on conflict (user_id, source, external_id) do nothing
    returning id, user_id, source, external_id`)
  return (
    res as {
      rows: Array<{
        id: number | string
        user_id: number
        source: AlertEventRow['source']
        external_id: string
      }>
    }
  ).rows.map((r) => ({ ...r, id: Number(r.id) }))
}

type Print = { userId: number; fingerprint: string }

/** Earlier live events with these fingerprints since `since`, oldest first (the originals of relays). */
export async function findFingerprintTwins(q: Queryable, pairs: Print[], since: Date) {
  const json = JSON.stringify(pairs.map((p) => ({ u: p.userId, f: p.fingerprint })))
  const res = await q.execute(sql`
    select e.id, e.user_id, e.fingerprint, e.received_at
    from ${alertEvents} e
    join (select distinct (x->>'u')::int as u, x->>'f' as f from jsonb_array_elements(${json}::jsonb) x) p on e.user_id = p.u and e.fingerprint = p.f
    where e.received_at >= ${since.toISOString()}::timestamptz and e.status <> 'duplicate'
    order by e.id`)
  const rows = (
    res as {
      rows: Array<{ id: number | string; user_id: number; fingerprint: string; received_at: Date | string }>
    }
  ).rows
  return rows.map((r) => ({
    id: Number(r.id),
    user_id: Number(r.user_id),
    fingerprint: r.fingerprint,
    received_at: new Date(r.received_at),
  }))
}

/**
 * Serialises ingestion of each fingerprint for the rest of the transaction (in a fixed order, so
 * two batches cannot deadlock), so two relays of one event arriving together cannot both see "no
 * twin" and both be stored as originals.
 */
export async function lockFingerprints(q: Queryable, pairs: Print[]): Promise<void> {
  const keys = [
    ...new Set(
      pairs.map((p) =>
        BigInt.asIntN(64, BigInt(`0x${p.fingerprint.slice(0, 15)}`) ^ BigInt(p.userId)).toString(),
      ),
    ),
  ].sort()
  await q.execute(
    sql`select pg_advisory_xact_lock(k::bigint) from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k order by k::bigint`,
  )
}

export async function findEvent(q: Queryable, id: number): Promise<AlertEventRow | undefined> {
  const [row] = await q.select().from(alertEvents).where(eq(alertEvents.id, id)).limit(1)
  return row
}

/** What the creator's rules look at, for a batch of queued alerts (not the raw payloads: a flood reads thousands). */
export async function findRuleFacts(q: Queryable, ids: number[]) {
  if (!ids.length) return []
  return q
    .select({
      id: alertEvents.id,
      user_id: alertEvents.user_id,
      status: alertEvents.status,
      kind: alertEvents.kind,
      is_test: alertEvents.is_test,
      gift_recipient: alertEvents.gift_recipient,
      amount: alertEvents.amount,
      currency: alertEvents.currency,
      bits: alertEvents.bits,
      points: alertEvents.points,
      count: alertEvents.count,
      tier: alertEvents.tier,
      title: alertEvents.title,
    })
    .from(alertEvents)
    .where(and(inArray(alertEvents.id, ids), eq(alertEvents.status, 'queued')))
}
export type RuleFacts = Awaited<ReturnType<typeof findRuleFacts>>[number]

export async function findUserEvent(
  q: Queryable,
  userId: number,
  id: number,
): Promise<AlertEventRow | undefined> {
  const [row] = await q
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.id, id), eq(alertEvents.user_id, userId)))
    .limit(1)
  return row
}

export async function findBySourceId(
  q: Queryable,
  userId: number,
  source: AlertEventRow['source'],
  externalId: string,
) {
  const [row] = await q
    .select()
    .from(alertEvents)
    .where(
      and(
        eq(alertEvents.user_id, userId),
        eq(alertEvents.source, source),
        eq(alertEvents.external_id, externalId),
      ),
    )
    .limit(1)
  return row
}

export interface AlertOutcome {
  status: AlertStatus
  skip_reason?: SkipReason | null
  spoken_text?: string | null
  flagged?: boolean
  who?: string
  avatar_setup_id?: number | null
  audio_key?: string | null
  speech?: StoredSpeech | null
  error?: string | null
  emitted_at?: Date | null
  played_at?: Date | null
  external_status?: AlertEventRow['external_status']
}

/** Moves an alert on, only from one of the states it may leave; null = someone else moved it first. */
export async function transition(
  q: Queryable,
  id: number,
  from: readonly AlertStatus[],
  to: AlertOutcome,
): Promise<AlertEventRow | null> {
  const [row] = await q
    .update(alertEvents)
    .set({ ...to, updated_at: new Date() })
    .where(and(eq(alertEvents.id, id), inArray(alertEvents.status, [...from])))
    .returning()
  return row ?? null
}

/** The same move for many alerts at once (a muted creator's flood). */
export async function transitionMany(
  q: Queryable,
  ids: number[],
  from: readonly AlertStatus[],
  to: AlertOutcome,
): Promise<void> {
  if (!ids.length) return
  await q
    .update(alertEvents)
    .set({ ...to, updated_at: new Date() })
    .where(and(inArray(alertEvents.id, ids), inArray(alertEvents.status, [...from])))
}

export async function setExternalStatus(q: Queryable, id: number, status: AlertEventRow['external_status']) {
  await q
    .update(alertEvents)
    .set({ external_status: status, updated_at: new Date() })
    .where(eq(alertEvents.id, id))
}

export async function listEvents(
  q: Queryable,
  userId: number,
  opts: { limit: number; offset: number; accountId?: number },
) {
  const where = and(
    eq(alertEvents.user_id, userId),
    opts.accountId === undefined ? undefined : eq(alertEvents.account_id, opts.accountId),
  )
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(alertEvents)
      .where(where)
      .orderBy(desc(alertEvents.id))
      .limit(opts.limit)
      .offset(opts.offset),
    q.select({ n: count() }).from(alertEvents).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** Alerts handed to the overlay but not yet acknowledged, recent enough to still play. */
export async function pendingForOverlay(q: Queryable, userId: number, since: Date): Promise<AlertEventRow[]> {
  return q
    .select()
    .from(alertEvents)
    .where(
      and(
        eq(alertEvents.user_id, userId),
        eq(alertEvents.status, 'speaking'),
        gte(alertEvents.emitted_at, since),
      ),
    )
    .orderBy(alertEvents.emitted_at, alertEvents.id)
    .limit(50)
}

/** Played / skipped / failed alerts per UTC day. */
export async function usageByDay(q: Queryable, userId: number, since: Date) {
  const day = sql<string>`to_char(date_trunc('day', ${alertEvents.received_at} at time zone 'UTC'), 'YYYY-MM-DD')`
  return q
    .select({
      day,
      played: sql<number>`count(*) filter (where ${alertEvents.status} = 'played')::int`,
      skipped: sql<number>`count(*) filter (where ${alertEvents.status} = 'skipped')::int`,
      failed: sql<number>`count(*) filter (where ${alertEvents.status} = 'failed')::int`,
    })
    .from(alertEvents)
    .where(and(eq(alertEvents.user_id, userId), gte(alertEvents.received_at, since)))
    .groupBy(day)
    .orderBy(day)
}

/** Alerts played since `since` that count against the plan's monthly allowance: test alerts (and test bits, subs…) do not. */
export async function countPlayedSince(q: Queryable, userId: number, since: Date): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(alertEvents)
    .where(
      and(
        eq(alertEvents.user_id, userId),
        eq(alertEvents.status, 'played'),
        eq(alertEvents.is_test, false),
        gte(alertEvents.received_at, since),
      ),
    )
  return row?.n ?? 0
}

/** Spoken alerts' stored audio as rows (user_id, visitor_id, part, render_id, ref, seconds, at). */
export const alertAudioFilesSql = () => {
  const e = alertEvents
  return sql`
      select ${e.user_id}, null, 'alert audio', null, ${e.audio_key}, (${e.speech}->>'duration')::real, ${e.received_at}
      from ${e} where ${e.audio_key} is not null`
}
