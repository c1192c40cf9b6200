import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { listenTestApp } from '../../../test/sockets'
import { admission, OVERLOADED_MESSAGE } from './admission'

/** Sends raw bytes on a fresh connection; answers everything the server writes until it has sent a whole answer to the headers. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
    let got = ''
    socket.setEncoding('utf8')
    socket.on('data', (d: string) => {
      got += d
      const head = got.indexOf('\r\n\r\n')
      const length = /content-length: (\d+)/i.exec(got)
      if (head >= 0 && length && got.length >= head + 4 + Number(length[1])) {
        socket.destroy()
        resolve(got)
      }
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(got))
  })
}

describe('a full admission gate refuses at arrival', () => {
  let t: TestApp
  let port: number
  const speech = admission('speech')
  let holds: Array<() => void> = []
  let held = true
  /** Takes every slot of the speech gate and fills its line; tops the line up when waiters time out. */
  const fillSpeech = () => {
    held = true
    while (!speech.isFull())
      void speech
        .run(() => (held ? new Promise<void>((resolve) => holds.push(resolve)) : Promise.resolve()))
        .catch(() => undefined)
  }
  /** Ends every job fillSpeech started, and the ones still waiting as soon as they start. */
  const releaseSpeech = () => {
    held = false
    for (const release of holds) release()
    holds = []
  }

  beforeAll(async () => {
    t = await createTestApp()
    port = Number(new URL(await listenTestApp(t)).port)
  })
  afterAll(async () => {
    releaseSpeech()
    await t.close()
  })

  it('answers 503 before the body is read, and refused callers keep their per-IP budget', async () => {
    fillSpeech()
    // Headers only: the 1 MB body they announce is never sent. Only a refusal that reads no body can answer.
    const answer = await rawExchange(
      port,
      'POST /api/voices/preview HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 503 /)
    expect(answer).toMatch(/\r\nretry-after: [1-9]\d*\r\n/i)
    expect(answer).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      message: OVERLOADED_MESSAGE,
      code: 'overloaded',
    })

    // More refusals than the route's per-IP limit (120 a minute) from one address: none is counted,
    // so once the gate has room the same caller is served, not told to wait a minute.
    const text = 'Thanks for the follow!'
    for (let i = 0; i < 130; i++) {
      fillSpeech()
      const res = await t.app.inject({ method: 'POST', url: '/api/voices/preview', payload: { text } })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ message: OVERLOADED_MESSAGE, code: 'overloaded' })
    }
    releaseSpeech()
    await expect.poll(() => speech.stats().running + speech.stats().waiting).toBe(0)
    // eSpeak: milliseconds of work, so a loaded test machine cannot overrun the gate's time.
    const served = await t.app.inject({
      method: 'POST',
      url: '/api/voices/preview',
      payload: { text, voice_id: 'espeak:en-us+f3' },
    })
    expect(served.json()).toMatchObject({ voice_id: 'espeak:en-us+f3' })
    expect(served.statusCode).toBe(200)
  })

  it('refuses on the HTTP server itself, before Fastify: a wave of refusals costs no request lifecycle (issue 23)', async () => {
    const guard = t.app.arrivalGuard!
    const before = guard.refused()
    fillSpeech()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        rawExchange(
          port,
          `POST /api/voices/preview${i % 2 ? '?x=1' : ''} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n{"text":"a"}`,
        ),
      ),
    )
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 503 /)
      expect(answer).toMatch(/\r\nretry-after: [1-9]\d*\r\n/i)
      expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i)
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        message: OVERLOADED_MESSAGE,
        code: 'overloaded',
      })
    }
    expect(guard.refused() - before).toBe(20)
    // Other routes are not held back, and a health check is answered while the gate is full.
    expect(await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 200 /,
    )
    releaseSpeech()
    await expect.poll(() => speech.stats().running + speech.stats().waiting).toBe(0)
    // With room again the guard lets the caller through to Fastify (validation answers).
    const through = await rawExchange(
      port,
      'POST /api/voices/preview HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"text":""}',
    )
    expect(through).toMatch(/^HTTP\/1\.1 400 /)
    expect(guard.refused() - before).toBe(20)
  })

  it('lets callers through while the gate has room: the body is read and validated as before', async () => {
    expect(speech.isFull()).toBe(false)
    const res = await t.app.inject({ method: 'POST', url: '/api/voices/preview', payload: { text: '' } })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ code: string }>().code).toBe('validation')
  })
})
