import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { directTips } from '../donations.table'
import type { DirectTipRow } from '../donations.table'

export type NewDirectTip = typeof directTips.$inferInsert

/** How long a request may charge an attempt before a retry may take it over (the provider call times out sooner). */
const LEASE = sql.raw(`interval '90 seconds'`)

/** The tip of this idempotency key: inserted now, or the one an earlier request inserted. */
export async function insertOrFind(q: Queryable, row: NewDirectTip): Promise<DirectTipRow> {
  await q.insert(directTips).values(row).onConflictDoNothing({ target: directTips.idempotency_key })
  const [found] = await q
    .select()
    .from(directTips)
    .where(eq(directTips.idempotency_key, row.idempotency_key))
    .limit(1)
  return found!
}

export async function findTip(q: Queryable, id: number, lock = false): Promise<DirectTipRow | undefined> {
  const query = q.select().from(directTips).where(eq(directTips.id, id)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row
}

/**
 * Takes the right to charge the tip's current attempt: only one request at a time calls the
 * provider for it. A lease left by a request that died runs out, and a retry takes over (with the
 * same provider idempotency key, so a charge that did happen is answered again, not repeated).
 */
export async function claimAttempt(
  q: Queryable,
  id: number,
  attempt: number,
): Promise<DirectTipRow | undefined> {
  const [row] = await q
    .update(directTips)
    .set({ lease_until: sql`now() + ${LEASE}`, updated_at: sql`now()` })
    .where(
      and(
        eq(directTips.id, id),
        eq(directTips.attempt, attempt),
        eq(directTips.status, 'pending'),
        or(isNull(directTips.lease_until), lt(directTips.lease_until, sql`now()`)),
      ),
    )
    .returning()
  return row
}

/** What a retry after a decline may change: nothing was charged, so the amount and words too. */
export type AttemptDetails = Pick<DirectTipRow, 'token_id' | 'amount_cents' | 'who' | 'message' | 'channel'>

/** A declined tip retried with another card: the next attempt, with its own provider key. */
export async function nextAttempt(
  q: Queryable,
  id: number,
  fromAttempt: number,
  details: AttemptDetails,
): Promise<DirectTipRow | undefined> {
  const [row] = await q
    .update(directTips)
    .set({
      ...details,
      status: 'pending',
      attempt: fromAttempt + 1,
      payment_id: null,
      failure_code: null,
      failure_message: null,
      lease_until: null,
      updated_at: sql`now()`,
    })
    .where(and(eq(directTips.id, id), eq(directTips.attempt, fromAttempt), eq(directTips.status, 'failed')))
    .returning()
  return row
}

/** The attempt's charge was refused; nothing else changes (a later attempt is left alone). */
export async function markFailed(
  q: Queryable,
  id: number,
  attempt: number,
  failure: { code: string; message: string },
): Promise<void> {
  await q
    .update(directTips)
    .set({
      status: 'failed',
      failure_code: failure.code,
      failure_message: failure.message,
      lease_until: null,
      updated_at: sql`now()`,
    })
    .where(and(eq(directTips.id, id), eq(directTips.attempt, attempt), eq(directTips.status, 'pending')))
}

/**
 * The card's bank wants the payer to confirm (3-D Secure): the attempt stays pending with its
 * payment remembered, and the page's next request (after the confirmation) reads that payment
 * instead of charging again.
 */
export async function awaitConfirmation(
  q: Queryable,
  id: number,
  attempt: number,
  paymentId: string,
): Promise<void> {
  await q
    .update(directTips)
    .set({ payment_id: paymentId, lease_until: null, updated_at: sql`now()` })
    .where(and(eq(directTips.id, id), eq(directTips.attempt, attempt), eq(directTips.status, 'pending')))
}

/** The provider did not answer: the attempt stays pending and a retry may call again at once. */
export async function releaseAttempt(q: Queryable, id: number, attempt: number): Promise<void> {
  await q
    .update(directTips)
    .set({ lease_until: null, updated_at: sql`now()` })
    .where(and(eq(directTips.id, id), eq(directTips.attempt, attempt), eq(directTips.status, 'pending')))
}

export async function markPaid(
  q: Queryable,
  id: number,
  paid: { paymentId: string; alertEventId: number | null },
): Promise<void> {
  await q
    .update(directTips)
    .set({
      status: 'paid',
      payment_id: paid.paymentId,
      alert_event_id: paid.alertEventId,
      paid_at: sql`now()`,
      failure_code: null,
      failure_message: null,
      lease_until: null,
      updated_at: sql`now()`,
    })
    .where(eq(directTips.id, id))
}
