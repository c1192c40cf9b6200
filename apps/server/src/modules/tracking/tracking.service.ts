import {
  ANONYMOUS_ID_REQUIRED_MESSAGE,
  TRACKING_EVENTS,
  UNKNOWN_EVENT_MESSAGE,
  eventsOf,
  isKnownEvent,
} from '@mouthpiece/contracts/tracking/tracking.schemas'
import type {
  CustomerSummary,
  TrackedEvent,
  TrackingCategory,
} from '@mouthpiece/contracts/tracking/tracking.schemas'
import type { TrackingDeps } from './tracking.deps'
import { AppError, notFound } from '../../platform/http/errors'
import { csvFileName, toCsv } from '../../platform/http/csv'
import { userNamesByIds } from '../users'
import * as repo from './tracking.repo'
import type { CustomerKey, SummaryRow, SummarySort } from './tracking.repo'

export const CUSTOMERS_PER_PAGE = 20
export const EVENTS_PER_PAGE = 25

/**
 * Records one SPEC §9 event for a signed-in user, or for an anonymous browser id. Other modules
 * call this directly for events the server sees itself (e.g. userLogin on sign-in).
 */
export async function recordEvent(
  deps: TrackingDeps,
  input: {
    category: TrackingCategory
    event: number
    data?: Record<string, unknown>
    userId?: number
    anonymousId?: string
  },
): Promise<void> {
  if (!isKnownEvent(input.category, input.event))
    throw new AppError('validation', UNKNOWN_EVENT_MESSAGE, 400, { event: [UNKNOWN_EVENT_MESSAGE] })
  if (input.userId === undefined && !input.anonymousId)
    throw new AppError('validation', ANONYMOUS_ID_REQUIRED_MESSAGE, 400, {
      anonymous_id: [ANONYMOUS_ID_REQUIRED_MESSAGE],
    })
  await repo.insertEvent(deps.db, {
    category: input.category,
    event: input.event,
    user_id: input.userId ?? null,
    // Kept beside the user id: it links what the visitor did before signing in.
    anonymous_id: input.anonymousId ?? null,
    data: input.data ?? {},
  })
}

/** A customer id from the admin screens: digits are a user id, a UUID an anonymous browser. */
export function parseCustomer(id: string): CustomerKey {
  return /^\d+$/.test(id)
    ? { kind: 'user', userId: Number(id) }
    : { kind: 'anonymous', anonymousId: id.toLowerCase() }
}

export function parseSort(sort: string): SummarySort {
  if (sort === 'total') return { by: 'total' }
  const event = /^event:(\d+)$/.exec(sort)?.[1]
  return event ? { by: 'event', event: Number(event) } : { by: 'recent' }
}

async function present(deps: TrackingDeps, rows: SummaryRow[]): Promise<CustomerSummary[]> {
  const ids = [...new Set(rows.map((r) => r.user_id).filter((id): id is number => id !== null))]
  const people = await userNamesByIds(deps.db, ids)
  const person = (id: number) => {
    const p = people.get(id)
    return p ? { id, username: p.username, email: p.email } : null
  }
  return rows.map((r) => ({
    id: r.customer,
    kind: r.user_id === null ? 'anonymous' : 'user',
    user: r.user_id === null ? null : person(r.user_id),
    counts: r.counts,
    total: r.total,
    first_at: r.first_at,
    last_at: r.last_at,
  }))
}

export async function summaryPage(
  deps: TrackingDeps,
  category: TrackingCategory,
  page: number,
  sort: string,
) {
  const [rows, total] = await Promise.all([
    repo.summaries(deps.db, {
      category,
      sort: parseSort(sort),
      limit: CUSTOMERS_PER_PAGE,
      offset: (page - 1) * CUSTOMERS_PER_PAGE,
    }),
    repo.countCustomers(deps.db, category),
  ])
  return {
    list: await present(deps, rows),
    total,
    lastPage: Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE)),
  }
}

