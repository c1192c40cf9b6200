import { and, eq, lt, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { mailCooldowns } from './mail-cooldown.table'

/**
 * Takes the slot for one mail of `kind` to `recipient` when the last one is older than `seconds`:
 * one atomic upsert, so of two processes racing only one wins. Answers the seconds left when taken
 * already (undefined when the mail may go). The database's clock decides.
 */
export async function claimMailSlot(
  q: Queryable,
  kind: string,
  recipient: string,
  seconds: number,
): Promise<number | undefined> {
  const [won] = await q
    .insert(mailCooldowns)
    .values({ kind, recipient, sent_at: sql`now()` })
    .onConflictDoUpdate({
      target: [mailCooldowns.kind, mailCooldowns.recipient],
      set: { sent_at: sql`now()` },
      setWhere: lt(mailCooldowns.sent_at, sql`now() - ${seconds}::double precision * interval '1 second'`),
    })
    .returning({ kind: mailCooldowns.kind })
  if (won) return undefined
  const [row] = await q
    .select({
      left: sql<number>`greatest(1, ceil(${seconds} - extract(epoch from now() - ${mailCooldowns.sent_at})))::int`,
    })
    .from(mailCooldowns)
    .where(and(eq(mailCooldowns.kind, kind), eq(mailCooldowns.recipient, recipient)))
  return row?.left ?? seconds
}

/** Gives the slot back when the mail did not go (the transport failed): a retry is not held back. */
export async function releaseMailSlot(q: Queryable, kind: string, recipient: string): Promise<void> {
  await q
    .delete(mailCooldowns)
    .where(and(eq(mailCooldowns.kind, kind), eq(mailCooldowns.recipient, recipient)))
}

/** Rows whose cooldown ended long ago. */
export async function sweepMailSlots(q: Queryable, olderThanSeconds: number): Promise<void> {
  await q
    .delete(mailCooldowns)
    .where(
      lt(mailCooldowns.sent_at, sql`now() - ${olderThanSeconds}::double precision * interval '1 second'`),
    )
}
