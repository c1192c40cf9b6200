import { count, desc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import { earlyRegisters } from './early-registers.table'
import type { EarlyRegisterRow } from './early-registers.table'

export type NewEarlyRegister = Pick<
  EarlyRegisterRow,
  'uuid' | 'email' | 'role' | 'surveys' | 'channels' | 'wants_tts'
>

/**
 * One row per email: a second sign-up with the same email replaces the answers (and keeps the
 * first uuid and sign-up time). `inserted` says which happened; xmax is 0 only for a fresh row.
 */
export async function upsert(
  db: Queryable,
  row: NewEarlyRegister,
): Promise<{ id: number; inserted: boolean }> {
  const [result] = await db
    .insert(earlyRegisters)
    .values(row)
    .onConflictDoUpdate({
      target: earlyRegisters.email,
      set: {
        role: row.role,
        surveys: row.surveys,
        channels: row.channels,
        wants_tts: row.wants_tts,
        updated_at: sql`now()`,
      },
    })
    .returning({ id: earlyRegisters.id, inserted: sql<boolean>`(xmax = 0)` })
  return result!
}

const newestFirst = [desc(earlyRegisters.created_at), desc(earlyRegisters.id)]

export async function listPage(db: Queryable, opts: { ttsOnly: boolean; page: number; perPage: number }) {
  const where = opts.ttsOnly ? eq(earlyRegisters.wants_tts, true) : undefined
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(earlyRegisters)
      .where(where)
      .orderBy(...newestFirst)
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    db.select({ n: count() }).from(earlyRegisters).where(where),
  ])
  return { list, total: total?.n ?? 0 }
}

/** Everything, oldest first, for a CSV export. */
export async function listAll(db: Queryable, opts: { ttsOnly: boolean }): Promise<EarlyRegisterRow[]> {
  const where = opts.ttsOnly ? eq(earlyRegisters.wants_tts, true) : undefined
  return db.select().from(earlyRegisters).where(where).orderBy(earlyRegisters.created_at, earlyRegisters.id)
}

export async function findByEmail(db: Queryable, email: string): Promise<EarlyRegisterRow | undefined> {
  const [row] = await db.select().from(earlyRegisters).where(eq(earlyRegisters.email, email))
  return row
}
