import { sql } from 'drizzle-orm'
import type { JobInsert } from 'pg-boss'
import type { Queryable } from '../../platform/db/client'
import type { Queue } from '../../platform/queue/queue'

/**
 * Many pg-boss jobs in one statement, inside a drizzle transaction (Queue.send writes one job per
 * call, several statements each; a batch of alert events needs one insert for all of its jobs).
 * The SQL adapter mirrors the one in platform/queue/queue.ts; the queue must be in pg-boss's queue
 * cache already (see prepareAlertQueue), or pg-boss would look it up outside the transaction.
 */
export function txJobs(queue: Queue, tx: Queryable) {
  const db = {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks = text.split(/\$(\d+)/)
      let query = sql.raw(chunks[0] ?? '')
      for (let i = 1; i < chunks.length; i += 2) query = sql`${query}${sql.param(values[Number(chunks[i]) - 1])}${sql.raw(chunks[i + 1] ?? '')}`
      const res = (await tx.execute(query)) as { rows?: unknown[] }
      return { rows: res.rows ?? [] }
    },
  }
  return {
    insert: (name: string, jobs: JobInsert[]) => queue.boss.insert(name, jobs, { db }),
  }
}
