import { PgBoss } from 'pg-boss'
import type { Job, QueueOptions, SendOptions, WorkOptions } from 'pg-boss'
import type { Database, Queryable } from '../db/client'
import { executeText } from '../db/text-query'
import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The job queue: pg-boss on the product's own database (PGlite embedded, or PostgreSQL).
 * Jobs are rows, so a job sent inside a transaction exists exactly when the transaction commits,
 * and a worker killed mid-job leaves the job to expire and be retried.
 */
export interface Queue {
  boss: PgBoss
  /** Declare a queue (idempotent). Call before send/work. */
  ensure(name: string, options?: Omit<QueueOptions, 'name'>): Promise<void>
  /** Enqueue; with `tx`, the job is part of that transaction. */
  send<T extends object>(
    name: string,
    data: T,
    options?: SendOptions & { tx?: Queryable },
  ): Promise<string | null>
  work<T>(name: string, options: WorkOptions, handler: (jobs: Job<T>[]) => Promise<unknown>): Promise<string>
  /** Ask this process's workers of `name` to fetch now instead of at their next poll. */
  wake(name: string): void
  /**
   * Drains (SIGTERM): takes no new job, lets running ones finish within `graceMs`, then aborts those
   * still running (their `job.signal`, reason `WorkerStopping`) and hands them back to the queue
   * for another worker — with one more attempt allowed, so a drain never uses up a job's retries.
   */
  stop(graceMs?: number): Promise<void>
}

/** The abort reason a handler sees when its process is draining: its job is handed back, not failed. */
export class WorkerStopping extends Error {
  constructor() {
    super('The worker is stopping: the job goes back to the queue')
  }
}

/** After a grace period's abort, how long handlers get to clean up before their jobs are released anyway. */
const ABORT_SETTLE_MS = 5_000
/** A handed-back job waits this long before another worker may fetch it (pg-boss's completion call of the aborted attempt lands first). */
const RELEASE_DELAY_SECONDS = 1

/**
 * The transaction a `send({ tx })` runs in. pg-boss may look a queue up before inserting the job;
 * that lookup must use the same transaction, because PGlite has one connection and a query
 * outside the open transaction would wait for it forever.
 */
const sendingIn = new AsyncLocalStorage<Queryable>()

/** pg-boss speaks to the database through this: multi-statement text goes through exec. */
function bossDb(database: Database) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const tx = sendingIn.getStore()
      if (tx) return txDb(tx).executeSql(text, values)
      if (values && values.length > 0) return database.raw.query(text, values)
      if (database.pglite) {
        // PGlite's extended protocol takes one statement; pg-boss's plans can hold several.
        const results = await database.pglite.exec(text)
        return results[results.length - 1] ?? { rows: [] }
      }
      return database.raw.query(text)
    },
  }
}

/** Runs pg-boss's SQL on a drizzle transaction, so the job commits or rolls back with it. */
function txDb(tx: Queryable) {
  return {
    executeSql: (text: string, values: unknown[] = []) => executeText(tx, text, values),
  }
}

export interface StartQueueOptions {
  /** Run maintenance: expire jobs of dead workers, retries, retention. Worker processes do. */
  supervise: boolean
  /**
   * How often (seconds) a supervising process looks for expired jobs. A job whose worker died is
   * handed out again within `expireInSeconds` plus about twice this. pg-boss's default is 60.
   */
  monitorIntervalSeconds?: number
}

/** Short enough that a killed worker's job is back in well under a minute, cheap enough to run always. */
const DEFAULT_MONITOR_INTERVAL_SECONDS = 10

/**
 * How often workers poll on PGlite. PGlite is embedded, so every `send` happens in this process and
 * wakes the queue's workers itself; polls are left to find what no send announces — retries after
 * their delay, schedules, expired jobs handed out again. Each poll is a query on the event loop
 * (~20 queues at 0.5 s were ~50 fetches a second), so they are spaced out.
 */
export const PGLITE_POLL_SECONDS = 5

/** pg-boss stores a failed job's retry time right after the handler throws; look it up once it has. */
const RETRY_LOOKUP_DELAY_MS = 50

/** pg-boss's tables live in this schema. */
const SCHEMA = 'pgboss'

