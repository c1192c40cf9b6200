// First: allocator settings that must be in the environment before a native library loads.
import './platform/native-memory'
import path from 'node:path'
import { ConfigError, loadConfig } from './platform/config'
import { openDatabase, migrateDatabase, pgliteMigrationStamp } from './platform/db/client'
import { startQueue } from './platform/queue/queue'
import { startRealtime } from './platform/realtime/realtime'
import { createStorage } from './platform/storage/create-storage'
import type { Platform } from './platform/context'
import { Lifecycle } from './platform/lifecycle'
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
  if (config.MODE === 'migrate') {
    // A deployment's one-off step (Helm hook, compose service): the schema is current, nothing else runs.
    console.log(migrated ? 'Mouthpiece: migrations applied' : 'Mouthpiece: nothing to migrate')
    await database.close()
    process.exit(0)
  }
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
  const lifecycle = new Lifecycle()
  const platform: Platform = {
    config,
    database,
    db: database.db,
    queue,
    realtime,
    storage: createStorage(config),
    lifecycle,
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
  /**
   * Drains (docs/decisions/0053-drain-on-sigterm.md): not ready at once; after SHUTDOWN_DELAY_SECONDS
   * the HTTP server stops accepting, sockets are dropped (clients reconnect elsewhere) and requests
   * in flight finish; workers take no new job and hand back those still running at the grace period's end.
   */
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000
    console.log(`${signal}: draining (grace period ${config.SHUTDOWN_GRACE_SECONDS} s)`)
    lifecycle.startDrain()
    // Whatever still hangs past the grace period (and the hand-back's few seconds) does not keep the process.
    setTimeout(() => {
      console.error(`${signal}: still not stopped after the grace period; exiting`)
      process.exit(1)
    }, graceMs + 10_000).unref()
    await Promise.all([closeHttp(), queue.stop(graceMs)])
    await realtime.close()
    await database.close()
    console.log(`${signal}: drained`)
    process.exit(0)
  }
  // Before listening: a stop during the seeds and workers that follow still closes the database cleanly.
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

  if (config.MODE !== 'work') {
    const app = await buildApp(platform)
    mark('app built')
    await app.listen({ port: config.PORT, host: config.HOST })
    closeHttp = async () => {
      const delay = config.SHUTDOWN_DELAY_SECONDS * 1000
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
      realtime.drain()
      // Requests still running at the grace period's end are cut: the process is going anyway.
      const cut = setTimeout(() => app.server.closeAllConnections(), config.SHUTDOWN_GRACE_SECONDS * 1000)
      await app.close()
      clearTimeout(cut)
    }
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
