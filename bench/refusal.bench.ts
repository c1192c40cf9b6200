/**
 * What one refused speech preview costs the server's event loop: the speech gate is filled in
 * process, then REQUESTS previews (JSON body, as a flood sends them) go through Fastify with
 * `app.inject` — routing, hooks, body, validation, the 503 — without sockets. CPU per refusal is
 * the figure; it does not move with the machine's load as wall times do.
 *
 *   npm run bench -- refusal        (REQUESTS=3000)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadConfig } from '../apps/server/src/platform/config'
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db/client'
import { startQueue } from '../apps/server/src/platform/queue/queue'
import { startRealtime } from '../apps/server/src/platform/realtime/realtime'
import { createStorage } from '../apps/server/src/platform/storage/create-storage'
import { buildApp } from '../apps/server/src/platform/http/app'
import { admission } from '../apps/server/src/platform/admission/admission'
import type { Platform } from '../apps/server/src/platform/context'
import { loadNote } from './bench-kit'
import type { BenchRun } from './bench-kit'

const REQUESTS = Number(process.env.REQUESTS ?? 3000)
const payload = JSON.stringify({
  text: 'Thanks so much for the follow! Welcome in, grab a seat and say hello to everyone in chat.',
})

export const run: BenchRun = async (log) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-refusal-'))
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
  })
  const database = await openDatabase({})
  await migrateDatabase(database)
  const queue = await startQueue(database, { supervise: false })
  const realtime = await startRealtime({ database, serveSockets: true })
  const platform: Platform = {
    config,
    database,
    db: database.db,
    queue,
    realtime,
    storage: createStorage(config),
  }
  const app = await buildApp(platform)
  await app.ready()
  const gate = admission('speech')
  const holds: Array<() => void> = []
  const fill = () => {
    while (!gate.isFull())
      void gate.run(() => new Promise<void>((resolve) => holds.push(resolve))).catch(() => undefined)
  }
  try {
    const send = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/voices/preview',
        payload,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.9.${(i >> 8) & 255}.${(i & 255) + 1}`,
        },
      })
    fill()
    for (let i = 0; i < 200; i++) await send(i) // warm the path
    fill()
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    let refused = 0
    for (let i = 0; i < REQUESTS; i += 100) {
      fill()
      const batch = await Promise.all(Array.from({ length: 100 }, (_, k) => send(i + k)))
      refused += batch.filter((r) => r.statusCode === 503).length
    }
    const cpu = process.cpuUsage(cpu0)
    const cpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS
    log(
      `${refused} of ${REQUESTS} refused, ${((performance.now() - t0) / REQUESTS).toFixed(3)} ms wall each (${loadNote()})`,
    )
    return [
      {
        name: 'refused speech preview: server CPU per call (inject, no socket)',
        value: Math.round(cpuMs * 1000) / 1000,
        unit: 'ms',
        note: `${refused}/${REQUESTS} refused`,
      },
    ]
  } finally {
    for (const release of holds) release()
    await app.close()
    await queue.stop()
    await realtime.close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const f of await run((line) => console.log(line)))
    console.log(`${f.name}: ${f.value} ${f.unit} (${f.note})`)
}
