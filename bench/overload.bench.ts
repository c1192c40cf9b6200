/**
 * Overload: the real server in its own process (MODE=all, PGlite) while waves of 200 concurrent
 * speech previews (`POST /api/voices/preview`, no login, each from its own address through
 * X-Forwarded-For, so the per-IP limit does not hide the work) arrive from a load generator in a
 * process of its own (bench/overload-load.ts), for DURATION seconds. Meanwhile, from here:
 *
 * - `/api/health` and a signed-in `GET /api/notifications` every 50 ms: p99 ≤ 100 ms;
 * - a cheer every 400 ms, timed from sending the webhook to the alert on the overlay: p95 ≤ 150 ms;
 * - every preview is answered or refused (503 + Retry-After, or 429): none waits more than 10 s.
 *
 *   node --import tsx bench/overload.bench.ts     (DURATION=20 BASELINE=5 WAVE=200 PORT=4091)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { Pool } from 'undici'
import { openOverlay } from '../apps/server/src/modules/donations/testing/harness'
import { startServerProcess } from '../apps/server/test/server-process'
import { cheer, percentile, SECRET, seed } from './alerts-kit'
import { benchNodeArgs, ownCpuSeconds } from './bench-kit'
import type { BenchRun } from './bench-kit'

const DURATION_S = Number(process.env.DURATION ?? 20)
const BASELINE_S = Number(process.env.BASELINE ?? 5)
const WAVE = Number(process.env.WAVE ?? 200)
const PORT = Number(process.env.PORT ?? 4091)
const PROBE_EVERY_MS = 50
const ALERT_EVERY_MS = 400
const TARGET_PROBE_P99_MS = 100
const TARGET_ALERT_P95_MS = 150
const TARGET_PREVIEW_MAX_S = 10

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const round = (v: number) => Math.round(v * 10) / 10

interface PreviewOutcome {
  status: number
  ms: number
}

/** Runs bench/overload-load.ts in its own process; answers every preview's outcome. */
function previewWaves(durationMs: number): Promise<PreviewOutcome[]> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(import.meta.dirname, 'overload-load.ts')],
    {
      env: {
        ...process.env,
        BASE: `http://127.0.0.1:${PORT}`,
        WAVE: String(WAVE),
        DURATION_MS: String(durationMs),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as PreviewOutcome[])
        : reject(new Error(`the load generator exited with ${code}`)),
    )
  })
}

/** GETs `path` every PROBE_EVERY_MS until `until`; answers each call's time (errors count as failures). */
async function probe(pool: Pool, reqPath: string, headers: Record<string, string>, until: number) {
  const times: number[] = []
  let failures = 0
  while (performance.now() < until) {
    const sent = performance.now()
    const res = await pool.request({ method: 'GET', path: reqPath, headers })
    await res.body.dump()
    if (res.statusCode !== 200) failures++
    times.push(performance.now() - sent)
    await sleep(Math.max(0, PROBE_EVERY_MS - (performance.now() - sent)))
  }
  return { times: times.sort((a, b) => a - b), failures }
}

let cheersSent = 0

/** One cheer every ALERT_EVERY_MS, timed from sending it to its alert on the overlay's stream. */
async function alertsDuringLoad(pool: Pool, overlayKey: string, until: number) {
  const arrivals = new Map<string, number>()
  const overlay = await openOverlay(`http://127.0.0.1:${PORT}`, overlayKey, undefined, (alert) =>
    arrivals.set(alert.message ?? '', performance.now()),
  )
  const times: number[] = []
  let lost = 0
  while (performance.now() < until) {
    // Small numbers: the message filter would shorten long runs of one digit.
    const n = ++cheersSent
    const req = cheer(randomUUID(), n)
    const message = `bench cheer number ${n}`
    const sent = performance.now()
    const res = await pool.request({
      method: 'POST',
      path: '/api/donation/twitch/eventsub',
      headers: req.headers,
      body: req.body,
    })
    await res.body.dump()
    while (!arrivals.has(message) && performance.now() - sent < 5000) await sleep(1)
    const at = arrivals.get(message)
    if (at === undefined) lost++
    else times.push(at - sent)
    await sleep(Math.max(0, ALERT_EVERY_MS - (performance.now() - sent)))
  }
  overlay.close()
  return { times: times.sort((a, b) => a - b), lost }
}

