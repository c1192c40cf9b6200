import { inArray, lt, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { signInFailures } from './credentials.table'

export interface FailureCount {
  key: string
  failures: number
  /** Seconds since the last failure, by the database's clock (processes may drift). */
  since_last_s: number
}

/** The counts of `keys` whose window (of `windowMs`) is still open. */
export async function readFailures(db: Queryable, keys: string[], windowMs: number): Promise<FailureCount[]> {
  return db
    .select({
      key: signInFailures.key,
      failures: signInFailures.failures,
      since_last_s: sql<number>`extract(epoch from now() - ${signInFailures.last_failure_at})::float8`,
    })
    .from(signInFailures)
    .where(
      sql`${inArray(signInFailures.key, keys)} and ${signInFailures.window_start} > now() - ${windowMs}::double precision * interval '1 millisecond'`,
    )
}

/** Counts one failure on each key in one statement; a window that has ended restarts at 1. */
export async function recordFailure(db: Queryable, keys: string[], windowMs: number): Promise<void> {
  const ended = sql`${signInFailures.window_start} <= now() - ${windowMs}::double precision * interval '1 millisecond'`
  await db
    .insert(signInFailures)
    .values(keys.map((key) => ({ key, failures: 1, window_start: sql`now()`, last_failure_at: sql`now()` })))
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`CASE WHEN ${ended} THEN 1 ELSE ${signInFailures.failures} + 1 END`,
        window_start: sql`CASE WHEN ${ended} THEN now() ELSE ${signInFailures.window_start} END`,
        last_failure_at: sql`now()`,
      },
    })
}

export async function clearFailures(db: Queryable, keys: string[]): Promise<void> {
  await db.delete(signInFailures).where(inArray(signInFailures.key, keys))
}

/** Deletes counts whose window ended long ago. */
export async function deleteStaleFailures(db: Queryable, windowMs: number): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      lt(
        signInFailures.last_failure_at,
        sql`now() - ${windowMs}::double precision * interval '1 millisecond'`,
      ),
    )
}
