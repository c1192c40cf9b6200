import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, migrateDatabase } from '../src/platform/db/client'
import { buildPgliteTemplate } from './pglite-template'
import { ensureServerBundle } from '../../../scripts/server-bundle.mjs'
import { startQueue } from '../src/platform/queue/queue'

/**
 * Migrates one template database per run, which every test file clones: PGlite's initdb takes
 * seconds, a clone of its dumped data dir a fraction of that. On PostgreSQL the template is a
 * real template database (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: {
  name: string
  provide: (key: 'templateDb' | 'templateDataDir' | 'serverEntry', value: string) => void
}) {
  // One setup per server project; the project name says which engine (vitest.config.ts).
  const engine = project.name.endsWith('postgres') ? 'postgres' : 'pglite'
  const provide = (key: 'templateDb' | 'templateDataDir' | 'serverEntry', value: string) =>
    project.provide(key, value)
  // Suites that run the server as a child process run the bundle `npm start` runs (built only when
  // its sources changed): no TypeScript compiled at each start.
  provide('serverEntry', ensureServerBundle())
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!
    const name = `mp_template_${process.pid}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name}`)
    await admin.query(`CREATE DATABASE ${name}`)
    const database = await openDatabase({ databaseUrl: withDb(url, name) })
    await migrateDatabase(database)
    const queue = await startQueue(database, { supervise: false })
    await queue.stop()
    await database.close()
    provide('templateDb', name)
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`)
      await admin.end()
    }
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-template-'))
  const file = path.join(work, 'template.tar')
  const dataDir = path.join(work, 'db')
  await buildPgliteTemplate(dataDir, { dumpTo: file })
  provide('templateDb', file)
  provide('templateDataDir', dataDir)
  return () => fs.rmSync(work, { recursive: true, force: true })
}

export function withDb(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database's name; PGlite: a tarball of the migrated data dir. */
    templateDb: string
    /** PGlite only: the migrated data dir itself, for servers started as child processes. */
    templateDataDir: string
    /** The bundled server's entry (scripts/server-bundle.mjs). */
    serverEntry: string
  }
}
