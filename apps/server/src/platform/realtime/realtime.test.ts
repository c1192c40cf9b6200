import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { io as connectSocket } from 'socket.io-client'
import type { Socket } from 'socket.io-client'
import { USER_TOKEN_COOKIE } from '@mouthpiece/contracts/constants'
import { createTestApp, openTestDatabase } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { loadConfig } from '../config'
import type { Platform } from '../context'
import type { Database } from '../db/client'
import { buildApp } from '../http/app'
import { startQueue } from '../queue/queue'
import { createStorage } from '../storage/create-storage'
import { createNotificationsService } from '../../modules/notifications/testing'
import { startRealtime } from './realtime'
import type { Realtime } from './realtime'

const onPostgres = process.env.TEST_DB_ENGINE === 'postgres'
const mainTs = path.resolve(import.meta.dirname, '../../main.ts')

type Events = Array<[string, unknown]>

/** A signed-in page's socket that records every event it receives. */
async function openPage(base: string, opts: { token?: string; cookie?: string }) {
  const socket: Socket = connectSocket(base, {
    auth: opts.token ? { token: opts.token } : {},
    extraHeaders: opts.cookie ? { cookie: opts.cookie } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  })
  const events: Events = []
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })
  return { socket, events }
}

async function until(check: () => boolean, ms = 8000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 10))
  }
}

async function register(base: string, username: string) {
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'a good password 1' }),
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { token: string; user: { id: number } }
  return { token: body.token, id: body.user.id }
}

