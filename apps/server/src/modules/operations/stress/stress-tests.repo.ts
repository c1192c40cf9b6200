import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import type { ListSpec } from '../../../platform/db/list-query'
import { stressTests } from '../operations.table'
import type { StressTestRow } from '../operations.table'
import type { StressFigures } from './stress-figures'

/** The results list: every column, newest first. */
export const stressTestsListSpec: ListSpec<ReturnType<typeof getTableColumns<typeof stressTests>>> = {
  table: stressTests,
  fields: getTableColumns(stressTests),
  id: stressTests.id,
  sortable: { created_at: stressTests.created_at },
  defaultSort: 'created_at',
}

export async function insertStressTest(
  db: Queryable,
  values: typeof stressTests.$inferInsert,
): Promise<StressTestRow> {
  const [row] = await db.insert(stressTests).values(values).returning()
  return row!
}

export async function findStressTest(db: Queryable, id: string): Promise<StressTestRow | undefined> {
  const [row] = await db.select().from(stressTests).where(eq(stressTests.id, id)).limit(1)
  return row
}

/** A run still queued or running, if any: one at a time, so tests never add up against users. */
export async function activeStressTest(db: Queryable): Promise<StressTestRow | undefined> {
  const [row] = await db
    .select()
    .from(stressTests)
    .where(inArray(stressTests.status, ['queued', 'running']))
    .limit(1)
  return row
}

/** Queued → running; undefined when the run is no longer queued (stopped before it began). */
export async function markRunning(db: Queryable, id: string): Promise<StressTestRow | undefined> {
  const [row] = await db
    .update(stressTests)
    .set({ status: 'running', started_at: sql`now()` })
    .where(and(eq(stressTests.id, id), eq(stressTests.status, 'queued')))
    .returning()
  return row
}

/** Asks a queued or running test to stop; a queued one stops at once (its job then finds nothing to do). */
export async function requestStop(db: Queryable, id: string): Promise<StressTestRow | undefined> {
  const [row] = await db
    .update(stressTests)
    .set({
      stop_requested: true,
      status: sql`case when ${stressTests.status} = 'queued' then 'stopped' else ${stressTests.status} end`,
      finished_at: sql`case when ${stressTests.status} = 'queued' then now() else ${stressTests.finished_at} end`,
    })
    .where(and(eq(stressTests.id, id), inArray(stressTests.status, ['queued', 'running'])))
    .returning()
  return row
}

/**
 * Writes the figures so far of a running test and returns it (with `stop_requested`, the admin's
 * Stop); undefined when it is no longer running, so a late write never overwrites a finished run.
 */
export async function saveProgress(
  db: Queryable,
  id: string,
  figures: StressFigures,
): Promise<StressTestRow | undefined> {
  const [row] = await db
    .update(stressTests)
    .set(figures)
    .where(and(eq(stressTests.id, id), eq(stressTests.status, 'running')))
    .returning()
  return row
}

export async function finish(
  db: Queryable,
  id: string,
  status: 'completed' | 'stopped' | 'failed',
  figures?: StressFigures,
): Promise<StressTestRow | undefined> {
  const [row] = await db
    .update(stressTests)
    .set({ ...figures, status, finished_at: sql`now()` })
    .where(eq(stressTests.id, id))
    .returning()
  return row
}
