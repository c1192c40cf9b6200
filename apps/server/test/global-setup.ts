import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, migrateDatabase } from '../src/platform/db/client'
import { startQueue } from '../src/platform/queue/queue'

/**
 * Migrates one template database per run, which every test file clones: PGlite's initdb takes
 * seconds, a clone of its dumped data dir a fraction of that. On PostgreSQL the template is a
 * real template database (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: {
  name: string
  provide: (key: 'templateDb', value: string) => void
}) {
  // One setup per server project; the project name says which engine (vitest.config.ts).
  const engine = project.name.endsWith('postgres') ? 'postgres' : 'pglite'
  const provide = (key: 'templateDb', value: string) => project.provide(key, value)
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
  const database = await openDatabase({})
  await migrateDatabase(database)
  const queue = await startQueue(database, { supervise: false })
  await queue.stop()
  const dump = await database.pglite!.dumpDataDir('none')
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mp-template-')), 'template.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  provide('templateDb', file)
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true })
}

export function withDb(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string
  }
}
