import { and, count, desc, eq } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { adScrapeTasks } from './scraper.table'
import type { AdScrapeTaskRow } from './scraper.table'

export async function insertTask(
  db: Queryable,
  row: typeof adScrapeTasks.$inferInsert,
): Promise<AdScrapeTaskRow> {
  const [created] = await db.insert(adScrapeTasks).values(row).returning()
  return created!
}

export async function findTask(
  db: Queryable,
  id: string,
  userId?: number,
): Promise<AdScrapeTaskRow | undefined> {
  const [row] = await db
    .select()
    .from(adScrapeTasks)
    .where(
      and(eq(adScrapeTasks.id, id), userId === undefined ? undefined : eq(adScrapeTasks.user_id, userId)),
    )
  return row
}

export async function updateTask(
  db: Queryable,
  id: string,
  patch: Partial<typeof adScrapeTasks.$inferInsert>,
): Promise<AdScrapeTaskRow | undefined> {
  const [row] = await db
    .update(adScrapeTasks)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(adScrapeTasks.id, id))
    .returning()
  return row
}

export async function listTasks(db: Queryable, limit: number, offset: number, userId?: number) {
  const where = userId === undefined ? undefined : eq(adScrapeTasks.user_id, userId)
  const rows = await db
    .select()
    .from(adScrapeTasks)
    .where(where)
    .orderBy(desc(adScrapeTasks.created_at))
    .limit(limit)
    .offset(offset)
  const [c] = await db.select({ n: count() }).from(adScrapeTasks).where(where)
  return { rows, total: c?.n ?? 0 }
}
