/**
 * Conference-event booth (issue 13): an attendee's submission → their personal greeting video
 * playable on the kiosk, target ≤ 6 s on this machine. Against the real server in its own process
 * (embedded PGlite, in-process render workers, as `npm start` runs it): the admin creates an event
 * (its generic clip renders first, as it would before the doors open), then attendees submit one
 * after another, each timed from POST save-data until the retrieval call answers a video URL whose
 * file downloads. CPU seconds are the server's (its process and reaped children: ffmpeg, Festival).
 *
 *   node --import tsx bench/run.ts booth     (PORT=4140, BOOTH_ATTENDEES=5)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type {
  ConferenceEvent,
  ShortVideo,
} from '@mouthpiece/contracts/conference-events/conference-events.schemas'
import { startServerProcess } from '../apps/server/test/server-process'
import type { BenchRun } from './bench-kit'
import { benchNodeArgs, loadNote, median, processCpuSeconds } from './bench-kit'

const PORT = Number(process.env.PORT ?? 4140)
const ATTENDEES = Number(process.env.BOOTH_ATTENDEES ?? 5)
const base = `http://127.0.0.1:${PORT}`
const CONSENT = 'I agree that Mouthpiece keeps my name and email to make my video and send it to me.'
const NAMES = ['Alice', 'Bongani', 'Chen', 'Dmitri', 'Esperanza', 'Farah', 'Gus', 'Hiro']

async function call<T>(method: 'GET' | 'POST', url: string, body?: object, token?: string): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

async function until<T>(
  what: string,
  ms: number,
  step: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const got = await probe()
    if (got !== undefined) return got
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, step))
  }
}

export const run: BenchRun = async (log) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-booth-'))
  const server = await startServerProcess(
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'admin-password-1',
      DATABASE_URL: '',
      MODE: 'all',
    },
    { nodeArgs: benchNodeArgs() },
  )
  try {
    const { token } = await call<{ token: string }>('POST', '/api/admin/login', {
      username: 'admin',
      password: 'admin-password-1',
    })
    const { event } = await call<{ event: ConferenceEvent }>(
      'POST',
      '/api/admin/conference-events',
      {
        name: 'TwitchCon Bench',
        starts_on: '2026-11-20',
        ends_on: '2026-11-22',
        consent_text: CONSENT,
        greeting_template: 'Hey {name}, welcome to TwitchCon!',
        influencer_id: 'streamer',
        voice_id: null,
        fields: [],
      },
      token,
    )
    await until('generic clip', 120_000, 250, async () => {
      const e = (
        await call<{ event: ConferenceEvent }>(
          'GET',
          `/api/admin/conference-events/${event.id}`,
          undefined,
          token,
        )
      ).event
      if (e.generic_clip.status === 'failed') throw new Error('the generic clip failed')
      return e.generic_clip.status === 'ready' ? e : undefined
    })
    log(`event ${event.id}: generic clip ready; ${ATTENDEES} attendees one after another (${loadNote()})`)

    const times: number[] = []
    const cpus: number[] = []
    for (let i = 0; i < ATTENDEES; i++) {
      const name = NAMES[i % NAMES.length]!
      const cpu0 = processCpuSeconds(server.child.pid)
      const t0 = performance.now()
      const { video } = await call<{ video: ShortVideo }>(
        'POST',
        `/api/conference-event/${event.id}/save-data`,
        {
          submission_id: randomUUID(),
          kiosk_id: 'bench-kiosk',
          name,
          email: `${name.toLowerCase()}@example.com`,
          consent: true,
          consent_text: CONSENT,
          agreed_at: new Date().toISOString(),
          answers: {},
        },
      )
      // As the kiosk polls (every 400 ms there; 50 ms here so the figure is the server's).
      const done = await until(`clip for ${name}`, 60_000, 50, async () => {
        const v = (
          await call<{ video: ShortVideo }>('GET', `/api/conference-event/short-video/${video.code}`)
        ).video
        return v.video_url ? v : undefined
      })
      const file = await fetch(base + done.video_url!)
      const bytes = (await file.arrayBuffer()).byteLength
      const seconds = (performance.now() - t0) / 1000
      const cpu = processCpuSeconds(server.child.pid) - cpu0
      times.push(seconds)
      cpus.push(cpu)
      log(
        `${name}: ${done.variant} clip playable in ${seconds.toFixed(2)} s (server CPU ${cpu.toFixed(2)} s, ${(bytes / 1024).toFixed(0)} KiB)`,
      )
    }
    return [
      {
        name: 'booth: submission → personal video playable (median)',
        value: median(times),
        unit: 's',
        target: '≤ 6',
        ok: median(times) <= 6,
        note: loadNote(),
      },
      { name: 'booth: submission → personal video playable (worst)', value: Math.max(...times), unit: 's' },
      { name: 'booth: server CPU per attendee clip (median)', value: median(cpus), unit: 'CPU-s' },
    ]
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
