/**
 * Notification list under load: the real server in its own process on loopback, a signed-in user
 * with 100 notifications, and an open-loop load of RATE requests per second for DURATION seconds
 * against GET /api/notifications. Latency is timed from each request's scheduled start, so a
 * stalled server cannot hide its queueing delay. Runs on embedded PGlite, and on PostgreSQL too
 * (a throwaway database) when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server.
 * Target (issue 5): p99 <= 25 ms at 500 req/s. Prints figures, exits 0 when every run meets it.
 *
 *   node --import tsx bench/notifications.bench.ts   (RATE=500 DURATION=10 PORT=3750 BENCH_ENGINES=pglite,postgres)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Pool } from 'undici'
import { sql } from 'drizzle-orm'
import { openDatabase, migrateDatabase } from '../apps/server/src/platform/db/client'
import { createSession } from '../apps/server/src/modules/auth/sessions.repo'
import { insertNotification } from '../apps/server/src/modules/notifications/notifications.repo'
import { startServerProcess } from '../apps/server/test/server-process'
import type { ServerProcess } from '../apps/server/test/server-process'
import { benchNodeArgs, withTempDatabase } from './bench-kit'

const RATE = Number(process.env.RATE ?? 500)
const DURATION_S = Number(process.env.DURATION ?? 10)
const PORT = Number(process.env.PORT ?? 3750)
const TARGET_P99_MS = 25
const NOTIFICATIONS = 100

const pgServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
type Engine = 'pglite' | 'postgres'
const engines = (process.env.BENCH_ENGINES?.split(',') ?? ['pglite', 'postgres']).filter(
  (e): e is Engine => e === 'pglite' || (e === 'postgres' && !!pgServer),
)

async function seed(dataDir: string, databaseUrl: string | undefined): Promise<string> {
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'db'),
  })
  try {
    await migrateDatabase(database)
    const name = `bench_${Date.now()}`
    const res: unknown = await database.db.execute(
      sql`insert into users (username, email, password_hash) values (${name}, ${`${name}@bench.local`}, 'not-a-login') returning id`,
    )
    const userId = (res as { rows: Array<{ id: number }> }).rows[0]!.id
    for (let i = 1; i <= NOTIFICATIONS; i++)
      await insertNotification(database.db, {
        user_id: userId,
        content: `Bench notification ${i}: your render finished`,
        type: (i % 8) + 1,
      })
    return (await createSession(database.db, 'user', userId)).token
  } finally {
    await database.close()
  }
}

function startServer(dataDir: string, databaseUrl: string | undefined) {
  // Request logs off (LOG_LEVEL=warn): the figure is the API's, not the cost of piping a log line
  // per request into this script. Override with BENCH_LOG_LEVEL.
  return startServerProcess(
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MODE: 'all',
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DATABASE_URL: databaseUrl ?? '',
    },
    { nodeArgs: benchNodeArgs(), timeoutMs: 60_000 },
  )
}

/** CPU seconds a process has used (Linux /proc), to show cost per request apart from contention. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function load(token: string, serverPid: number | undefined) {
  const pool = new Pool(`http://127.0.0.1:${PORT}`, { connections: 64, pipelining: 1 })
  const request = async () => {
    const res = await pool.request({
      method: 'GET',
      path: '/api/notifications?limit=10&page=1',
      headers: { authorization: `Bearer ${token}` },
    })
    const body = await res.body.text()
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${body.slice(0, 200)}`)
    const parsed = JSON.parse(body) as { notifications: unknown[] }
    if (parsed.notifications.length !== 10) throw new Error('short page')
  }

  for (let i = 0; i < 300; i++) await request() // warm up: JIT, caches, pool connections

  const total = Math.round(RATE * DURATION_S)
  const interval = 1000 / RATE
  const latencies: number[] = []
  const errors: string[] = []
  const inflight: Array<Promise<void>> = []
  const cpuBefore = cpuSeconds(serverPid)
  const start = performance.now()
  let sent = 0
  while (sent < total) {
    const now = performance.now()
    // Send everything whose scheduled time has come (open loop: the schedule never waits for answers).
    while (sent < total && start + sent * interval <= now) {
      const scheduled = start + sent * interval
      inflight.push(
        request().then(
          () => void latencies.push(performance.now() - scheduled),
          (err: unknown) => void errors.push((err as Error).message),
        ),
      )
      sent++
    }
    await new Promise((r) => setTimeout(r, Math.max(0, start + sent * interval - performance.now())))
  }
  await Promise.all(inflight)
  const elapsed = (performance.now() - start) / 1000
  const serverCpu = cpuSeconds(serverPid) - cpuBefore
  await pool.close()
  latencies.sort((a, b) => a - b)
  return { total, elapsed, latencies, errors, serverCpu }
}

async function benchOn(engine: Engine, databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-notifications-'))
  let server: ServerProcess | undefined
  try {
    const token = await seed(dataDir, databaseUrl)
    server = await startServer(dataDir, databaseUrl)
    const { total, elapsed, latencies, errors, serverCpu } = await load(token, server.child.pid)
    const ms = (v: number) => Math.round(v * 100) / 100
    const p99 = percentile(latencies, 99)
    const result = {
      bench: 'notifications.list',
      engine,
      target_rate: RATE,
      achieved_rate: Math.round((latencies.length / elapsed) * 10) / 10,
      requests: total,
      errors: errors.length,
      p50_ms: ms(percentile(latencies, 50)),
      p90_ms: ms(percentile(latencies, 90)),
      p99_ms: ms(p99),
      p999_ms: ms(percentile(latencies, 99.9)),
      max_ms: ms(latencies[latencies.length - 1] ?? NaN),
      server_cpu_ms_per_request: ms((serverCpu * 1000) / total),
      load_average: os.loadavg()[0] ?? NaN,
      target_p99_ms: TARGET_P99_MS,
      pass: errors.length === 0 && p99 <= TARGET_P99_MS,
    }
    console.log(
      `notifications list @ ${RATE} req/s for ${DURATION_S} s (${engine}): ` +
        `p50 ${result.p50_ms} ms, p90 ${result.p90_ms} ms, p99 ${result.p99_ms} ms, max ${result.max_ms} ms, ` +
        `${result.achieved_rate} req/s, ${result.errors} errors, server CPU ${result.server_cpu_ms_per_request} ms/request, ` +
        `load ${result.load_average.toFixed(1)} — ${result.pass ? 'PASS' : 'FAIL'} (p99 <= ${TARGET_P99_MS} ms)`,
    )
    if (errors.length) console.log(`first error: ${errors[0]}`)
    console.log(JSON.stringify(result))
    return result.pass
  } finally {
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  let pass = true
  for (const engine of engines) {
    if (engine === 'pglite') pass = (await benchOn('pglite')) && pass
    else
      pass = (await withTempDatabase(pgServer!, 'notifications', (url) => benchOn('postgres', url))) && pass
  }
  process.exitCode = pass ? 0 : 1
}

await main()