describe('real-time pushes in one process', () => {
  let t: TestApp
  let base: string
  const sockets: Socket[] = []
  beforeAll(async () => {
    t = await createTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await t.close()
  })

  it('delivers a payload too large for one NOTIFY whole', async () => {
    const user = await register(base, 'bigpayload')
    const page = await openPage(base, { token: user.token })
    sockets.push(page.socket)
    const payload = { frames: Array.from({ length: 2000 }, (_, i) => `frame-${i}`) }
    expect(JSON.stringify(payload).length).toBeGreaterThan(8000)
    await t.realtime.emitToUser(user.id, 'preview-thumbnail-event', payload)
    await until(() => page.events.length === 1)
    expect(page.events[0]).toEqual(['preview-thumbnail-event', payload])
  })

  it('signs a same-origin page in with its user cookie', async () => {
    const user = await register(base, 'cookieuser')
    const page = await openPage(base, { cookie: `${USER_TOKEN_COOKIE}=${encodeURIComponent(user.token)}` })
    sockets.push(page.socket)
    await t.realtime.emitToUser(user.id, 'demo-event', { ok: true })
    await until(() => page.events.length === 1)
    expect(page.events[0]).toEqual(['demo-event', { ok: true }])
  })

  it('disconnects open sockets when the server closes', async () => {
    const other = await createTestApp()
    await other.app.listen({ port: 0, host: '127.0.0.1' })
    const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`
    const user = await register(otherBase, 'closer')
    const page = await openPage(otherBase, { token: user.token })
    const gone = new Promise<string>((resolve) => page.socket.once('disconnect', resolve))
    await other.close()
    expect(await gone).toBeTruthy()
  })
})

describe.runIf(onPostgres)('real-time pushes across processes (PostgreSQL)', () => {
  let database: Database
  let url: string
  let drop: () => Promise<void>
  let child: ChildProcess
  let childBase: string
  let local: { platform: Platform; close: () => Promise<void>; base: string }
  let worker: Realtime
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-rt-'))
  const sockets: Socket[] = []

  beforeAll(async () => {
    const opened = await openTestDatabase()
    database = opened.database
    url = opened.url!
    drop = opened.drop

    // Process A: the real server, `serve` only, as a scaled-out API process runs.
    const port = 3711
    childBase = `http://127.0.0.1:${port}`
    child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        MODE: 'serve',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'a'),
        NODE_ENV: 'test',
        ADMIN_PASSWORD: 'admin-password-1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    await new Promise<void>((resolve, reject) => {
      let out = ''
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString()
        if (out.includes('Mouthpiece is running')) resolve()
      })
      child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
      child.once('exit', (code) => reject(new Error(`server A exited (${code}): ${out}`)))
    })

    // Process B: this test process, a second API process on the same database.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(dataDir, 'b'),
      DATABASE_URL: url,
      MODE: 'serve',
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
    const app = await buildApp(platform)
    await app.listen({ port: 0, host: '127.0.0.1' })
    local = {
      platform,
      base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      close: async () => {
        await app.close()
        await queue.stop()
        await realtime.close()
      },
    }
    // And a worker's publisher, with no sockets of its own.
    worker = await startRealtime({ database, serveSockets: false })
  }, 90_000)

  afterAll(async () => {
    for (const s of sockets) s.close()
    child?.kill('SIGTERM')
    await new Promise((r) => (child?.exitCode === null ? child.once('exit', r) : r(null)))
    await local?.close()
    await worker?.close()
    await database?.close()
    await drop?.()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('a page on process A hears a notification created on process B, after commit', async () => {
    const user = await register(childBase, 'twotabs')
    const onA = await openPage(childBase, { token: user.token })
    const onB = await openPage(local.base, { token: user.token })
    sockets.push(onA.socket, onB.socket)

    const notifications = createNotificationsService(local.platform)
    const created = await local.platform.db.transaction(async (tx) => {
      const n = await notifications.notify(user.id, { content: 'Rendered on B', type: 5 }, { tx })
      await new Promise((r) => setTimeout(r, 150))
      expect(onA.events).toHaveLength(0)
      return n
    })
    await until(() => onA.events.length === 1 && onB.events.length === 1)
    expect(onA.events[0]).toEqual(['receive-notification-event', { newNotification: created }])
    expect(onB.events[0]).toEqual(['receive-notification-event', { newNotification: created }])

    // And A's API lists what B wrote.
    const res = await fetch(`${childBase}/api/notifications?limit=10&page=1`, {
      headers: { authorization: `Bearer ${user.token}` },
    })
    expect(await res.json()).toMatchObject({
      notifications: [created],
      total_pages: 1,
      quantity_unseen_notification: 1,
    })
  })

  it('a logout on process B closes the socket the session opened on process A', async () => {
    const user = await register(childBase, 'revokedacross')
    const onA = await openPage(childBase, { token: user.token })
    sockets.push(onA.socket)
    let closedBy = ''
    onA.socket.on('disconnect', (reason) => (closedBy = reason))
    const res = await fetch(`${local.base}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(200)
    await until(() => closedBy !== '')
    expect(closedBy).toBe('io server disconnect')
    await worker.emitToUser(user.id, 'final-video-event', { id: 8 })
    await new Promise((r) => setTimeout(r, 200))
    expect(onA.events).toEqual([])
  })

  it('a worker process without sockets reaches pages on every API process', async () => {
    const user = await register(childBase, 'fromworker')
    const other = await register(childBase, 'bystander')
    const onA = await openPage(childBase, { token: user.token })
    const onB = await openPage(local.base, { token: user.token })
    const bystander = await openPage(childBase, { token: other.token })
    sockets.push(onA.socket, onB.socket, bystander.socket)

    const big = { url: 'https://example.test/v.mp4', log: 'x'.repeat(12_000) }
    await worker.emitToUser(user.id, 'final-video-event', { id: 7 })
    await worker.emitToUser(user.id, 'export-output-event', big)
    await until(() => onA.events.length === 2 && onB.events.length === 2)
    expect(onA.events).toEqual([
      ['final-video-event', { id: 7 }],
      ['export-output-event', big],
    ])
    expect(onB.events).toEqual(onA.events)
    expect(bystander.events).toEqual([])
  })
})
