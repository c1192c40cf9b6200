import { lt, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { rateLimitHits } from './rate-limit.table'

/**
 * Counts one hit with a single atomic upsert: a window that has ended restarts at 1, otherwise
 * the count goes up. The database's clock decides, so processes with drifting clocks agree.
 */
export async function countHit(db: Queryable, key: string, timeWindow: number) {
  const [row] = await db
    .insert(rateLimitHits)
    .values({
      key,
      count: 1,
      reset_at: sql`now() + ${timeWindow}::double precision * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`CASE WHEN ${rateLimitHits.reset_at} <= now() THEN 1 ELSE ${rateLimitHits.count} + 1 END`,
        reset_at: sql`CASE WHEN ${rateLimitHits.reset_at} <= now() THEN excluded.reset_at ELSE ${rateLimitHits.reset_at} END`,
      },
    })
    .returning({
      current: rateLimitHits.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.reset_at} - now()) * 1000))::int`,
    })
  return row!
}

/** Deletes the windows that have ended. */
export async function deleteEndedWindows(db: Queryable): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.reset_at, sql`now()`))
}