export const run: BenchRun = async (log) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-overload-'))
  try {
    const { token } = await seed(dataDir, undefined)
    const server = await startServerProcess(
      {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        DATA_DIR: dataDir,
        MODE: 'all',
        ADMIN_PASSWORD: 'bench-admin-password',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        TRUST_PROXY: 'true',
        TWITCH_EVENTSUB_TRANSPORT: 'webhook',
        TWITCH_EVENTSUB_SECRET: SECRET,
        SOURCES_ENABLED: 'false',
      },
      { nodeArgs: benchNodeArgs() },
    )
    try {
      const base = `http://127.0.0.1:${PORT}`
      const probes = new Pool(base, { connections: 8 })
      const auth = { authorization: `Bearer ${token}` }
      const settings = (await (
        await probes.request({ method: 'GET', path: '/api/donation/settings', headers: auth })
      ).body.json()) as { settings: { overlay_url: string } }
      const overlayKey = new URL(settings.settings.overlay_url).searchParams.get('key')!
      // Warm: the speech engines, the prepared statements, the alert path.
      await (
        await probes.request({
          method: 'POST',
          path: '/api/voices/preview',
          body: JSON.stringify({ text: 'Warming up.' }),
          headers: { 'content-type': 'application/json' },
        })
      ).body.dump()
      await alertsDuringLoad(probes, overlayKey, performance.now() + 1500)

      // The server's own CPU (not its Festival and ffmpeg children): wall figures move with the
      // machine's load, CPU per call does not.
      const serverPid = server.child.pid!
      const quietCpu0 = ownCpuSeconds(serverPid)
      // The same probes without previews first: on a shared machine, what the load costs by itself.
      const quietUntil = performance.now() + BASELINE_S * 1000
      const [quietHealth, quietNotifications, quietAlerts] = await Promise.all([
        probe(probes, '/api/health', {}, quietUntil),
        probe(probes, '/api/notifications?limit=10&page=1', auth, quietUntil),
        alertsDuringLoad(probes, overlayKey, quietUntil),
      ])
      const quietCpu = ownCpuSeconds(serverPid) - quietCpu0
      log(
        `without previews: health p99 ${round(percentile(quietHealth.times, 99))} ms, notifications p99 ${round(percentile(quietNotifications.times, 99))} ms, alert → overlay p95 ${round(percentile(quietAlerts.times, 95))} ms (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
      )

      const loadCpu0 = ownCpuSeconds(serverPid)
      const until = performance.now() + DURATION_S * 1000
      const [outcomes, health, notifications, alerts] = await Promise.all([
        previewWaves(DURATION_S * 1000),
        probe(probes, '/api/health', {}, until),
        probe(probes, '/api/notifications?limit=10&page=1', auth, until),
        // The alerts start once the first wave has filled the server's queue.
        sleep(300).then(() => alertsDuringLoad(probes, overlayKey, until)),
      ])
      const loadCpu = ownCpuSeconds(serverPid) - loadCpu0
      await probes.close()

      const spoken = outcomes.filter((o) => o.status === 200)
      const busy = outcomes.filter((o) => o.status === 503)
      const limited = outcomes.filter((o) => o.status === 429)
      const other = outcomes.length - spoken.length - busy.length - limited.length
      const slowest = Math.max(...outcomes.map((o) => o.ms)) / 1000
      const refusedTimes = [...busy, ...limited].map((o) => o.ms).sort((a, b) => a - b)
      log(
        `${outcomes.length} previews in waves of ${WAVE}: ${spoken.length} spoken, ${busy.length} refused busy (503), ${limited.length} refused by the per-IP limit (429), ${other} other`,
      )
      log(
        `refusals answered p50 ${round(percentile(refusedTimes, 50))} ms, p95 ${round(percentile(refusedTimes, 95))} ms; spoken p50 ${round(
          percentile(
            spoken.map((o) => o.ms).sort((a, b) => a - b),
            50,
          ),
        )} ms`,
      )
      // What the previews cost the server's process beyond the probes and alerts it serves anyway.
      const previewCpuMs = ((loadCpu - (quietCpu * DURATION_S) / BASELINE_S) * 1000) / outcomes.length
      log(
        `server process CPU (children not counted): ${round(quietCpu)} s in ${BASELINE_S} s without previews, ${round(loadCpu)} s in ${DURATION_S} s with them: ≈ ${round(previewCpuMs)} ms per preview call`,
      )
      log(
        `${health.times.length} health checks, ${notifications.times.length} notification lists, ${alerts.times.length} alerts (${alerts.lost} not on the overlay within 5 s)`,
      )

      const healthP99 = percentile(health.times, 99)
      const notificationsP99 = percentile(notifications.times, 99)
      const alertP95 = percentile(alerts.times, 95)
      return [
        {
          name: 'overload: previews spoken',
          value: spoken.length,
          unit: 'calls',
          note: `of ${outcomes.length}`,
        },
        {
          name: 'overload: previews refused at once (503 busy + 429 limit)',
          value: busy.length + limited.length,
          unit: 'calls',
          note: `refusal p95 ${round(percentile(refusedTimes, 95))} ms`,
        },
        {
          name: 'overload: server CPU per preview call (own process)',
          value: round(previewCpuMs),
          unit: 'ms',
          note: `${round(loadCpu)} CPU-s under load, ${round(quietCpu)} CPU-s in ${BASELINE_S} s quiet`,
        },
        {
          name: 'overload: previews neither answered nor refused',
          value: other,
          unit: 'calls',
          target: '= 0',
          ok: other === 0,
        },
        {
          name: 'overload: longest wait for any preview answer',
          value: round(slowest),
          unit: 's',
          target: `≤ ${TARGET_PREVIEW_MAX_S}`,
          ok: slowest <= TARGET_PREVIEW_MAX_S,
        },
        {
          name: 'overload: GET /api/health p99',
          value: round(healthP99),
          unit: 'ms',
          target: `≤ ${TARGET_PROBE_P99_MS}`,
          ok: healthP99 <= TARGET_PROBE_P99_MS && health.failures === 0,
          note: `${health.failures} failed`,
        },
        {
          name: 'overload: GET /api/notifications p99',
          value: round(notificationsP99),
          unit: 'ms',
          target: `≤ ${TARGET_PROBE_P99_MS}`,
          ok: notificationsP99 <= TARGET_PROBE_P99_MS && notifications.failures === 0,
          note: `${notifications.failures} failed`,
        },
        {
          name: 'overload: alert accepted → on overlay p50',
          value: round(percentile(alerts.times, 50)),
          unit: 'ms',
        },
        {
          name: 'overload: alert accepted → on overlay p95',
          value: round(alertP95),
          unit: 'ms',
          target: `≤ ${TARGET_ALERT_P95_MS}`,
          ok: alertP95 <= TARGET_ALERT_P95_MS && alerts.lost === 0,
          note: `${alerts.lost} lost`,
        },
      ]
    } finally {
      await server.stop()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

// Run directly (node --import tsx bench/overload.bench.ts): print the figures; npm run bench imports run().
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await run((line) => console.log(line))
  for (const f of figures)
    console.log(
      `${f.ok === undefined ? ' ' : f.ok ? '✓' : '✗'} ${f.name}: ${f.value} ${f.unit}${f.target ? ` (target ${f.target})` : ''}`,
    )
  process.exitCode = figures.every((f) => f.ok !== false) ? 0 : 1
}
