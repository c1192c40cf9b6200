import path from 'node:path'
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/harness'
import type { Database } from '../db/client'
import { startQueue, WorkerStopping } from './queue'
import type { Queue } from './queue'

const onPostgres = process.env.TEST_DB_ENGINE === 'postgres'
const fixture = path.resolve(import.meta.dirname, 'queue-worker.fixture.ts')

async function until<T>(check: () => T | Promise<T>, ms = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 50))
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('the job queue keeps its promises', () => {
  let database: Database
  let url: string | undefined
  let drop: () => Promise<void>
  let queue: Queue
  const children: ChildProcess[] = []

  beforeAll(async () => {
    ;({ database, url, drop } = await openTestDatabase())
    // This process only sends and works; it does not expire anyone's jobs (workers below do).
    queue = await startQueue(database, { supervise: false })
    await database.raw.exec(
      'create table queue_test_done (job_id uuid, pid int, n int, at timestamptz default clock_timestamp())',
    )
  })
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  })
  afterAll(async () => {
    await queue.stop()
    await database.close()
    await drop()
  })

  const jobState = async (id: string) =>
    (
      await database.raw.query<{ state: string; retry_count: number }>(
        'select state, retry_count from pgboss.job where id = $1',
        [id],
      )
    ).rows[0]
  const jobsIn = async (name: string) =>
    (await database.raw.query<{ data: { n: number } }>('select data from pgboss.job where name = $1', [name]))
      .rows

  /** Starts a worker process on this database; resolves once it reported `ready`. */
  async function startWorker(name: string, behaviour: 'hang' | 'complete') {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      env: { ...process.env, DATABASE_URL: url, QUEUE: name, BEHAVIOUR: behaviour },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    const lines: string[] = []
    let errors = ''
    child.stdout.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)))
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()))
    await until(() => lines.includes('ready') || child.exitCode !== null)
    if (child.exitCode !== null) throw new Error(`worker exited: ${errors}`)
    return { child, lines }
  }

  it('never runs a job sent in a transaction that rolled back, and runs a committed one once', async () => {
    await queue.ensure('test.tx')
    await database.db
      .transaction(async (tx) => {
        await queue.send('test.tx', { n: 1 }, { tx })
        throw new Error('the row that caused it failed')
      })
      .catch(() => {})
    await database.db.transaction(async (tx) => {
      await queue.send('test.tx', { n: 2 }, { tx })
    })
    expect((await jobsIn('test.tx')).map((j) => j.data.n)).toEqual([2])

    const ran: number[] = []
    await queue.work<{ n: number }>('test.tx', { pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) ran.push(job.data.n)
    })
    await until(() => ran.length > 0)
    await sleep(1500)
    expect(ran).toEqual([2])
  })

  it.skipIf(onPostgres)(
    'on PGlite a sent job starts at once and a backlog drains without waiting for the slow poll',
    async () => {
      await queue.ensure('test.wake')
      const started: number[] = []
      // Asks for 0.5 s; on PGlite the worker polls every PGLITE_POLL_SECONDS and relies on wakes.
      await queue.work('test.wake', { pollingIntervalSeconds: 0.5, batchSize: 1 }, async () => {
        started.push(Date.now())
      })
      await sleep(300) // the worker's first (empty) fetch is behind it: it now sleeps its interval
      const sent = Date.now()
      await queue.send('test.wake', { n: 1 })
      await until(() => started.length === 1)
      expect(started[0]! - sent).toBeLessThan(1500)
      // Five jobs sent in one transaction: the woken worker takes them one by one, back to back.
      const burst = Date.now()
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < 5; n++) await queue.send('test.wake', { n }, { tx })
      })
      await until(() => started.length === 6)
      expect(started[5]! - burst).toBeLessThan(3000)
    },
  )

  it('retries a failing job with growing delays until it succeeds', async () => {
    await queue.ensure('test.retry', { retryLimit: 3, retryDelay: 1, retryBackoff: true })
    const id = (await queue.send('test.retry', { n: 1 }))!
    const attempts: number[] = []
    await queue.work('test.retry', { pollingIntervalSeconds: 0.5 }, async () => {
      attempts.push(Date.now())
      if (attempts.length < 3) throw new Error(`flaky upstream, attempt ${attempts.length}`)
    })
    await until(async () => (await jobState(id))?.state === 'completed')
    const [a, b, c] = attempts as [number, number, number]
    expect(attempts).toHaveLength(3)
    // Backoff: about 1-2 s before the first retry, 2-4 s before the second.
    expect(b - a).toBeGreaterThanOrEqual(900)
    expect(c - b).toBeGreaterThanOrEqual(1800)
    expect(await jobState(id)).toEqual({ state: 'completed', retry_count: 2 })
    await sleep(1000)
    expect(attempts).toHaveLength(3)
  })

  it.runIf(onPostgres)('hands a job sent by one process to a separate worker process', async () => {
    await queue.ensure('test.remote')
    const worker = await startWorker('test.remote', 'complete')
    const id = (await queue.send('test.remote', { n: 42 }))!
    const done = await until(
      async () =>
        (
          await database.raw.query<{ pid: number; n: number }>(
            'select pid, n from queue_test_done where job_id = $1',
            [id],
          )
        ).rows[0],
    )
    expect(done).toEqual({ pid: worker.child.pid, n: 42 })
    expect(worker.child.pid).not.toBe(process.pid)
    // The handler writes its row before it returns; the queue records the completion just after.
    await until(async () => (await jobState(id))?.state === 'completed')
  })

  it.runIf(onPostgres)(
    'gives the job of a worker killed mid-job to the next worker, which completes it once',
    async () => {
      await queue.ensure('test.crash', { expireInSeconds: 2, retryLimit: 2 })
      const id = (await queue.send('test.crash', { n: 7 }))!
      const first = await startWorker('test.crash', 'hang')
      await until(() => first.lines.includes(`started ${id}`))
      expect(await jobState(id)).toMatchObject({ state: 'active' })
      first.child.kill('SIGKILL')
      await until(() => first.child.exitCode !== null || first.child.signalCode !== null)

      const second = await startWorker('test.crash', 'complete')
      await until(() => second.lines.includes(`done ${id}`), 30_000)
      const rows = (
        await database.raw.query<{ pid: number }>('select pid from queue_test_done where job_id = $1', [id])
      ).rows
      expect(rows).toEqual([{ pid: second.child.pid }])
      // The worker prints "done" when its handler returns; the queue records completion just after.
      await until(async () => (await jobState(id))?.state === 'completed')
      expect(await jobState(id)).toEqual({ state: 'completed', retry_count: 1 })
    },
    60_000,
  )

  it('hands a running job back when its worker drains: another worker completes it, once, no retry used', async () => {
    const name = 'queue-test-drain'
    const draining = await startQueue(database, { supervise: false })
    await draining.ensure(name, { retryLimit: 1 })
    let stoppedWith: unknown
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    // A job that would run for ever, as a long render does: only the drain's abort ends it.
    await draining.work(name, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      started()
      await new Promise((_, reject) =>
        job!.signal.addEventListener('abort', () => {
          stoppedWith = job!.signal.reason
          reject(new Error('stopped'))
        }),
      )
    })
    const id = (await draining.send(name, { n: 1 }))!
    await running
    await draining.stop(100)
    expect(stoppedWith).toBeInstanceOf(WorkerStopping)
    expect((await jobState(id))?.state).toBe('retry')

    const done: string[] = []
    await sleep(1_100) // the hand-back's short hold before another worker may take it
    await queue.work(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
      done.push(...jobs.map((j) => j.id))
    })
    await until(async () => (await jobState(id))?.state === 'completed')
    expect(done).toEqual([id])
    const { rows } = await database.raw.query<{ left: number }>(
      'select retry_limit - retry_count as left from pgboss.job where id = $1',
      [id],
    )
    expect(rows[0]?.left).toBe(1)
  })
})
