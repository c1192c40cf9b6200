/**
 * Live-stream alerts, end to end on loopback, the real server in its own process (MODE=all):
 *
 * 1. Ingest: signed Twitch EventSub webhooks at an open-loop RATE for DURATION seconds, 10 % of
 *    them redeliveries of a message id already sent. Afterwards the server is stopped and the
 *    database read directly: every unique event must be stored exactly once with exactly one alert
 *    job (0 lost, 0 duplicated). The creator is muted during this phase so the figure is the
 *    ingest path (verify → store → enqueue in one transaction), not speech synthesis.
 * 2. Latency: on an empty queue, single cheers one at a time, timed from the webhook's 2xx
 *    (event accepted) to the alert arriving on the overlay's event stream, and to the first bytes
 *    of its audio — what the overlay needs to start speaking.
 *
 * Runs on PGlite, and on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 *   node --import tsx bench/alerts.bench.ts      (RATE=1200 DURATION=10 LATENCY_SAMPLES=60 PORT=4090 BENCH_ENGINES=pglite,postgres)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { Pool } from 'undici'
import { sql } from 'drizzle-orm'
import { cheer, open, percentile, rows, seed, SECRET } from './alerts-kit'
import { openOverlay } from '../apps/server/src/modules/donations/testing/harness'
import { startServerProcess } from '../apps/server/test/server-process'
import { benchNodeArgs, withTempDatabase } from './bench-kit'
import type { BenchFigure, BenchRun } from './bench-kit'

/** Requests per second, redeliveries included: 1200 offers ~1080 unique events/s. */
const RATE = Number(process.env.RATE ?? 1200)
const DURATION_S = Number(process.env.DURATION ?? 10)
const REDELIVERED = 0.1
const LATENCY_SAMPLES = Number(process.env.LATENCY_SAMPLES ?? 60)
const PORT = Number(process.env.PORT ?? 4090)
const TARGET_RATE = 1000
const TARGET_P95_MS = 150
const pgServer = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
type Engine = 'pglite' | 'postgres'
const engines = (process.env.BENCH_ENGINES?.split(',') ?? ['pglite', 'postgres']).filter(
  (e): e is Engine => e === 'pglite' || (e === 'postgres' && !!pgServer),
)

function startServer(dataDir: string, databaseUrl: string | undefined) {
  return startServerProcess(
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      MODE: 'all',
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl ?? '',
      TWITCH_EVENTSUB_TRANSPORT: 'webhook',
      TWITCH_EVENTSUB_SECRET: SECRET,
      SOURCES_ENABLED: 'false',
    },
    { nodeArgs: benchNodeArgs() },
  )
}

