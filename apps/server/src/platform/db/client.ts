import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import pg from 'pg'

export type Db = PgDatabase<PgQueryResultHKT>
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>
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
        exec: async (text) => {
          await pool.query(text)
        },
      },
      close: () => pool.end(),
    }
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true })
  // pg_trgm: the admin lists' substring searches use trigram indexes (migration 0016), as on PostgreSQL.
  const client = await PGlite.create(opts.pgliteDir, {
    extensions: { pg_trgm },
    ...(opts.pgliteLoad ? { loadDataDir: opts.pgliteLoad } : {}),
  })
  const db = drizzlePglite(client) as unknown as Db
  return {
    kind: 'pglite',
    pglite: client,
    db,
    raw: {
      query: async (text, values) => client.query(text, values) as never,
      exec: async (text) => {
        await client.exec(text)
      },
    },
    close: () => client.close(),
  }
}

/**
 * Applies pending drizzle-kit migrations (apps/server/drizzle). Safe to run on every start.
 * Answers false when the stamp proved there was nothing to apply, true when the database was asked.
 */
export async function migrateDatabase(database: Database, opts: { stamp?: string } = {}): Promise<boolean> {
  if (!fs.existsSync(path.join(migrationsFolder, 'meta/_journal.json'))) return true
  // `stamp`: a file beside the data that names the migrations applied last time. When they are
  // the same files now, there is nothing to apply and start-up skips asking the database.
  const want = opts.stamp ? migrationsDigest() : undefined
  if (opts.stamp && fs.existsSync(opts.stamp) && fs.readFileSync(opts.stamp, 'utf8') === want) return false
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder })
  else await migratePg(database.db as never, { migrationsFolder })
  if (opts.stamp && want) fs.writeFileSync(opts.stamp, want)
  return true
}

/** One hash over the journal and every migration file. */
function migrationsDigest(): string {
  const hash = createHash('sha256')
  const files = [
    'meta/_journal.json',
    ...fs
      .readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort(),
  ]
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(migrationsFolder, file)))
      .update('\0')
  return hash.digest('hex')
}

/**
 * The migration stamp of an embedded database: inside its own folder (PostgreSQL ignores files it
 * does not know there), so a deleted or replaced database never keeps an old stamp. PostgreSQL
 * servers get none: other processes and tools may change their schema.
 */
export const pgliteMigrationStamp = (pgliteDir: string) =>
  path.join(pgliteDir, 'mouthpiece-migrations.sha256')

/**
 * How many of this build's migrations the database has not applied yet (readiness: /api/ready).
 * drizzle records each applied migration with its journal time (`created_at` = the entry's `when`).
 */
export async function pendingMigrations(database: Database): Promise<number> {
  const journal = path.join(migrationsFolder, 'meta/_journal.json')
  if (!fs.existsSync(journal)) return 0
  const entries = (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: Array<{ when: number }> })
    .entries
  const { rows } = await database.raw
    .query<{ last: string | null }>('SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations')
    .catch(() => ({ rows: [{ last: null }] }))
  const last = Number(rows[0]?.last ?? 0)
  return entries.filter((e) => e.when > last).length
}
