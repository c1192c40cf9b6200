// First: allocator settings that must be in the environment before a native library loads.
import './platform/native-memory'
import path from 'node:path'
import { ConfigError, loadConfig } from './platform/config'
import { openDatabase, migrateDatabase, pgliteMigrationStamp } from './platform/db/client'
import { startQueue } from './platform/queue/queue'
import { startRealtime } from './platform/realtime/realtime'
import { createStorage } from './platform/storage/create-storage'
import type { Platform } from './platform/context'
import { builtCodeIdentity, markStarted, startedBefore, startStampFile } from './platform/start-stamp'

/**
 * One build, three roles: `serve` (HTTP + sockets), `work` (job workers), `all` (both; the
 * embedded default). Separate processes need PostgreSQL (DATABASE_URL) to share state.
 */
async function main() {
  const t0 = performance.now()
  // START_TRACE=1: each phase's end, in ms since the process began (bench/start.bench.ts prints them).
  const mark = (phase: string) => {
    if (process.env.START_TRACE) console.log(`[start] ${phase} ${Math.round(performance.now())} ms`)
  }
  mark('main')
  const config = loadConfig()
  const pgliteDir = config.DATABASE_URL ? undefined : path.join(config.dataDir, 'db')
  // The modules and the HTTP app (most of the code to load) load while the database opens and
  // migrates: a warm start waits for the slower of the two, not for both in a row.
  const code = Promise.all([import('./modules'), import('./platform/http/app')])
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir })
  mark('database open')
  const migrated = await migrateDatabase(database, { stamp: pgliteDir && pgliteMigrationStamp(pgliteDir) })
  mark('migrations')
  // Seeds and workers of a build that has started on this data before (nothing to migrate) run
  // just after the server listens: their rows and queues are there already (platform/start-stamp.ts).
  const startStamp = pgliteDir && startStampFile(pgliteDir)
  const identity = builtCodeIdentity()
  const afterListen = !migrated && startedBefore(startStamp, identity)
  const [{ seedModules, workerModules }, { buildApp }] = await code
  mark('code loaded')
  const runsWorkers = config.MODE !== 'serve'
  const queue = await startQueue(database, { supervise: runsWorkers })
  mark('queue')
  const realtime = await startRealtime({
    database,
    databaseUrl: config.DATABASE_URL,
    serveSockets: config.MODE !== 'work',
  })
  mark('realtime')
  const platform: Platform = {
    config,
    database,
    db: database.db,
    queue,
    realtime,
    storage: createStorage(config),
  }
  const seedAndWork = async () => {
    for (const seed of seedModules) {
      await seed(platform)
      mark(`seed ${seed.name}`)
    }
    if (runsWorkers)
      for (const start of workerModules) {
        await start(platform)
        mark(`workers ${start.name}`)
      }
  }
  if (!afterListen) await seedAndWork()

  let closeHttp = async () => {}
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: shutting down`)
    await closeHttp()
    await queue.stop()
    await realtime.close()
    await database.close()
    process.exit(0)
  }
  // Before listening: a stop during the seeds and workers that follow still closes the database cleanly.
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

  if (config.MODE !== 'work') {
    const app = await buildApp(platform)
    mark('app built')
    await app.listen({ port: config.PORT, host: config.HOST })
    closeHttp = () => app.close()
    console.log(
      `Mouthpiece is running at ${config.publicUrl} (${database.kind}, ${config.MODE}) — ready in ${Math.round(performance.now() - t0)} ms`,
    )
  } else
    console.log(
      `Mouthpiece workers running (${database.kind}) — ready in ${Math.round(performance.now() - t0)} ms`,
    )
  // A stop that lands during them ends the process as it should; their errors then are no news.
  if (afterListen)
    await seedAndWork().catch((err: unknown) => {
      if (!stopping) throw err
    })
  if (!stopping) markStarted(startStamp, identity)
  mark('started')
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message)
  else console.error(err)
  process.exit(1)
})
