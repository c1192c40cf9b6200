/**
 * Admin lists over a big table (issue 13): 1,000,000 users seeded into a fresh embedded database
 * (or a throwaway database on the PostgreSQL server of BENCH_DATABASE_URL), then, server-side through the same list helper the routes
 * use: a page (p95 of pages 1–20, default sort), a search (keySearch, p95), and the full CSV export
 * (rows per second and the process's peak memory growth while streaming).
 * Targets: page ≤ 50 ms p95, search ≤ 200 ms p95, export ≥ 50,000 rows/s with memory bounded.
 *
 *   npm run bench -- admin      (ROWS=1000000)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import { openDatabase, migrateDatabase } from '../apps/server/src/platform/db/client'
import { listPage, scanCsv } from '../apps/server/src/platform/db/list-query'
import { usersCsvCells, usersListSpec, usersWhere } from '../apps/server/src/modules/users/users.repo'
import { loadNote, processCpuSeconds, withTempDatabase } from './bench-kit'
import type { BenchRun } from './bench-kit'

const ROWS = Number(process.env.ROWS ?? 1_000_000)
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!

/** Wall times of `n` calls, and this process's CPU ms per call (all of it on PGlite, the client's share on PostgreSQL). */
async function timed(n: number, fn: (i: number) => Promise<unknown>) {
  const out: number[] = []
  const cpu0 = processCpuSeconds()
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await fn(i)
    out.push(performance.now() - t0)
  }
  return Object.assign(out, { cpuMs: ((processCpuSeconds() - cpu0) * 1000) / n })
}

export const run: BenchRun = (log) => {
  const server = process.env.BENCH_DATABASE_URL
  // A fresh database each run, never the one the URL names: the seed would collide with last run's.
  return server ? withTempDatabase(server, 'admin', (url) => bench(log, url)) : bench(log)
}

async function bench(log: (line: string) => void, databaseUrl?: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-admin-'))
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : path.join(dir, 'db'),
  })
  try {
    await migrateDatabase(database)
    const t0 = performance.now()
    // In chunks so PGlite's memory stays small; created_at spread over the last ~3 years.
    for (let from = 1; from <= ROWS; from += 200_000) {
      const to = Math.min(ROWS, from + 199_999)
      await database.raw.exec(`insert into users (username, email, password_hash, is_enabled, created_at)
        select 'user' || g, 'user' || g || '@bench.test', 'x', g % 10 <> 0, now() - (g || ' seconds')::interval * 90
        from generate_series(${from}, ${to}) g`)
    }
    await database.raw.exec('analyze users')
    log(
      `seeded ${ROWS.toLocaleString()} users in ${((performance.now() - t0) / 1000).toFixed(1)} s (${database.kind})`,
    )
    const db = database.db

    const first = await listPage(db, usersListSpec, { page: 1, perPage: 25 }) // warm
    log(
      `total shown on the first page: ${first.total_estimated ? 'about ' : ''}${first.total.toLocaleString()}${first.total_capped ? '+' : ''}; ${loadNote()}`,
    )
    const pages = await timed(20, (i) => listPage(db, usersListSpec, { page: i + 1, perPage: 25 }))
    const filtered = await timed(10, (i) =>
      listPage(db, usersListSpec, {
        where: usersWhere({ status: 'disabled' }),
        sort: 'username',
        dir: 'asc',
        page: i + 1,
        perPage: 25,
      }),
    )
    const searches = await timed(5, (i) =>
      listPage(db, usersListSpec, {
        where: usersWhere({ keySearch: `user${4321 + i * 7919}` }),
        page: 1,
        perPage: 25,
      }),
    )

    // The export as the route streams it: batches → CSV lines → a sink (the socket in production).
    const rss0 = process.memoryUsage().rss
    let peak = rss0
    let rows = 0
    let bytes = 0
    const e0 = performance.now()
    const ecpu0 = processCpuSeconds()
    async function* lines() {
      for await (const chunk of scanCsv(
        db,
        usersListSpec,
        { sort: 'created_at', dir: 'desc' },
        usersCsvCells,
      )) {
        rows += chunk.split('\n').length - 1
        peak = Math.max(peak, process.memoryUsage().rss)
        yield chunk
      }
    }
    await pipeline(
      Readable.from(lines()),
      new Writable({
        write(chunk: Buffer, _e, cb) {
          bytes += chunk.length
          cb()
        },
      }),
    )
    const exportS = (performance.now() - e0) / 1000
    const exportCpuS = processCpuSeconds() - ecpu0
    const rate = rows / exportS
    const growthMb = (peak - rss0) / 1e6
    log(`export: ${rows.toLocaleString()} rows, ${(bytes / 1e6).toFixed(1)} MB in ${exportS.toFixed(1)} s`)

    return [
      {
        name: `users page (25 rows, newest first, with total) p95 over ${ROWS.toLocaleString()}`,
        value: p95(pages),
        unit: 'ms',
        target: '≤ 50',
        ok: p95(pages) <= 50,
        note: `${pages.cpuMs.toFixed(1)} ms CPU/page in this process`,
      },
      {
        name: 'users page filtered (disabled, by username) p95',
        value: p95(filtered),
        unit: 'ms',
        target: '≤ 50',
        ok: p95(filtered) <= 50,
        note: `${filtered.cpuMs.toFixed(1)} ms CPU/page`,
      },
      {
        name: 'users search (keySearch fragment) p95',
        value: p95(searches),
        unit: 'ms',
        target: '≤ 200',
        ok: p95(searches) <= 200,
        note: `${searches.cpuMs.toFixed(1)} ms CPU/search`,
      },
      {
        name: 'CSV export of every row',
        value: Math.round(rate),
        unit: 'rows/s',
        target: '≥ 50000',
        ok: rate >= 50_000,
        note: `${exportCpuS.toFixed(1)} s CPU in this process`,
      },
      {
        name: 'CSV export peak memory growth',
        value: Math.round(growthMb),
        unit: 'MB',
        note: `${rows.toLocaleString()} rows, ${(bytes / 1e6).toFixed(0)} MB written`,
      },
    ]
  } finally {
    await database.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
