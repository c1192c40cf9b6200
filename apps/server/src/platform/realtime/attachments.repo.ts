import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { Queryable } from '../db/client'

/**
 * The table @socket.io/postgres-adapter keeps NOTIFY payloads too big for a NOTIFY in (its
 * documented schema): the adapter reads it on PostgreSQL, wire.ts writes and reads it as well.
 */
const ATTACHMENTS_TABLE = 'socket_io_attachments'

/** Rows of a raw statement; both drivers answer `{ rows }`. */
async function rowsOf<T>(q: Queryable, query: SQL): Promise<T[]> {
  const res: unknown = await q.execute(query)
  return (res as { rows: T[] }).rows
}

/** Stores a payload; answers its id. */
export async function insertAttachment(q: Queryable, bytes: Buffer): Promise<string | number | undefined> {
  // clock_timestamp, not now(): the sweeper ages rows from when they were written, not from when a
  // long transaction began.
  const [row] = await rowsOf<{ id: string | number }>(
    q,
    sql`insert into ${sql.identifier(ATTACHMENTS_TABLE)} (payload, created_at) values (${bytes}, clock_timestamp()) returning id`,
  )
  return row?.id
}

export async function findAttachment(q: Queryable, id: string): Promise<Uint8Array | undefined> {
  const [row] = await rowsOf<{ payload: Uint8Array }>(
    q,
    sql`select payload from ${sql.identifier(ATTACHMENTS_TABLE)} where id = ${id}`,
  )
  return row?.payload
}

/** Deletes attachments older than 30 s (on PGlite nobody else does; the adapter sweeps on PostgreSQL). */
export async function sweepAttachments(q: Queryable): Promise<void> {
  await q.execute(sql`delete from socket_io_attachments where created_at < now() - interval '30 seconds'`)
}

/** The adapter's attachments table; created once, tolerant of a racing peer. */
export async function ensureAttachmentsTable(q: Queryable): Promise<void> {
  try {
    await q.execute(
      sql.raw(`
      create table if not exists ${ATTACHMENTS_TABLE} (
        id bigserial unique,
        created_at timestamptz default now(),
        payload bytea
      )`),
    )
  } catch (err) {
    // Two processes starting together may both try; the loser sees a duplicate error.
    const code = (err as { code?: string }).code
    if (code !== '23505' && code !== '42P07') throw err
  }
}
