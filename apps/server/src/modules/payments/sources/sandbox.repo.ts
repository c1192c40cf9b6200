import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { sandboxObjects } from '../payments.table'

/** The sandbox provider's stored objects (Stripe-shaped JSON, one row each by id and kind). */

/** One object's data by id and kind (`lock`: for update, in the caller's transaction). */
export async function findObject(q: Queryable, id: string, kind: string, lock = false) {
  const query = q
    .select({ data: sandboxObjects.data })
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.kind, kind)))
  const [row] = lock ? await query.for('update') : await query
  return row?.data
}

/** One object's data by id alone, locked for update (idempotency keys). */
export async function lockObjectById(q: Queryable, id: string) {
  const [row] = await q
    .select({ data: sandboxObjects.data })
    .from(sandboxObjects)
    .where(eq(sandboxObjects.id, id))
    .for('update')
  return row?.data
}

export async function putObject(q: Queryable, id: string, kind: string, data: Record<string, unknown>) {
  await q
    .insert(sandboxObjects)
    .values({ id, kind, data })
    .onConflictDoUpdate({ target: sandboxObjects.id, set: { data, updated_at: sql`now()` } })
}

/** Subscriptions a clock tick may move on (active, past due or incomplete). */
export const liveSubscriptions = (q: Queryable) =>
  q
    .select({ data: sandboxObjects.data })
    .from(sandboxObjects)
    .where(
      and(
        eq(sandboxObjects.kind, 'subscription'),
        inArray(sql`${sandboxObjects.data}->>'status'`, ['active', 'past_due', 'incomplete']),
      ),
    )

/** Events not delivered yet, oldest first. */
export const undeliveredEvents = (q: Queryable) =>
  q
    .select({ data: sandboxObjects.data })
    .from(sandboxObjects)
    .where(
      and(eq(sandboxObjects.kind, 'event'), sql`(${sandboxObjects.data}->>'delivered')::boolean = false`),
    )
    .orderBy(sandboxObjects.created_at)

export async function markEventDelivered(q: Queryable, eventId: string) {
  await q
    .update(sandboxObjects)
    .set({ data: sql`jsonb_set(${sandboxObjects.data}, '{delivered}', 'true')`, updated_at: sql`now()` })
    .where(and(eq(sandboxObjects.id, eventId), eq(sandboxObjects.kind, 'event')))
}
