import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { io as connectSocket } from 'socket.io-client'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Render, RenderLog } from '@mouthpiece/contracts/renders/renders.schemas'
import { GenerationFlow, RenderStatus } from '@mouthpiece/contracts/statuses'
import { openTestDatabase } from '../../../../test/harness'
import { startServerProcess } from '../../../../test/server-process'
import type { ServerProcess } from '../../../../test/server-process'
import type { Database } from '../../../platform/db/client'
import { ffprobe, speak, writeAudio } from '../../../platform/media'

const onPostgres = process.env.TEST_DB_ENGINE === 'postgres'

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * The stand-in for the Service in front of the API pods: each new connection goes to the first API
 * that accepts it (a draining API has stopped accepting), and is cut when that API cuts it.
 */
async function balancer(ports: number[]) {
  const open = new Set<net.Socket>()
  const server = net.createServer((client) => {
    open.add(client)
    client.pause()
    const tryPort = (i: number) => {
      if (i >= ports.length) return client.destroy()
      const upstream = net.connect(ports[i]!, '127.0.0.1')
      let connected = false
      upstream.on('error', () => (connected ? client.destroy() : tryPort(i + 1)))
      upstream.once('connect', () => {
        connected = true
        open.add(upstream)
        upstream.once('close', () => client.destroy())
        client.once('close', () => upstream.destroy())
        client.on('error', () => upstream.destroy())
        client.pipe(upstream).pipe(client)
        client.resume()
      })
    }
    tryPort(0)
    client.once('close', () => open.delete(client))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: async () => {
      for (const s of open) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** A multipart body: text fields, then one file. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = `----mp${Date.now().toString(16)}`
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  )
  return {
    body: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/**
 * The alert overlay as a browser's EventSource runs it: when the stream ends it connects again
 * (through the balancer) with the id of the last event it saw.
 */
function overlayClient(base: string, key: string) {
  const alerts: Array<{ id: number }> = []
  let connects = 0
  let lastEventId: string | undefined
  const ctrl = new AbortController()
  void (async () => {
    while (!ctrl.signal.aborted) {
      try {
        const res = await fetch(`${base}/api/donation/overlay/stream?key=${encodeURIComponent(key)}`, {
          headers: lastEventId ? { 'last-event-id': lastEventId } : {},
          signal: ctrl.signal,
        })
        if (res.ok && res.body) {
          connects += 1
          let buffer = ''
          for await (const chunk of res.body.pipeThrough(new TextDecoderStream())) {
            buffer += chunk
            let cut: number
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const fields = Object.fromEntries(
                buffer
                  .slice(0, cut)
                  .split('\n')
                  .filter((l) => !l.startsWith(':'))
                  .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
              ) as Record<string, string | undefined>
              buffer = buffer.slice(cut + 2)
              if (fields.id) lastEventId = fields.id
              if (fields.event === 'alert' && fields.data)
                alerts.push(JSON.parse(fields.data) as { id: number })
            }
          }
        }
      } catch {
        // cut (the API drained) or closed by the test
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  return { alerts, connects: () => connects, close: () => ctrl.abort() }
}

/**
 * Issue 26, scaled out as a deployment runs it, on PostgreSQL: 2 API processes (`serve`) behind a
 * balancer and 2 worker processes (`work`), all real `main.js` bundles. A worker is stopped with
 * SIGTERM half-way through a video and an API with SIGTERM while an upload is half sent: the render
 * is handed back and finished once by the other worker; the cut upload is retried by the client
 * (through the balancer, so on the other API) and lands once; the page's socket and the alert
 * overlay reconnect to the other API: the socket hears the video finish, the overlay gets each alert once.
 */
describe.runIf(onPostgres)('2 APIs and 2 workers: SIGTERM mid-render and mid-upload', () => {
  let database: Database
  let drop: () => Promise<void>
  let url: string
  let lb: Awaited<ReturnType<typeof balancer>>
  let socket: Socket | undefined
  let overlay: ReturnType<typeof overlayClient> | undefined
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-topology-'))
  const apis: ServerProcess[] = []
  const workers: ServerProcess[] = []
  let mp3: Buffer

  const start = (env: Record<string, string>) =>
    startServerProcess(
      {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        ADMIN_PASSWORD: 'admin-password-1',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        // Drain at once (the chart waits 5 s for the Service to drop the pod; the balancer here knows at once).
        SHUTDOWN_DELAY_SECONDS: '0',
        // No live-stream platform is polled here; alerts come from the test triggers.
        SOURCES_ENABLED: 'false',
        ...env,
      },
      { entry: inject('serverEntry') },
    )

  beforeAll(async () => {
    const opened = await openTestDatabase()
    database = opened.database
    drop = opened.drop
    url = opened.url!
    const ports = [await freePort(), await freePort()]
    // The first API seeds (as the migration Job and the first pod would); the others start together.
    // A draining API cuts what is still running after 1 s; a draining worker hands its render back at once.
    apis.push(await start({ MODE: 'serve', PORT: String(ports[0]), SHUTDOWN_GRACE_SECONDS: '1' }))
    const [api2, w1, w2] = await Promise.all([
      start({ MODE: 'serve', PORT: String(ports[1]), SHUTDOWN_GRACE_SECONDS: '1' }),
      start({ MODE: 'work', SHUTDOWN_GRACE_SECONDS: '0' }),
      start({ MODE: 'work', SHUTDOWN_GRACE_SECONDS: '0' }),
    ])
    apis.push(api2)
    workers.push(w1, w2)
    lb = await balancer(ports)
    const file = path.join(dataDir, 'mine.mp3')
    const spoken = await speak({
      text: 'This is me reading my own script out loud.',
      voiceId: 'espeak:en-us+m3',
      emotion: 'Neutral',
      intensity: 0.5,
    })
    await writeAudio(spoken, file, 'mp3')
    mp3 = fs.readFileSync(file)
  }, 60_000)

  afterAll(async () => {
    socket?.close()
    overlay?.close()
    for (const p of [...apis, ...workers]) if (p.child.exitCode === null) p.child.kill('SIGKILL')
    await lb?.close()
    await database?.close()
    await drop?.()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  /**
   * The web client's call through the balancer: a JSON body, or a raw one with its content type. A
   * connection cut while an API drains is tried again (a write too: its base version keeps it from applying twice).
   */
  async function call<T>(
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    body?: object | { raw: Buffer; contentType: string },
  ) {
    const raw = body && 'raw' in body ? body : undefined
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(`${lb.base}${url}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body ? { 'content-type': raw ? raw.contentType : 'application/json' } : {}),
          },
          body: raw ? raw.raw : body ? JSON.stringify(body) : undefined,
        })
        const text = await res.text()
        return { status: res.status, text, json: () => JSON.parse(text) as T }
      } catch (err) {
        if (attempt >= 5) throw err
        await new Promise((r) => setTimeout(r, 100))
      }
    }
  }

  async function waitRender(id: string, token: string, check: (r: Render) => boolean, ms: number) {
    const deadline = Date.now() + ms
    for (;;) {
      const render = (await call<{ render: Render }>('GET', `/api/renders/${id}`, token)).json().render
      if (check(render)) return render
      if (Date.now() > deadline)
        throw new Error(`render ${id}: still at ${render.flow_name} (${render.stage}, ${render.progress}%)`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it('every render completes once, the cut upload lands once, every alert plays once, clients reconnect', async () => {
    const reg = await call<{ token: string }>('POST', '/api/register', undefined, {
      username: `topology_${process.pid % 10000}`,
      email: `topology_${process.pid % 10000}@example.com`,
      password: 'correct horse 1',
    })
    expect(reg.status, reg.text).toBe(200)
    const token = reg.json().token

    // The page's socket, as the web client opens it (reconnecting by itself).
    socket = connectSocket(lb.base, {
      auth: { token },
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    })
    let connects = 0
    socket.on('connect', () => (connects += 1))
    const heard: Render[] = []
    socket.on('final-video-event', (p: { render: Render }) => heard.push(p.render))
    await new Promise<void>((resolve) => socket!.once('connect', () => resolve()))

    // The creator's alert overlay (the browser source in the streaming app), and a first alert on it.
    const settings = await call<{ settings: { overlay_url: string } }>('GET', '/api/donation/settings', token)
    expect(settings.status, settings.text).toBe(200)
    overlay = overlayClient(lb.base, new URL(settings.json().settings.overlay_url).searchParams.get('key')!)
    const cheer = async (message: string) => {
      const fired = await call<{ tip: { id: number } }>('POST', '/api/donation/twitch/test-bits', token, {
        bits: 100,
        message,
      })
      expect(fired.status, fired.text).toBe(200)
      return fired.json().tip.id
    }
    const firstAlert = await cheer('before the drain')

    const created = await call<{
      project: { id: number; version: number; document: { scenes: Array<{ id: string }> } }
    }>('POST', '/api/create-project', token, {
      name: 'Mine',
      scenes: ['This is me reading my own script out loud.'],
    })
    expect(created.status, created.text).toBe(200)
    const project = created.json().project
    const sceneId = project.document.scenes[0]!.id

    const res = await call<{ render: Render }>('POST', '/api/quick-create', token, {
      text: 'Two workers share this video; the one doing it is stopped half-way, and the other one finishes it.',
      voice_id: 'espeak:en-us',
    })
    expect(res.status, res.text).toBe(200)
    const id = res.json().render.id
    await waitRender(id, token, (r) => r.flow === GenerationFlow.avatarGenerating && r.progress > 25, 30_000)

    await expect.poll(() => overlay!.alerts.map((a) => a.id), { timeout: 15_000 }).toEqual([firstAlert])

    // Which worker holds the avatar stage (its log names `host#pid`).
    const pgc = new pg.Client({ connectionString: url })
    await pgc.connect()
    const held = await pgc.query<{ worker: string }>(
      `SELECT worker FROM render_logs WHERE render_id = $1 AND job = 'avatar' AND status = 'running'`,
      [id],
    )
    await pgc.end()
    expect(held.rows).toHaveLength(1)
    const pid = Number(held.rows[0]!.worker.split('#')[1])
    const busy = workers.find((w) => w.child.pid === pid)!
    expect(busy, `worker ${held.rows[0]!.worker}`).toBeDefined()

    // The upload, half sent (to the first API: the balancer sends every new connection there while it accepts).
    const { body, contentType } = multipart(
      { version: String(project.version), sceneId },
      { name: 'mine.mp3', type: 'audio/mpeg', data: mp3 },
    )
    const cut = new Promise<string>((resolve) => {
      const req = http.request(`${lb.base}/api/projects/${project.id}/upload-audio`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': body.length,
        },
      })
      req.on('response', (r) => resolve(`answered ${r.statusCode}`))
      req.on('error', (err) => resolve(err.message))
      req.write(body.subarray(0, Math.floor(body.length / 2)))
    })
    await new Promise((r) => setTimeout(r, 200))

    // SIGTERM both: the busy worker mid-render, the first API mid-upload.
    const stoppedAt = Date.now()
    const exits = [busy, apis[0]!].map(
      (p) => new Promise<number | null>((resolve) => p.child.once('exit', (code) => resolve(code))),
    )
    busy.child.kill('SIGTERM')
    apis[0]!.child.kill('SIGTERM')
    expect(await cut).toMatch(/socket hang up|ECONNRESET/)
    expect(await Promise.all(exits)).toEqual([0, 0])
    expect(Date.now() - stoppedAt).toBeLessThan(10_000)

    // The client sends the upload again; it reaches the other API and is applied once.
    const again = await call('POST', `/api/projects/${project.id}/upload-audio`, token, {
      raw: body,
      contentType,
    })
    expect(again.status, again.text).toBe(200)
    const after = (
      await call<{
        project: {
          version: number
          document: { scenes: Array<{ audioData: { generatedLinks: Array<{ source: string }> } }> }
        }
      }>('GET', `/api/get-project/${project.id}`, token)
    ).json().project
    expect(
      after.document.scenes[0]!.audioData.generatedLinks.filter((l) => l.source === 'upload'),
    ).toHaveLength(1)

    // The render: handed back (not failed, no retry used), finished by the other worker, once.
    const done = await waitRender(
      id,
      token,
      (r) => r.status === RenderStatus.completed || r.status === RenderStatus.issue,
      40_000,
    )
    expect(done).toMatchObject({ status: RenderStatus.completed, flow: GenerationFlow.avatarGenerated })
    const logs = (
      await call<{ logs: Array<Omit<RenderLog, 'entries'>> }>('GET', `/api/video-result/${id}`, token)
    ).json().logs
    expect(logs.map((l) => [l.job, l.attempt, l.status])).toEqual([
      ['audio', 1, 'completed'],
      ['avatar', 1, 'retrying'],
      ['avatar', 2, 'completed'],
      ['final', 1, 'completed'],
    ])
    expect(logs[1]!.error).toBe('Handed back: its worker was stopping; another worker takes it over')
    const video = await fetch(`${lb.base}${done.files.video_url!}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(video.status).toBe(200)
    const file = path.join(dataDir, 'done.mp4')
    fs.writeFileSync(file, Buffer.from(await video.arrayBuffer()))
    expect((await ffprobe(file)).streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])

    // The overlay reconnected to the other API: the alert it saw is not played again, the next one comes once.
    await expect.poll(() => overlay!.connects(), { timeout: 10_000 }).toBe(2)
    const secondAlert = await cheer('after the drain')
    await expect
      .poll(() => overlay!.alerts.map((a) => a.id), { timeout: 15_000 })
      .toEqual([firstAlert, secondAlert])

    // The page's socket lost the first API, reconnected through the balancer, and heard the video finish once.
    await expect
      .poll(() => heard.filter((r) => r.id === id && r.status === RenderStatus.completed).length)
      .toBe(1)
    expect(connects).toBe(2)
    // And still no alert twice.
    expect(overlay.alerts.map((a) => a.id)).toEqual([firstAlert, secondAlert])
  }, 60_000)
})
