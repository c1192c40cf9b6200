import { sql } from 'drizzle-orm'
import type { Queryable } from './client'

/** `pg_notify(channel, payload)` through `q`: inside a transaction it is delivered at commit. */
export async function notify(q: Queryable, channel: string, payload: string): Promise<void> {
  await q.execute(sql`select pg_notify(${channel}, ${payload})`)
}
