import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Render, RenderLog } from '@mouthpiece/contracts/renders/renders.schemas'
import { GenerationFlow, RenderStatus } from '@mouthpiece/contracts/statuses'
import { openTestDatabase } from '../../../../test/harness'
import { startServerProcess } from '../../../../test/server-process'
import type { TestApp } from '../../../../test/harness'
import { loadConfig } from '../../../platform/config'
import type { Platform } from '../../../platform/context'
import type { Database } from '../../../platform/db/client'
import { buildApp } from '../../../platform/http/app'
import { startQueue } from '../../../platform/queue/queue'
import { startRealtime } from '../../../platform/realtime/realtime'
import { createStorage } from '../../../platform/storage/create-storage'
import { seedModules } from '../../../modules'
import { rendersClient } from '../testing/renders-client'

const onPostgres = process.env.TEST_DB_ENGINE === 'postgres'

/**
 * Scaled out on PostgreSQL: this process is an API process (`serve`) and renders are done by
 * separate `work` processes. One worker is killed (SIGKILL) half-way through a video; the job is
 * handed to the next worker once the dead one stops sending heartbeats, and the video completes.
 */
describe.runIf(onPostgres)('renders across processes (PostgreSQL)', () => {
  let database: Database
  let drop: () => Promise<void>
  let url: string
  let app: FastifyInstance
  let close: () => Promise<void>
  let t: TestApp
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-render-procs-'))
  const workers: ChildProcess[] = []

  async function startWorker(env: Record<string, string> = {}): Promise<ChildProcess> {
    const { child } = await startServerProcess(
      {
        ...env,
        DATABASE_URL: url,
        MODE: 'work',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        ADMIN_PASSWORD: 'admin-password-1',
        LOG_LEVEL: 'warn',
      },
      // The bundle `npm start` runs (test/global-setup.ts): no TypeScript compiled at each start.
      { entry: inject('serverEntry') },
    )
    workers.push(child)
    return child
  }

  beforeAll(async () => {
    const opened = await openTestDatabase()
    database = opened.database
    drop = opened.drop
    url = opened.url!
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      MODE: 'serve',
      ADMIN_PASSWORD: 'admin-password-1',
    })
    const queue = await startQueue(database, { supervise: false })
    const realtime = await startRealtime({ database, databaseUrl: url, serveSockets: true })
    const platform: Platform = {
      config,
      database,
      db: database.db,
      queue,
      realtime,
      storage: createStorage(config),
    }
    for (const seed of seedModules) await seed(platform)
    app = await buildApp(platform)
    await app.ready()
    close = async () => {
      await app.close()
      await queue.stop()
      await realtime.close()
    }
    t = { ...platform, app, close }
  }, 60_000)

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL')
    await close?.()
    await database?.close()
    await drop?.()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('a separate worker does the render; killing it mid-video hands the job to the next worker', async () => {
    const client = rendersClient(t)
    const first = await startWorker()
    const me = await client.register()
    const text =
      'We render this one in another process, and then we pull the plug on that process halfway through the video to see what happens next.'
    const res = await client.call('POST', '/api/quick-create', me, { text, voice_id: 'espeak:en-us' })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json<{ render: Render }>().render.id
    await client.waitFor(id, me, (r) => r.flow === GenerationFlow.avatarGenerating && r.progress > 25, 60_000)

    first.kill('SIGKILL')
    await new Promise((r) => first.once('exit', r))
    // Nobody works on it now; it waits, still "rendering", for its heartbeat to run out.
    const stalled = (await client.call('GET', `/api/renders/${id}`, me)).json<{ render: Render }>().render
    expect(stalled).toMatchObject({ status: RenderStatus.rendering, flow: GenerationFlow.avatarGenerating })

    await startWorker()
    const done = await client.waitDone(id, me, 90_000)
    expect(done).toMatchObject({ status: RenderStatus.completed, flow: GenerationFlow.avatarGenerated })
    const logs = (await client.call('GET', `/api/video-result/${id}`, me)).json<{
      logs: Array<Omit<RenderLog, 'entries'>>
    }>().logs
    expect(logs.map((l) => [l.job, l.attempt, l.status])).toEqual([
      ['audio', 1, 'completed'],
      ['avatar', 1, 'failed'],
      ['avatar', 2, 'completed'],
      ['final', 1, 'completed'],
    ])
    expect(logs[1]!.error).toBe('The worker stopped before finishing')
    const { probe } = await client.probeDownload(done.files.video_url!)
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])
    // What the killed worker was making is gone.
    expect(fs.readdirSync(path.join(dataDir, 'tmp', 'renders'))).toEqual([])
  }, 150_000)
})
