import fs from 'node:fs'
import { migrateDatabase, openDatabase, pgliteMigrationStamp } from '../src/platform/db/client'
import { startQueue } from '../src/platform/queue/queue'

/**
 * A migrated embedded database (PGlite data dir, pg-boss schema included, no rows) that a server
 * process copies into its fresh `DATA_DIR/db` instead of running initdb and every migration at
 * start (seconds of CPU a start). Its migration stamp makes the server skip migrating; seeds still
 * run as on a first start. The very first start on an empty data dir stays covered by
 * platform/start-stamp.test.ts and platform/db/migrate-stamp.test.ts.
 *
 * Built whole or not at all (a run stopped half-way leaves no template that looks ready). With
 * `dumpTo`, also writes the same database as a tarball, which test/harness.ts loads in memory.
 */
export async function buildPgliteTemplate(dir: string, opts: { dumpTo?: string } = {}): Promise<void> {
  const building = `${dir}.building-${process.pid}`
  fs.rmSync(building, { recursive: true, force: true })
  const database = await openDatabase({ pgliteDir: building })
  await migrateDatabase(database, { stamp: pgliteMigrationStamp(building) })
  const queue = await startQueue(database, { supervise: false })
  await queue.stop()
  if (opts.dumpTo) {
    const dump = await database.pglite!.dumpDataDir('none')
    fs.writeFileSync(opts.dumpTo, Buffer.from(await dump.arrayBuffer()))
  }
  await database.close()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.renameSync(building, dir)
}
