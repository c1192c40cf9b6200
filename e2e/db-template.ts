/**
 * A migrated embedded database (PGlite data dir, pg-boss schema included) that every server the
 * browser tests start copies into its fresh DATA_DIR, instead of each one running initdb and every
 * migration at start (several CPU-seconds a start). Its migration stamp (platform/db/client.ts)
 * makes the server skip migrating; it holds no rows, so seeds still run as on a first start. Made
 * again whenever the migrations change. The first start on a truly empty data dir stays covered by
 * the server suites (platform/start-stamp.test.ts, platform/db/migrate-stamp.test.ts).
 *
 * Run by playwright.config.ts: node --import tsx e2e/db-template.ts <dir>
 */
import fs from 'node:fs'
import path from 'node:path'
import { migrateDatabase, openDatabase, pgliteMigrationStamp } from '../apps/server/src/platform/db/client'
import { startQueue } from '../apps/server/src/platform/queue/queue'

const dir = path.resolve(process.argv[2] ?? '.tmp/e2e-db-template')
const building = `${dir}.building-${process.pid}`
fs.rmSync(building, { recursive: true, force: true })
const database = await openDatabase({ pgliteDir: building })
await migrateDatabase(database, { stamp: pgliteMigrationStamp(building) })
const queue = await startQueue(database, { supervise: false })
await queue.stop()
await database.close()
// Whole or not at all: a run stopped half-way leaves no template that looks ready.
fs.rmSync(dir, { recursive: true, force: true })
fs.renameSync(building, dir)
