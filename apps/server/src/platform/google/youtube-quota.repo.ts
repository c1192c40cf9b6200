import { eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { youtubeQuotaUsage, youtubeSearchUsage } from './google.table'
import { quotaDay } from './youtube-quota'

/** Adds `units` to today's YouTube quota use (Pacific day) and answers the new total. */
export async function spendYoutubeQuota(q: Queryable, units: number, day = quotaDay()): Promise<number> {
  const [row] = await q
    .insert(youtubeQuotaUsage)
    .values({ day, units })
    .onConflictDoUpdate({
      target: youtubeQuotaUsage.day,
      set: { units: sql`${youtubeQuotaUsage.units} + ${units}` },
    })
    .returning({ units: youtubeQuotaUsage.units })
  return row?.units ?? units
}

/** Units spent so far today. */
export async function youtubeQuotaUsed(q: Queryable, day = quotaDay()): Promise<number> {
  const [row] = await q
    .select({ units: youtubeQuotaUsage.units })
    .from(youtubeQuotaUsage)
    .where(eq(youtubeQuotaUsage.day, day))
  return row?.units ?? 0
}

/** Counts one search.list call in today's search bucket and answers the new total. */
export async function countYoutubeSearch(q: Queryable, day = quotaDay()): Promise<number> {
  const [row] = await q
    .insert(youtubeSearchUsage)
    .values({ day, calls: 1 })
    .onConflictDoUpdate({
      target: youtubeSearchUsage.day,
      set: { calls: sql`${youtubeSearchUsage.calls} + 1` },
    })
    .returning({ calls: youtubeSearchUsage.calls })
  return row?.calls ?? 1
}

export async function youtubeSearchesToday(q: Queryable, day = quotaDay()): Promise<number> {
  const [row] = await q
    .select({ calls: youtubeSearchUsage.calls })
    .from(youtubeSearchUsage)
    .where(eq(youtubeSearchUsage.day, day))
  return row?.calls ?? 0
}
