import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { loadConfig } from '../src/platform/config'
import { openDatabase } from '../src/platform/db/client'
import type { Database } from '../src/platform/db/client'
import { startQueue } from '../src/platform/queue/queue'
import { startRealtime } from '../src/platform/realtime/realtime'
import { createStorage } from '../src/platform/storage/create-storage'
import { buildApp } from '../src/platform/http/app'
import { seedModules, workerModules } from '../src/modules'
import type { Platform } from '../src/platform/context'
import { withDb } from './global-setup'

export interface TestApp extends Platform {
  app: FastifyInstance
  close(): Promise<void>
}

/** A fresh PostgreSQL database cloned from the run's migrated template, and how to drop it. */
async function clonePostgresTemplate(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL!
  const name = `mp_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`)
  return {
    url: withDb(url, name),
    drop: async () => {
      // pg's pool.end() resolves before its connections have closed; forcing the drop while they
      // close makes them emit unhandled FATAL errors, so give them a moment to go first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        )
        if (!rows[0]?.n) break
        await new Promise((r) => setTimeout(r, 20))
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

/** A fresh database cloned from the migrated template. */
export async function openTestDatabase(): Promise<{
  database: Database
  url?: string
  drop: () => Promise<void>
}> {
  const template = inject('templateDb')
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const { url, drop } = await clonePostgresTemplate()
    return { database: await openDatabase({ databaseUrl: url }), url, drop }
  }
  const blob = new Blob([fs.readFileSync(template)])
  const database = await openDatabase({ pgliteLoad: blob })
  return { database, drop: async () => {} }
}

/**
 * The whole server on a fresh database, for tests that go through HTTP with `app.inject()`.
 * `workers: true` also starts the job workers in-process.
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; workers?: boolean } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'admin-password-1',
    LOGIN_RATE_LIMIT: '1000',
    ...opts.env,
  })
  const { database, url, drop } = await openTestDatabase()
  const queue = await startQueue(database, { supervise: !!opts.workers })
  const realtime = await startRealtime({ database, databaseUrl: url, serveSockets: true })
  const platform: Platform = {
    config,
    database,
    db: database.db,
    queue,
    realtime,
    storage: createStorage(config),
  }
  for (const seed of seedModules) await seed(platform)
  if (opts.workers) for (const start of workerModules) await start(platform)
  const app = await buildApp(platform)
  await app.ready()
  return {
    ...platform,
    app,
    async close() {
      await app.close()
      await queue.stop()
      await realtime.close()
      await database.close()
      await drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Signs the seeded admin in (createTestApp's ADMIN_PASSWORD); answers the bearer headers. */
export async function adminHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password: 'admin-password-1' },
  })
  return { authorization: `Bearer ${login.json<{ token: string }>().token}` }
}

/**
 * A migrated database for a server run as a child process (test/server-process.ts), with no initdb
 * or migration at its start: on PGlite a copy of the run's template data dir at `dataDir/db`, where
 * main.ts opens it (its stamp says it is migrated); on PostgreSQL a database cloned from the
 * template. `env` goes into the child's environment; `entry` is the bundled server `npm start` runs.
 */
export async function childProcessDatabase(
  dataDir: string,
): Promise<{ env: { DATABASE_URL: string }; entry: string; drop: () => Promise<void> }> {
  const entry = inject('serverEntry')
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const { url, drop } = await clonePostgresTemplate()
    return { env: { DATABASE_URL: url }, entry, drop }
  }
  fs.cpSync(inject('templateDataDir'), path.join(dataDir, 'db'), { recursive: true })
  return { env: { DATABASE_URL: '' }, entry, drop: async () => {} }
}
