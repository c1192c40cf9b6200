import { sql } from 'drizzle-orm'
import type { Queryable } from './client'

/**
 * Runs SQL text with pg-style `$n` placeholders on a drizzle database or transaction (pg-boss hands
 * its statements this way, platform/queue/queue.ts), so it commits or rolls back with the caller.
 */
export async function executeText(q: Queryable, text: string, values: unknown[] = []) {
  const chunks: string[] = text.split(/\$(\d+)/)
  let query = sql.raw(chunks[0] ?? '')
  for (let i = 1; i < chunks.length; i += 2) {
    // sql.param keeps an array one parameter (a bare array would be spread into a list).
    query = sql`${query}${sql.param(values[Number(chunks[i]) - 1])}${sql.raw(chunks[i + 1] ?? '')}`
  }
  // node-postgres answers { rows }, PGlite's drizzle driver answers { rows } too; both typed loosely.
  const res = (await q.execute(query)) as { rows?: unknown[] }
  return { rows: res.rows ?? [] }
}
