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

/** A fresh database cloned from the migrated template. */
export async function openTestDatabase(): Promise<{
  database: Database
  url?: string
  drop: () => Promise<void>
}> {
  const template = inject('templateDb')
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!
    const name = `mp_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
    const database = await openDatabase({ databaseUrl: withDb(url, name) })
    return {
      database,
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