/** CPU seconds a process has used (Linux /proc): cost per event apart from what other processes take. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

async function ingest(pool: Pool, log: (l: string) => void, serverPid: number | undefined) {
  const total = Math.round(RATE * DURATION_S)
  const ids: string[] = []
  const schedule: Array<{ id: string; i: number }> = []
  for (let n = 0; n < total; n++) {
    // Every tenth request repeats an id sent a little earlier, as EventSub's at-least-once delivery does.
    if (ids.length > 20 && Math.random() < REDELIVERED)
      schedule.push({ id: ids[ids.length - 1 - Math.floor(Math.random() * 20)]!, i: -1 })
    else {
      const id = randomUUID()
      ids.push(id)
      schedule.push({ id, i: ids.length })
    }
  }
  const bodies = new Map<string, ReturnType<typeof cheer>>()
  const errors: string[] = []
  const latencies: number[] = []
  const inflight: Array<Promise<void>> = []
  const interval = 1000 / RATE
  const cpuBefore = cpuSeconds(serverPid)
  const start = performance.now()
  let sent = 0
  while (sent < schedule.length) {
    const now = performance.now()
    while (sent < schedule.length && start + sent * interval <= now) {
      const { id, i } = schedule[sent]!
      let req = bodies.get(id)
      if (!req) bodies.set(id, (req = cheer(id, i)))
      const scheduled = start + sent * interval
      inflight.push(
        pool
          .request({
            method: 'POST',
            path: '/api/donation/twitch/eventsub',
            headers: req.headers,
            body: req.body,
          })
          .then(
            async (res) => {
              const text = await res.body.text()
              if (res.statusCode !== 204) errors.push(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`)
              else latencies.push(performance.now() - scheduled)
            },
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
  latencies.sort((a, b) => a - b)
  log(
    `ingest: ${schedule.length} webhooks (${schedule.length - ids.length} redeliveries) in ${elapsed.toFixed(2)} s, ${errors.length} errors${errors[0] ? ` — ${errors[0]}` : ''}`,
  )
  return { unique: ids, requests: schedule.length, elapsed, errors, latencies, serverCpu }
}

/** Waits until the alert workers have settled `expected` alerts (the latency phase wants an empty queue). */
async function drained(pool: Pool, token: string, expected: number): Promise<number> {
  const start = performance.now()
  for (;;) {
    const res = await pool.request({
      method: 'GET',
      path: '/api/donation/usage?days=2',
      headers: { authorization: `Bearer ${token}` },
    })
    const usage = JSON.parse(await res.body.text()) as { days: Array<{ skipped: number }> }
    if (usage.days.reduce((n, d) => n + d.skipped, 0) >= expected) return (performance.now() - start) / 1000
    if (performance.now() - start > 120_000) throw new Error('the alert queue did not drain within 2 minutes')
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Reads the overlay's SSE stream; answers each alert's arrival time by alert id. */
async function overlayStream(key: string) {
  const arrivals = new Map<number, { at: number; audio: string | null }>()
  const client = await openOverlay(`http://127.0.0.1:${PORT}`, key, undefined, (alert) =>
    arrivals.set(alert.id, { at: performance.now(), audio: alert.audio?.url ?? null }),
  )
  return { arrivals, close: () => client.close() }
}

async function latency(pool: Pool, token: string, log: (l: string) => void) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  await pool
    .request({
      method: 'POST',
      path: '/api/update-mute-all-alerts',
      headers: auth,
      body: JSON.stringify({ mute: false }),
    })
    .then((r) => r.body.text())
  const settings = JSON.parse(
    await (await pool.request({ method: 'GET', path: '/api/donation/settings', headers: auth })).body.text(),
  ) as { settings: { overlay_url: string } }
  const key = new URL(settings.settings.overlay_url).searchParams.get('key')!
  const overlay = await overlayStream(key)
  const toAlert: number[] = []
  const toAudio: number[] = []
  for (let n = 0; n < LATENCY_SAMPLES + 5; n++) {
    const id = randomUUID()
    const req = cheer(id, 1_000_000 + n)
    const before = overlay.arrivals.size
    // Timed from sending the event: its 2xx can reach this client after the overlay already has the alert.
    const accepted = performance.now()
    const res = await pool.request({
      method: 'POST',
      path: '/api/donation/twitch/eventsub',
      headers: req.headers,
      body: req.body,
    })
    await res.body.text()
    const deadline = accepted + 5000
    while (overlay.arrivals.size === before && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 1))
    const arrival = [...overlay.arrivals.values()].at(-1)
    if (!arrival || overlay.arrivals.size === before)
      throw new Error('an alert did not reach the overlay within 5 s')
    const audioUrl = new URL(arrival.audio!)
    const audio = await pool.request({ method: 'GET', path: `${audioUrl.pathname}${audioUrl.search}` })
    const reader = audio.body[Symbol.asyncIterator]()
    await reader.next()
    const firstByte = performance.now()
    await audio.body.dump()
    if (n >= 5) {
      toAlert.push(arrival.at - accepted)
      toAudio.push(firstByte - accepted)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  overlay.close()
  toAlert.sort((a, b) => a - b)
  toAudio.sort((a, b) => a - b)
  log(
    `latency: ${LATENCY_SAMPLES} cheers one at a time; accepted → on overlay p50 ${percentile(toAlert, 50).toFixed(1)} ms, p95 ${percentile(toAlert, 95).toFixed(1)} ms; → audio first byte p95 ${percentile(toAudio, 95).toFixed(1)} ms`,
  )
  return { toAlert, toAudio }
}

/** After the server stopped: what the database holds for the unique ids sent. */
async function verify(dataDir: string, databaseUrl: string | undefined, userId: number, unique: string[]) {
  const database = await open(dataDir, databaseUrl)
  try {
    const stored = await rows<{ external_id: string; n: number }>(
      database,
      sql`select external_id, count(*)::int as n from alert_events where user_id = ${userId} and source = 'twitch' group by external_id`,
    )
    const byId = new Map(stored.map((r) => [r.external_id, r.n]))
    const lost = unique.filter((id) => !byId.has(id)).length
    // The unique index makes two rows per id impossible; counted anyway, so the figure proves it.
    const duplicated = stored.reduce((sum, r) => sum + r.n - 1, 0)
    // Every stored event must sit in exactly one alert job (a job holds one ingest transaction's events).
    const [jobs] = await rows<{ n: number }>(
      database,
      sql.raw(`
      with queued as (
        select x::bigint as id, count(*) as n from pgboss.job j, jsonb_array_elements_text(j.data->'eventIds') x
        where j.name = 'donations.alert' group by 1)
      select count(*)::int as n from alert_events e left join queued q on q.id = e.id
      where e.user_id = ${userId} and e.status <> 'duplicate' and coalesce(q.n, 0) <> 1`),
    )
    const [relays] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from alert_events where user_id = ${userId} and status = 'duplicate'`,
    )
    return { lost, duplicated, withoutOneJob: jobs?.n ?? 0, relays: relays?.n ?? 0 }
  } finally {
    await database.close()
  }
}

async function benchOn(
  engine: Engine,
  log: (l: string) => void,
  databaseUrl?: string,
): Promise<BenchFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-alerts-'))
  try {
    const { userId, token } = await seed(dataDir, databaseUrl)
    const server = await startServer(dataDir, databaseUrl)
    let run: Awaited<ReturnType<typeof ingest>>
    let lat: Awaited<ReturnType<typeof latency>>
    try {
      const pool = new Pool(`http://127.0.0.1:${PORT}`, { connections: 64 })
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      await pool
        .request({
          method: 'POST',
          path: '/api/update-mute-all-alerts',
          headers: auth,
          body: JSON.stringify({ mute: true }),
        })
        .then((r) => r.body.text())
      for (let w = 0; w < 200; w++) {
        const req = cheer(`warmup-${w}`, -w)
        await (
          await pool.request({
            method: 'POST',
            path: '/api/donation/twitch/eventsub',
            headers: req.headers,
            body: req.body,
          })
        ).body.text()
      }
      run = await ingest(pool, log, server.child.pid)
      const drain = await drained(pool, token, 200 + run.unique.length)
      log(
        `queue drained ${drain.toFixed(1)} s after the last event was accepted (muted: every alert skipped by the rules)`,
      )
      lat = await latency(pool, token, log)
      await pool.close()
    } finally {
      await server.stop()
    }
    const check = await verify(dataDir, databaseUrl, userId, run.unique)
    const rate = run.unique.length / run.elapsed
    log(
      `${engine}: ${check.lost} lost, ${check.duplicated} duplicated, ${check.relays} caught as relays, ${check.withoutOneJob} events without exactly one alert job`,
    )
    const p95 = percentile(lat.toAlert, 95)
    const audioP95 = percentile(lat.toAudio, 95)
    const round = (v: number) => Math.round(v * 10) / 10
    return [
      {
        name: `alerts ingest, unique events/s sustained (${engine})`,
        value: Math.round(rate),
        unit: 'events/s',
        target: `≥ ${TARGET_RATE}`,
        ok: rate >= TARGET_RATE && run.errors.length === 0,
        note: `${run.errors.length} errors`,
      },
      {
        name: `alerts ingest, webhook p95 from schedule (${engine})`,
        value: round(percentile(run.latencies, 95)),
        unit: 'ms',
      },
      {
        name: `alerts ingest, server CPU per event incl. its alert job (${engine})`,
        value: Math.round((run.serverCpu * 1e6) / run.requests) / 1000,
        unit: 'ms',
        note: `${Math.round(1000 / ((run.serverCpu * 1000) / run.requests))} events/s per core; load ${os.loadavg()[0]!.toFixed(1)}`,
      },
      {
        name: `alerts ingest, lost of ${run.unique.length} (${engine})`,
        value: check.lost,
        unit: 'events',
        target: '= 0',
        ok: check.lost === 0,
      },
      {
        name: `alerts ingest, duplicated (${run.requests - run.unique.length} redeliveries sent) (${engine})`,
        value: check.duplicated + check.relays,
        unit: 'events',
        target: '= 0',
        ok: check.duplicated + check.relays === 0,
      },
      {
        name: `alerts ingest, events without exactly one alert job (${engine})`,
        value: check.withoutOneJob,
        unit: 'events',
        target: '= 0',
        ok: check.withoutOneJob === 0,
      },
      {
        name: `alert accepted → on overlay p50 (${engine})`,
        value: round(percentile(lat.toAlert, 50)),
        unit: 'ms',
      },
      {
        name: `alert accepted → on overlay p95 (${engine})`,
        value: round(p95),
        unit: 'ms',
        target: `≤ ${TARGET_P95_MS}`,
        ok: p95 <= TARGET_P95_MS,
      },
      {
        name: `alert accepted → audio first byte p50 (${engine})`,
        value: round(percentile(lat.toAudio, 50)),
        unit: 'ms',
      },
      {
        name: `alert accepted → audio first byte p95 (${engine})`,
        value: round(audioP95),
        unit: 'ms',
        target: `≤ ${TARGET_P95_MS}`,
        ok: audioP95 <= TARGET_P95_MS,
      },
    ]
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export const run: BenchRun = async (log) => {
  const figures: BenchFigure[] = []
  for (const engine of engines) {
    if (engine === 'pglite') figures.push(...(await benchOn('pglite', log)))
    else
      figures.push(...(await withTempDatabase(pgServer!, 'alerts', (url) => benchOn('postgres', log, url))))
  }
  return figures
}

// Run directly (node --import tsx bench/alerts.bench.ts): print the figures; npm run bench imports run().
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await run((line) => console.log(line))
  for (const f of figures)
    console.log(
      `${f.ok === undefined ? ' ' : f.ok ? '✓' : '✗'} ${f.name}: ${f.value} ${f.unit}${f.target ? ` (target ${f.target})` : ''}`,
    )
  process.exitCode = figures.every((f) => f.ok !== false) ? 0 : 1
}
