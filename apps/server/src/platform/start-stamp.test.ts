import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startServerProcess } from '../../test/server-process'
import { pgliteMigrationStamp } from './db/client'
import { startStampFile } from './start-stamp'

const root = path.resolve(import.meta.dirname, '../../../..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-start-stamp-'))
// Inside the repository (gitignored .tmp/), so the bundle finds node_modules as apps/server/dist does.
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true })
const dist = fs.mkdtempSync(path.join(root, '.tmp', 'start-stamp-dist-'))
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true })
  fs.rmSync(dist, { recursive: true, force: true })
})

/** Starts the bundled server as `npm start` does, until healthy; answers the order of its start-up phases, then stops it. */
async function startBundle(entry: string, port: number) {
  const server = await startServerProcess(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      MODE: 'all',
      DATABASE_URL: '',
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'stamp-admin-password',
      LOG_LEVEL: 'warn',
      SOURCES_ENABLED: 'false',
      START_TRACE: '1',
    },
    { entry },
  )
  try {
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200)
    // Workers and seeds may still be finishing after the ready line: wait for the last mark.
    await expect.poll(() => server.log().includes('[start] started'), { timeout: 60_000 }).toBe(true)
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'stamp-admin-password' }),
    })
    expect(login.status).toBe(200)
    const lines = server.log().split('\n')
    const at = (text: string) => lines.findIndex((l) => l.includes(text))
    return {
      ready: at('Mouthpiece is running'),
      seeded: at('[start] seed seedAdmin'),
      working: at('[start] workers startDonationsWorkers'),
    }
  } finally {
    await server.stop()
  }
}

it(
  'seeds and starts workers before listening on a first start, after it once this build has started on this data',
  { timeout: 240_000 },
  async () => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), dist], { cwd: root })
    const entry = path.join(dist, 'main.js')

    // A fresh data dir: migrate, seed and start the workers, then listen.
    const first = await startBundle(entry, 4471)
    expect(first.seeded).toBeGreaterThanOrEqual(0)
    expect(first.seeded).toBeLessThan(first.ready)
    expect(first.working).toBeLessThan(first.ready)
    const dbDir = path.join(work, 'data', 'db')
    expect(fs.existsSync(startStampFile(dbDir))).toBe(true)

    // The same build on the same data: health answers first, seeds and workers follow (and still run).
    const warm = await startBundle(entry, 4472)
    expect(warm.seeded).toBeGreaterThan(warm.ready)
    expect(warm.working).toBeGreaterThan(warm.ready)

    // Migrations that changed since (a stamp for other files): everything before listening again.
    fs.writeFileSync(pgliteMigrationStamp(dbDir), 'an older set of migrations')
    const migrated = await startBundle(entry, 4473)
    expect(migrated.seeded).toBeLessThan(migrated.ready)

    // Another build (a changed chunk name) is not proven either.
    fs.writeFileSync(path.join(dist, 'extra-chunk-ABCDEFGH.js'), '')
    const rebuilt = await startBundle(entry, 4474)
    expect(rebuilt.seeded).toBeLessThan(rebuilt.ready)
  },
)
