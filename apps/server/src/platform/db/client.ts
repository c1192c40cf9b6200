import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import pg from 'pg'

export type Db = PgDatabase<PgQueryResultHKT>
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, ExtractTablesWithRelations<Record<string, never>>>
/** Anything that runs queries: the database or a transaction inside it. */
export type Queryable = Db | Tx

/** Raw SQL access that pg-boss and tests need, the same for both engines. */
export interface RawSql {
  /** One statement with $n parameters. */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>
  /** Several statements, no parameters. */
  exec(text: string): Promise<void>
}

export interface Database {
  kind: 'pglite' | 'postgres'
  db: Db
  raw: RawSql
  /** The embedded engine itself, when kind is pglite (tests dump it as a template). */
  pglite?: PGlite
  close(): Promise<void>
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle')

export interface OpenOptions {
  databaseUrl?: string
  /** PGlite data directory; undefined = in memory. */
  pgliteDir?: string
  /** A dumped PGlite data dir to start from (tests clone a migrated template). */
  pgliteLoad?: Blob
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => console.error('[db] idle connection error:', err.message))
    const db = drizzlePg(pool) as unknown as Db
    return {
      kind: 'postgres',
      db,
      raw: {
        query: async (text, values) => pool.query(text, values) as never,
        exec: async (text) => { await pool.query(text) },
      },
      close: () => pool.end(),
    }
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true })
  const client = await PGlite.create(opts.pgliteDir, opts.pgliteLoad ? { loadDataDir: opts.pgliteLoad } : {})
  const db = drizzlePglite(client) as unknown as Db
  return {
    kind: 'pglite',
    pglite: client,
    db,
    raw: {
      query: async (text, values) => client.query(text, values) as never,
      exec: async (text) => { await client.exec(text) },
    },
    close: () => client.close(),
  }
}

/** Applies pending drizzle-kit migrations (apps/server/drizzle). Safe to run on every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (!fs.existsSync(path.join(migrationsFolder, 'meta/_journal.json'))) return
  if (database.kind === 'pglite')
    await migratePglite(database.db as never, { migrationsFolder })
  else await migratePg(database.db as never, { migrationsFolder })
}
