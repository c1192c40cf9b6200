/**
 * Warm start: `npm start` (nothing changed since the last start) until `/api/health` answers 200.
 * One warm-up start first (it may install, build, migrate and seed a fresh DATA_DIR), then RUNS
 * timed starts, each on a fresh PORT and the same DATA_DIR, killed once healthy. Prints wall
 * seconds and the CPU seconds the start's process tree used until then, with the load average.
 *
 *   npm run bench -- start          (RUNS=3 PORT=4191; issue 14: ≤ 5 s)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { loadNote, median, processCpuSeconds } from './bench-kit'
import type { BenchRun } from './bench-kit'

const RUNS = Number(process.env.RUNS ?? 3)
const FIRST_PORT = Number(process.env.PORT ?? 4191)
const TARGET_S = 5
const root = path.resolve(import.meta.dirname, '..')

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** One `npm start` until healthy: wall seconds, CPU seconds of its tree, and what the server printed. */
async function startOnce(port: number, dataDir: string, timeoutMs: number) {
  const t0 = performance.now()
  // Its own process group, so the kill reaches npm, bash and node alike.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      START_TRACE: '1',
    },
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    while (performance.now() - t0 < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${out}`)
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) return { wall: (performance.now() - t0) / 1000, cpu: processCpuSeconds(child.pid), out }
      await sleep(25)
    }
    throw new Error(`not healthy within ${timeoutMs / 1000} s:\n${out}`)
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // already gone
    }
    await Promise.race([exited, sleep(10_000)])
  }
}

export const run: BenchRun = async (log) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-start-'))
  try {
    const warm = await startOnce(FIRST_PORT, dataDir, 15 * 60_000)
    log(
      `warm-up start (fresh data dir): ${warm.wall.toFixed(2)} s wall, ${warm.cpu.toFixed(2)} CPU-s (${loadNote()})`,
    )
    const walls: number[] = []
    const cpus: number[] = []
    for (let i = 1; i <= RUNS; i++) {
      const r = await startOnce(FIRST_PORT + i, dataDir, 120_000)
      walls.push(r.wall)
      cpus.push(r.cpu)
      const trace = r.out
        .split('\n')
        .filter((l) => l.startsWith('[start]') || l.includes('ready in'))
        .join('\n     ')
      log(
        `start ${i}: ${r.wall.toFixed(2)} s wall, ${r.cpu.toFixed(2)} CPU-s until healthy (${loadNote()})\n     ${trace}`,
      )
    }
    const wall = median(walls)
    return [
      {
        name: 'warm npm start → /api/health 200 (median)',
        value: Math.round(wall * 100) / 100,
        unit: 's',
        target: `≤ ${TARGET_S}`,
        ok: wall <= TARGET_S,
        note: `runs ${walls.map((w) => w.toFixed(2)).join(', ')}; ${loadNote()}`,
      },
      {
        name: 'warm npm start CPU until healthy (median)',
        value: Math.round(median(cpus) * 100) / 100,
        unit: 'CPU-s',
        note: cpus.map((c) => c.toFixed(2)).join(', '),
      },
    ]
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

// Run directly (node --import tsx bench/start.bench.ts): print the figures; npm run bench imports run().
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await run((line) => console.log(line))
  for (const f of figures)
    console.log(
      `${f.ok === undefined ? ' ' : f.ok ? '✓' : '✗'} ${f.name}: ${f.value} ${f.unit}${f.target ? ` (target ${f.target})` : ''}${f.note ? ` (${f.note})` : ''}`,
    )
  process.exitCode = figures.every((f) => f.ok !== false) ? 0 : 1
}
