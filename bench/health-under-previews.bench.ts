/**
 * `/api/health` while anonymous previews flood the server (issue 23: p99 318–421 ms, goal ≤ 100 ms).
 * The real server runs in its own process (MODE=all, PGlite); the previews come from a load
 * generator in another process (bench/overload-load.ts: waves of CONCURRENCY concurrent
 * `POST /api/voices/preview`, no login, each caller its own address through X-Forwarded-For); this
 * process only probes `/api/health` every 50 ms, so its own clock is not delayed by the load.
 * Prints health p50/p99 for each concurrency (default 60 and 200) and the preview outcomes.
 *
 *   npm run bench -- health-under-previews      (CONCURRENCY=60,200 DURATION=15 PORT=4093)
 *   BENCH_SERVER_NODE_ARGS=--cpu-prof …         (a CPU profile of the server, to see what holds its loop)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { Pool } from 'undici'
import { startServerProcess } from '../apps/server/test/server-process'
import { percentile } from './alerts-kit'
import { benchNodeArgs, ownCpuSeconds } from './bench-kit'
import type { BenchFigure, BenchRun } from './bench-kit'

const CONCURRENCY = (process.env.CONCURRENCY ?? '60,200').split(',').map(Number)
const DURATION_S = Number(process.env.DURATION ?? 15)
const PORT = Number(process.env.PORT ?? 4093)
const PROBE_EVERY_MS = 50
const TARGET_P99_MS = 100

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const round = (v: number) => Math.round(v * 10) / 10

function previewLoad(wave: number, durationMs: number): Promise<Array<{ status: number; ms: number }>> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(import.meta.dirname, 'overload-load.ts')],
    {
      env: {
        ...process.env,
        BASE: `http://127.0.0.1:${PORT}`,
        WAVE: String(wave),
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
        ? resolve(JSON.parse(out) as Array<{ status: number; ms: number }>)
        : reject(new Error(`the load generator exited with ${code}`)),
    )
  })
}

async function probeHealth(pool: Pool, until: number) {
  const times: number[] = []
  let failures = 0
  while (performance.now() < until) {
    const sent = performance.now()
    const res = await pool.request({ method: 'GET', path: '/api/health' })
    await res.body.dump()
    if (res.statusCode !== 200) failures++
    times.push(performance.now() - sent)
    await sleep(Math.max(0, PROBE_EVERY_MS - (performance.now() - sent)))
  }
  return { times: times.sort((a, b) => a - b), failures }
}

export const run: BenchRun = async (log) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-health-'))
  const server = await startServerProcess(
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      MODE: 'all',
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      DATABASE_URL: '',
      TRUST_PROXY: 'true',
      SOURCES_ENABLED: 'false',
    },
    { nodeArgs: benchNodeArgs() },
  )
  const figures: BenchFigure[] = []
  try {
    const probes = new Pool(`http://127.0.0.1:${PORT}`, { connections: 2 })
    // Warm: the speech engines and the route.
    await (
      await probes.request({
        method: 'POST',
        path: '/api/voices/preview',
        body: JSON.stringify({ text: 'Warming up.' }),
        headers: { 'content-type': 'application/json' },
      })
    ).body.dump()
    const quiet = await probeHealth(probes, performance.now() + 3000)
    log(
      `quiet: health p50 ${round(percentile(quiet.times, 50))} ms, p99 ${round(percentile(quiet.times, 99))} ms (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
    )
    for (const wave of CONCURRENCY) {
      const until = performance.now() + DURATION_S * 1000
      const cpu0 = ownCpuSeconds(server.child.pid!)
      const [outcomes, health] = await Promise.all([
        previewLoad(wave, DURATION_S * 1000),
        probeHealth(probes, until),
      ])
      // The server's own CPU (its Festival and ffmpeg children not counted), per preview call: steadier than wall times on a shared machine.
      const cpuMsPerCall = ((ownCpuSeconds(server.child.pid!) - cpu0) * 1000) / outcomes.length
      const by = (s: number) => outcomes.filter((o) => o.status === s).length
      const p50 = percentile(health.times, 50)
      const p99 = percentile(health.times, 99)
      log(
        `${wave} concurrent previews: ${outcomes.length} sent, ${by(200)} spoken, ${by(503)} refused busy, ${by(429)} rate-limited; health p50 ${round(p50)} ms, p99 ${round(p99)} ms, max ${round(health.times.at(-1) ?? NaN)} ms over ${health.times.length} checks; server CPU ${round(cpuMsPerCall)} ms per preview call`,
      )
      figures.push(
        { name: `health under ${wave} concurrent previews: p50`, value: round(p50), unit: 'ms' },
        {
          name: `server CPU per preview call at ${wave} concurrent (own process)`,
          value: round(cpuMsPerCall),
          unit: 'ms',
          note: `${by(200)} spoken of ${outcomes.length}`,
        },
        {
          name: `health under ${wave} concurrent previews: p99`,
          value: round(p99),
          unit: 'ms',
          target: `≤ ${TARGET_P99_MS}`,
          ok: p99 <= TARGET_P99_MS && health.failures === 0,
          note: `${health.failures} failed`,
        },
      )
      await sleep(2000)
    }
    await probes.close()
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return figures
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await run((line) => console.log(line))
  for (const f of figures)
    console.log(
      `${f.ok === undefined ? ' ' : f.ok ? '✓' : '✗'} ${f.name}: ${f.value} ${f.unit}${f.target ? ` (target ${f.target})` : ''}`,
    )
}
