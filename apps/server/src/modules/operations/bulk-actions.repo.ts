import { and, desc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import { bulkActions } from './operations.table'
import type { BulkActionRow } from './operations.table'

export const MAX_REPORTED_ERRORS = 100

export async function insertBulkAction(
  db: Queryable,
  values: typeof bulkActions.$inferInsert,
): Promise<BulkActionRow> {
  const [row] = await db.insert(bulkActions).values(values).returning()
  return row!
}

export async function findBulkAction(db: Queryable, id: string): Promise<BulkActionRow | undefined> {
  const [row] = await db.select().from(bulkActions).where(eq(bulkActions.id, id)).limit(1)
  return row
}

export async function recentBulkActions(db: Queryable, limit = 20): Promise<BulkActionRow[]> {
  return db.select().from(bulkActions).orderBy(desc(bulkActions.created_at)).limit(limit)
}

export async function markRunning(db: Queryable, id: string) {
  await db
    .update(bulkActions)
    .set({ status: 'running' })
    .where(and(eq(bulkActions.id, id), eq(bulkActions.status, 'queued')))
}

/** Adds one batch's figures and moves the cursor past it. */
export async function addProgress(
  db: Queryable,
  id: string,
  batch: {
    processed: number
    changed: number
    skipped: number
    errors: Array<{ id: string; message: string }>
    cursor: string
  },
) {
  await db
    .update(bulkActions)
    .set({
      processed: sql`${bulkActions.processed} + ${batch.processed}`,
      changed: sql`${bulkActions.changed} + ${batch.changed}`,
      skipped: sql`${bulkActions.skipped} + ${batch.skipped}`,
      failed: sql`${bulkActions.failed} + ${batch.errors.length}`,
      // Keep the first failures: the report lists up to MAX_REPORTED_ERRORS, the count is exact.
      errors: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from (select e from jsonb_array_elements(${bulkActions.errors} || ${JSON.stringify(batch.errors)}::jsonb) e limit ${MAX_REPORTED_ERRORS}) x)`,
      cursor: batch.cursor,
    })
    .where(eq(bulkActions.id, id))
}

export async function finish(db: Queryable, id: string, status: 'completed' | 'failed') {
  await db.update(bulkActions).set({ status, finished_at: new Date() }).where(eq(bulkActions.id, id))
}
