/**
 * Render API figures (issue 3), measured against the real server in its own process on loopback
 * (embedded PGlite, in-process render workers, as `npm start` runs it):
 *  - text → audio + viseme timeline through POST /api/voices/preview, 30 words, warm: ≤ 50 ms
 *    (espeak; Festival printed for comparison);
 *  - quick create end to end for a ~10 s video: POST /api/quick-create until the render is
 *    completed, with each job's time from the render log.
 *
 *   node --import tsx bench/render-api.bench.ts   (PORT=4130)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Render, RenderLog } from '@mouthpiece/contracts/renders/renders.schemas'
import type { SpokenPreview } from '@mouthpiece/contracts/voices/voices.routes'
import { startServerProcess } from '../apps/server/test/server-process'
import type { BenchFigure, BenchRun } from './bench-kit'
import { median } from './bench-kit'

const PORT = Number(process.env.PORT ?? 4130)
const base = `http://127.0.0.1:${PORT}`

const THIRTY_WORDS =
  'Hey chat, welcome back to the stream! Today we are building a brand new overlay together, so grab a snack, ' +
  'get comfortable, and tell me in the chat what you want to see next.'
/** About ten seconds of speech in the default influencer's voice. */
const TEN_SECONDS =
  'Welcome back to the stream, everyone! Today we are trying a brand new game, and I need all of your best advice in the chat. Thanks for the follows!'

function startServer(dataDir: string) {
  return startServerProcess({ PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'admin-password-1', DATABASE_URL: '', MODE: 'all' })
}

async function call<T>(method: 'GET' | 'POST', url: string, body?: object, token?: string): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

async function previewTimes(voice: string, runs: number) {
  const times: number[] = []
  const server: number[] = []
  let last: SpokenPreview | undefined
  for (let i = 0; i < runs + 3; i++) {
    const t = performance.now()
    last = await call<SpokenPreview>('POST', '/api/voices/preview', { text: THIRTY_WORDS, voice_id: voice })
    if (i >= 3) {
      times.push(performance.now() - t)
      server.push(last.server_ms)
    }
  }
  return { ms: median(times), serverMs: median(server), spoken: last! }
}

async function quickCreate(token: string) {
  const started = performance.now()
  const { render } = await call<{ render: Render }>('POST', '/api/quick-create', { text: TEN_SECONDS }, token)
  let r = render
  while (r.status !== 3 && r.status !== 4) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    r = (await call<{ render: Render }>('GET', `/api/renders/${render.id}`, undefined, token)).render
  }
  const wall = (performance.now() - started) / 1000
  if (r.status !== 3) throw new Error(`render failed: ${r.error}`)
  const { logs } = await call<{ logs: Array<Omit<RenderLog, 'entries'>> }>('GET', `/api/video-result/${r.id}`, undefined, token)
  const jobMs = Object.fromEntries(logs.map((l) => [l.job, l.ms ?? 0]))
  return { wall, duration: r.duration ?? 0, jobMs }
}

export const run: BenchRun = async (log) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-bench-render-api-'))
  log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`)
  const server = await startServer(dataDir)
  const figures: BenchFigure[] = []
  try {
    const words = THIRTY_WORDS.split(/\s+/).length
    const espeak = await previewTimes('espeak:en-us', 20)
    figures.push({
      name: `API text → audio + visemes, ${words} words, espeak (median of 20, warm)`, value: Math.round(espeak.ms * 10) / 10, unit: 'ms',
      target: '≤ 50', ok: espeak.ms <= 50, note: `server ${espeak.serverMs} ms, ${espeak.spoken.duration.toFixed(1)} s audio, ${espeak.spoken.cues.length} cues`,
    })
    const festival = await previewTimes('festival:cmu_us_slt_arctic_hts', 3)
    figures.push({ name: `API text → audio + visemes, ${words} words, Festival HTS (median of 3)`, value: Math.round(festival.ms), unit: 'ms', note: 'the warmer voice, for comparison' })

    const u = `bench${Date.now() % 1e6}`
    const { token } = await call<{ token: string }>('POST', '/api/register', { username: u, email: `${u}@bench.local`, password: 'correct horse 1' })
    const cold = await quickCreate(token)
    log(`first quick create (cold render thread): ${cold.wall.toFixed(2)} s for ${cold.duration.toFixed(1)} s of video`)
    const warm = [await quickCreate(token), await quickCreate(token)]
    const best = warm.sort((a, b) => a.wall - b.wall)[0]!
    figures.push({
      name: `quick create end to end, ${best.duration.toFixed(1)} s 720p video (best of 2, warm)`, value: Math.round(best.wall * 100) / 100, unit: 's',
      note: `audio job ${best.jobMs.audio} ms, avatar job ${best.jobMs.avatar} ms, final job ${best.jobMs.final} ms; ${(best.wall / best.duration).toFixed(2)} s per video second`,
    })
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return figures
}