export async function startQueue(database: Database, opts: StartQueueOptions): Promise<Queue> {
  const monitor = opts.monitorIntervalSeconds ?? DEFAULT_MONITOR_INTERVAL_SECONDS
  const boss = new PgBoss({
    db: bossDb(database),
    schema: SCHEMA,
    // Only worker processes run maintenance (expiry, retention); HTTP-only processes just send.
    supervise: opts.supervise,
    schedule: opts.supervise,
    superviseIntervalSeconds: monitor,
    monitorIntervalSeconds: monitor,
    migrate: true,
  })
  boss.on('error', (err: Error) => console.error('[queue]', err.message))
  await boss.start()
  const known = new Set<string>()
  // On PostgreSQL other processes send too, and a job sent in a transaction is not visible before
  // its commit, so a wake from inside it could fetch too early: there the polling interval stays.
  const embedded = Boolean(database.pglite)
  const wake = (name: string) => {
    for (const worker of boss.getWipData())
      if (worker.name === name && worker.state === 'active') boss.notifyWorker(worker.id)
  }
  const db = bossDb(database)
  /** Handlers running now, so a drain can wait for them or abort them. */
  const running = new Set<{ done: Promise<unknown>; abort: () => void }>()
  const worked = new Set<string>()
  let draining = false
  /**
   * Hands jobs back: `retry` again at once, with one more attempt allowed (the next fetch counts an
   * attempt). Only while still `active` here, i.e. not yet completed, failed or expired elsewhere.
   */
  const release = (name: string, ids: string[]) =>
    db.executeSql(
      `UPDATE ${SCHEMA}.job SET state = 'retry', retry_limit = retry_limit + 1,
         start_after = now() + interval '${RELEASE_DELAY_SECONDS} seconds'
       WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
      [name, ids],
    )
  /** With slow polls a retry would wait for the next one; wake the queue when the earliest retry is due. */
  const wakeForRetry = async (name: string) => {
    await new Promise((resolve) => setTimeout(resolve, RETRY_LOOKUP_DELAY_MS))
    const { rows } = await db.executeSql(
      `SELECT extract(epoch FROM min(start_after) - now()) * 1000 AS ms FROM ${SCHEMA}.job WHERE name = $1 AND state = 'retry'`,
      [name],
    )
    const ms = Number((rows[0] as { ms?: unknown } | undefined)?.ms ?? Number.NaN)
    if (Number.isFinite(ms)) setTimeout(() => wake(name), Math.max(0, ms) + 20).unref()
  }
  return {
    boss,
    wake,
    async ensure(name, options) {
      if (known.has(name)) return
      if (!(await boss.getQueue(name))) await boss.createQueue(name, options)
      else if (options) await boss.updateQueue(name, options)
      known.add(name)
    },
    async send(name, data, options = {}) {
      const { tx, ...rest } = options
      if (!tx) {
        const id = await boss.send(name, data, rest)
        wake(name)
        return id
      }
      const id = await sendingIn.run(tx, () => boss.send(name, data, { ...rest, db: txDb(tx) }))
      // PGlite has one connection: the woken fetch queues behind the open transaction and sees the job once it commits.
      if (embedded) wake(name)
      return id
    },
    async work(name, options, handler) {
      const polling = embedded
        ? { pollingIntervalSeconds: Math.max(options.pollingIntervalSeconds ?? 2, PGLITE_POLL_SECONDS) }
        : {}
      worked.add(name)
      // pg-boss waits out its interval even after a batch; fetching again at once drains a backlog.
      const handle = async (jobs: Job<unknown>[]) => {
        const stopping = new AbortController()
        // The handler's signal also fires when this process drains past its grace period.
        for (const job of jobs) job.signal = AbortSignal.any([job.signal, stopping.signal])
        const done = (async () => {
          try {
            return await handler(jobs as never)
          } catch (err) {
            if (stopping.signal.aborted) {
              // Aborted by the drain: back to the queue for another worker (no failure, no retry used).
              await release(
                name,
                jobs.map((j) => j.id),
              )
              return undefined
            }
            if (embedded) void wakeForRetry(name).catch(() => undefined)
            throw err
          } finally {
            if (jobs.length > 0 && !draining) wake(name)
          }
        })()
        const entry = { done, abort: () => stopping.abort(new WorkerStopping()) }
        running.add(entry)
        try {
          return await done
        } finally {
          running.delete(entry)
        }
      }
      return boss.work(name, { ...options, ...polling }, handle)
    },
    async stop(graceMs = 10_000) {
      draining = true
      // No new job from here on: each worker's loop ends after its current batch.
      await Promise.all([...worked].map((name) => boss.offWork(name, { wait: false })))
      const settled = (ms: number) =>
        Promise.race([
          Promise.allSettled([...running].map((r) => r.done)),
          new Promise((resolve) => setTimeout(resolve, ms).unref()),
        ])
      await settled(graceMs)
      if (running.size > 0) {
        for (const r of running) r.abort()
        await settled(ABORT_SETTLE_MS)
      }
      await boss.stop({ graceful: true, timeout: 1_000 })
    },
  }
}
