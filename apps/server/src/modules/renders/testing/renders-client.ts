import fs from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import type { CustomAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import type { TestApp } from '../../../../test/harness'
import { ffprobe } from '../../../platform/media'

export interface Caller {
  token?: string
  /** Cookie header (a visitor's mp_visitor). */
  cookie?: string
}

/** A person driving the render calls through HTTP, as the web app does. */
export function rendersClient(t: TestApp) {
  let n = 0
  const headersOf = (who: Caller = {}) => ({
    ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
    ...(who.cookie ? { cookie: who.cookie } : {}),
  })
  const call = (
    method: 'GET' | 'POST',
    url: string,
    who?: Caller,
    payload?: object,
    extra: Record<string, string> = {},
  ) => t.app.inject({ method, url, payload, headers: { ...headersOf(who), ...extra } })

  async function register(prefix = 'maker') {
    n += 1
    const username = `${prefix}${n}_${process.pid % 10000}`
    const res = await call('POST', '/api/register', undefined, {
      username,
      email: `${username}@example.com`,
      password: 'correct horse 1',
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json<{ token: string; user: { id: number } }>()
    return { token: body.token, id: body.user.id, username }
  }

  /** Polls the owner's view until the render stops moving (completed or issue). */
  async function waitDone(id: string, who: Caller, ms = 60_000): Promise<Render> {
    const deadline = Date.now() + ms
    for (;;) {
      const res = await call('GET', `/api/renders/${id}`, who)
      expect(res.statusCode, res.body).toBe(200)
      const render = res.json<{ render: Render }>().render
      if (render.status === 3 || render.status === 4) return render
      if (Date.now() > deadline)
        throw new Error(
          `render ${id} still at flow ${render.flow_name} (${render.stage}, ${render.progress}%)`,
        )
      await new Promise((r) => setTimeout(r, 150))
    }
  }

  async function waitFor(
    id: string,
    who: Caller,
    check: (r: Render) => boolean,
    ms = 60_000,
  ): Promise<Render> {
    const deadline = Date.now() + ms
    for (;;) {
      const render = (await call('GET', `/api/renders/${id}`, who)).json<{ render: Render }>().render
      if (check(render)) return render
      if (Date.now() > deadline)
        throw new Error(`render ${id}: condition not met at ${render.flow_name} ${render.progress}%`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  /** Downloads a file link into the data dir and probes it. */
  async function probeDownload(url: string, who?: Caller) {
    const res = await call('GET', url, who)
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    const file = path.join(t.config.dataDir, `probe-${Date.now()}-${path.basename(url.split('?')[0]!)}`)
    fs.writeFileSync(file, res.rawPayload)
    try {
      return { res, probe: await ffprobe(file) }
    } finally {
      fs.rmSync(file, { force: true })
    }
  }

  /** A drawn custom avatar made by `who` (POST /api/custom-avatar/generate), as the API answers it. */
  async function drawnAvatar(who: Caller, name: string): Promise<CustomAvatar> {
    const made = await call('POST', '/api/custom-avatar/generate', who, { name, prompt: DRAWN_PROMPT })
    expect(made.statusCode, made.body).toBe(200)
    return made.json<{ avatar: CustomAvatar }>().avatar
  }

  return { call, register, waitDone, waitFor, probeDownload, drawnAvatar }
}

/** A drawn avatar's prompt (SPEC §3 avatarData.prompt) for tests that only need some avatar of a user's. */
const DRAWN_PROMPT = {
  wearing: 'a teal hoodie',
  style: 'anime',
  inspired: '',
  color: 'teal hair',
  modifier1: '',
  modifier2: '',
  positivePrompt: '',
  negativePrompt: '',
}

/** A multipart/form-data body with one file field, for app.inject. */
export function multipartFile(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----mp${Date.now().toString(16)}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** The visitor cookie a response set, as a Cookie header. */
export function visitorCookie(res: { headers: Record<string, unknown> }): string {
  const set = res.headers['set-cookie']
  const all = Array.isArray(set) ? (set as string[]) : typeof set === 'string' ? [set] : []
  const found = all.find((c) => c.startsWith('mp_visitor='))
  if (!found) throw new Error('no visitor cookie was set')
  return found.split(';')[0]!
}
