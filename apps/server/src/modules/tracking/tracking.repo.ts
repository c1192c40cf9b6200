import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { TrackingCategory } from '@mouthpiece/contracts/tracking/tracking.schemas'
import type { Queryable } from '../../platform/db/client'
import { trackingEvents as t } from './tracking.table'

export interface NewTrackingEvent {
  category: TrackingCategory
  event: number
  user_id: number | null
  anonymous_id: string | null
  data: Record<string, unknown>
}

export async function insertEvent(db: Queryable, row: NewTrackingEvent): Promise<void> {
  await db.insert(t).values(row)
}

/** A customer is the user when there is one, else the browser's anonymous id. */
export type CustomerKey = { kind: 'user'; userId: number } | { kind: 'anonymous'; anonymousId: string }

const customerOf = sql<string>`coalesce(${t.user_id}::text, ${t.anonymous_id})`
const iso = (col: SQL) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

function customerWhere(key: CustomerKey): SQL {
  return key.kind === 'user'
    ? eq(t.user_id, key.userId)
    : and(isNull(t.user_id), eq(t.anonymous_id, key.anonymousId))!
}

export interface SummaryRow {
  customer: string
  user_id: number | null
  total: number
  counts: Record<string, number>
  first_at: string
  last_at: string
}

export type SummarySort = { by: 'recent' } | { by: 'total' } | { by: 'event'; event: number }

/**
 * Per-customer counts of each event of one set, in one pass: count per (customer, event) first,
 * then fold each customer's events into a code → count object.
 */
export async function summaries(
  db: Queryable,
  opts: {
    category: TrackingCategory
    customer?: CustomerKey
    sort?: SummarySort
    limit?: number
    offset?: number
  },
): Promise<SummaryRow[]> {
  const perEvent = db.$with('per_event').as(
    db
      .select({
        customer: customerOf.as('customer'),
        user_id: sql<number | null>`max(${t.user_id})`.as('user_id'),
        event: t.event,
        n: sql<number>`count(*)::int`.as('n'),
        first_at: sql<Date>`min(${t.created_at})`.as('first_at'),
        last_at: sql<Date>`max(${t.created_at})`.as('last_at'),
      })
      .from(t)
      .where(and(eq(t.category, opts.category), opts.customer ? customerWhere(opts.customer) : undefined))
      .groupBy(customerOf, t.event),
  )
  const total = sql<number>`sum(${perEvent.n})::int`
  const lastAt = sql`max(${perEvent.last_at})`
  const sort = opts.sort ?? { by: 'recent' }
  const order =
    sort.by === 'total'
      ? [desc(total), desc(lastAt)]
      : sort.by === 'event'
        ? [
            desc(sql`coalesce(sum(${perEvent.n}) filter (where ${perEvent.event} = ${sort.event}), 0)`),
            desc(lastAt),
          ]
        : [desc(lastAt)]
  let query = db
    .with(perEvent)
    .select({
      customer: perEvent.customer,
      user_id: sql<number | null>`max(${perEvent.user_id})`,
      total,
      counts: sql<Record<string, number>>`jsonb_object_agg(${perEvent.event}::text, ${perEvent.n})`,
      first_at: iso(sql`min(${perEvent.first_at})`),
      last_at: iso(lastAt),
    })
    .from(perEvent)
    .groupBy(perEvent.customer)
    .orderBy(...order, perEvent.customer)
    .$dynamic()
  if (opts.limit !== undefined) query = query.limit(opts.limit)
  if (opts.offset !== undefined) query = query.offset(opts.offset)
  const rows = await query
  return rows.map((r) => ({ ...r, user_id: r.user_id === null ? null : Number(r.user_id) }))
}

export async function countCustomers(db: Queryable, category: TrackingCategory): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${customerOf})::int` })
    .from(t)
    .where(eq(t.category, category))
  return row?.n ?? 0
}

export async function eventsPage(
  db: Queryable,
  category: TrackingCategory,
  customer: CustomerKey,
  limit: number,
  offset: number,
) {
  const where = and(eq(t.category, category), customerWhere(customer))
  const [list, [total]] = await Promise.all([
    db
      .select({ id: t.id, category: t.category, event: t.event, data: t.data, created_at: t.created_at })
      .from(t)
      .where(where)
      .orderBy(desc(t.created_at), desc(t.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ])
  return { list, total: total?.n ?? 0 }
}

export async function totalsByEvent(db: Queryable) {
  return db
    .select({ category: t.category, event: t.event, total: count() })
    .from(t)
    .groupBy(t.category, t.event)
}

/** One user's events counted per (category, event), with the first and last time (the user_idx index). */
export async function countsForUser(db: Queryable, userId: number) {
  return db
    .select({
      category: t.category,
      event: t.event,
      n: sql<number>`count(*)::int`,
      first_at: iso(sql`min(${t.created_at})`),
      last_at: iso(sql`max(${t.created_at})`),
    })
    .from(t)
    .where(eq(t.user_id, userId))
    .groupBy(t.category, t.event)
}

/** One user's events of a set per UTC day since `from`. */
export async function dailyCountsForUser(
  db: Queryable,
  userId: number,
  category: TrackingCategory,
  from: Date,
) {
  const day = sql<string>`to_char(${t.created_at} at time zone 'UTC', 'YYYY-MM-DD')`
  return db
    .select({ day, event: t.event, n: sql<number>`count(*)::int` })
    .from(t)
    .where(
      and(eq(t.category, category), eq(t.user_id, userId), sql`${t.created_at} >= ${from.toISOString()}`),
    )
    .groupBy(day, t.event)
}