export async function customerDetail(
  deps: TrackingDeps,
  category: TrackingCategory,
  id: string,
  page: number,
) {
  const key = parseCustomer(id)
  const [row] = await repo.summaries(deps.db, { category, customer: key })
  if (!row) throw notFound('Customer')
  const [customer] = await present(deps, [row])
  const { list, total } = await repo.eventsPage(
    deps.db,
    category,
    key,
    EVENTS_PER_PAGE,
    (page - 1) * EVENTS_PER_PAGE,
  )
  const events: TrackedEvent[] = list.map((e) => ({
    id: e.id,
    category: e.category === 'payment' ? 'payment' : 'usage',
    event: e.event,
    data: e.data,
    created_at: e.created_at.toISOString(),
  }))
  return {
    customer: customer!,
    events: { list: events, total, lastPage: Math.max(1, Math.ceil(total / EVENTS_PER_PAGE)) },
  }
}

export async function analysisEvents(deps: TrackingDeps) {
  const totals = await repo.totalsByEvent(deps.db)
  return {
    events: TRACKING_EVENTS.map((e) => ({
      ...e,
      total: totals.find((x) => x.category === e.category && x.event === e.code)?.total ?? 0,
    })),
  }
}

/** Every customer of one set with a column per event, for the admin's blob export. */
export async function exportCsv(deps: TrackingDeps, category: TrackingCategory, now = new Date()) {
  const events = eventsOf(category)
  const list = await present(deps, await repo.summaries(deps.db, { category, sort: { by: 'recent' } }))
  const csv = toCsv(
    [
      'Customer',
      'Type',
      'Username',
      'Email',
      ...events.map((e) => `${e.label} (${e.code})`),
      'Total',
      'First event',
      'Last event',
    ],
    list.map((c) => [
      c.id,
      c.kind,
      c.user?.username,
      c.user?.email,
      ...events.map((e) => c.counts[String(e.code)] ?? 0),
      c.total,
      c.first_at,
      c.last_at,
    ]),
  )
  return { csv, fileName: csvFileName(category === 'usage' ? 'usage-data' : 'customer-tracking', now) }
}

/** SPEC §7 "tracking-info": every known event with my count (0 for those never recorded). */
export async function trackingInfoFor(deps: TrackingDeps, userId: number) {
  const rows = await repo.countsForUser(deps.db, userId)
  const found = new Map(rows.map((r) => [`${r.category}:${r.event}`, r]))
  const events = TRACKING_EVENTS.map((e) => {
    const r = found.get(`${e.category}:${e.code}`)
    return { ...e, count: r?.n ?? 0, last_at: r?.last_at ?? null }
  })
  const firsts = rows.map((r) => r.first_at).sort()
  const lasts = rows.map((r) => r.last_at).sort()
  return {
    events,
    total: rows.reduce((n, r) => n + r.n, 0),
    first_at: firsts[0] ?? null,
    last_at: lasts.at(-1) ?? null,
  }
}

const DAY_MS = 86_400_000

/** SPEC §7 "user analysis data": my events per UTC day, every day of the range present (zeros too). */
export async function analysisDataFor(
  deps: TrackingDeps,
  userId: number,
  q: { days: number; category: TrackingCategory },
  now = new Date(),
) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const from = new Date(today - (q.days - 1) * DAY_MS)
  const rows = await repo.dailyCountsForUser(deps.db, userId, q.category, from)
  const days = Array.from(
    { length: q.days },
    (_, i): { date: string; counts: Record<string, number>; total: number } => ({
      date: new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10),
      counts: {},
      total: 0,
    }),
  )
  const byDate = new Map(days.map((d) => [d.date, d]))
  const totals: Record<string, number> = {}
  for (const r of rows) {
    const d = byDate.get(r.day)
    if (!d) continue
    d.counts[r.event] = (d.counts[r.event] ?? 0) + r.n
    d.total += r.n
    totals[r.event] = (totals[r.event] ?? 0) + r.n
  }
  return { category: q.category, from: days[0]!.date, to: days.at(-1)!.date, days, totals }
}
