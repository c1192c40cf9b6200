import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StressTest } from '@mouthpiece/contracts/operations/stress-tests.routes'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { admission } from '../../../platform/admission/admission'

interface Page<T> { list: T[]; total: number }

describe('stress tests', () => {
  let t: TestApp
  let admin: Record<string, string>
  let userHeaders: Record<string, string>
  const post = (url: string, payload: object, headers = admin) => t.app.inject({ method: 'POST', url, payload, headers })
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers })
  const result = async (id: string) => (await get(`/api/admin/stress-test/result?session_id=${id}`)).json<{ stress_test: StressTest }>().stress_test
  async function settled(id: string, timeoutMs = 120_000): Promise<StressTest> {
    for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      const run = await result(id)
      if (run.status !== 'queued' && run.status !== 'running') return run
    }
    throw new Error(`stress test ${id} did not finish`)
  }

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    const res = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' }, {})
    admin = { authorization: `Bearer ${res.json<{ token: string }>().token}` }
    const reg = await post('/api/register', { username: 'stressuser', email: 'stress@example.com', password: 'user password 1' }, {})
    userHeaders = { authorization: `Bearer ${reg.json<{ token: string }>().token}` }
  }, 120_000)
  afterAll(async () => t.close())

  it('refuses a signed-in user with 403 and a visitor with 401 on every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const calls = [
      ['POST', '/api/admin/stress-test/voice'], ['POST', '/api/admin/stress-test/render'], ['POST', '/api/admin/stress-test/stop'],
      ['GET', '/api/admin/stress-test/results'], ['GET', `/api/admin/stress-test/result?session_id=${id}`],
    ] as const
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? { requests: 1, concurrency: 1, duration_s: 5, session_id: id } : undefined
      expect((await t.app.inject({ method, url, headers: userHeaders, payload })).statusCode, `${method} ${url}`).toBe(403)
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url} anonymous`).toBe(401)
    }
    expect((await get('/api/admin/stress-test/results')).json<Page<StressTest>>().total).toBe(0)
  })

  it('answers caps out of bounds with a clear error and starts nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ requests: 0, concurrency: 1, duration_s: 5 }, 'requests must be between 1 and 500'],
      [{ requests: 501, concurrency: 1, duration_s: 5 }, 'requests must be between 1 and 500'],
      [{ requests: 5, concurrency: 9, duration_s: 5 }, 'concurrency must be between 1 and 4'],
      [{ requests: 5, concurrency: 1, duration_s: 301 }, 'duration_s must be between 1 and 300'],
      [{ requests: 2.5, concurrency: 1, duration_s: 5 }, 'requests must be a whole number'],
      [{ concurrency: 1, duration_s: 5 }, 'requests must be a whole number'],
    ]
    for (const [body, message] of cases) {
      const res = await post('/api/admin/stress-test/voice', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json<{ message: string }>().message).toContain(message)
    }
    expect((await get('/api/admin/stress-test/result?session_id=nope')).statusCode).toBe(400)
    expect((await get('/api/admin/stress-test/results')).json<Page<StressTest>>().total).toBe(0)
  })

  it('runs a small voice test and keeps throughput, percentiles, histogram and errors', async () => {
    const started = await post('/api/admin/stress-test/voice', { requests: 3, concurrency: 2, duration_s: 120 })
    expect(started.statusCode).toBe(200)
    const { session_id } = started.json<{ stress_test: StressTest }>().stress_test
    // One at a time: a second run waits for this one.
    const second = await post('/api/admin/stress-test/render', { requests: 1, concurrency: 1, duration_s: 10 })
    expect(second.statusCode).toBe(409)
    expect(second.json<{ message: string }>().message).toBe('A stress test is already running. Stop it or wait for it to finish.')

    const run = await settled(session_id)
    expect(run).toMatchObject({ status: 'completed', target: 'voice', done: 3, ok: 3, errors: 0, error_samples: [] })
    expect(run.latency_ms!.p50).toBeGreaterThan(0)
    expect(run.latency_ms!.p99).toBeGreaterThanOrEqual(run.latency_ms!.p95)
    expect(run.throughput_rps).toBeGreaterThan(0)
    expect(run.histogram.reduce((n, b) => n + b.count, 0)).toBe(3)
    const page = (await get('/api/admin/stress-test/results?page=1')).json<Page<StressTest>>()
    expect(page.list.map((r) => r.session_id)).toEqual([session_id])
    const audit = (await get('/api/admin/audit-log?action=stress-tests.voice.start')).json<Page<{ target_id: string }>>()
    expect(audit.list.map((a) => a.target_id)).toEqual([session_id])
  }, 150_000)

  it('stands aside while real callers hold the speech gate, and stops on Stop', async () => {
    // Real previews fill the gate: the run must not take a slot until they are done.
    const gate = admission('speech')
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const holders = Array.from({ length: Math.max(1, gate.stats().running + 4) }, () => gate.run(() => held).catch(() => {}))
    const run = (await post('/api/admin/stress-test/voice', { requests: 500, concurrency: 1, duration_s: 300 })).json<{ stress_test: StressTest }>().stress_test
    await new Promise((r) => setTimeout(r, 2_500))
    expect((await result(run.session_id)).done).toBe(0)
    release()
    await Promise.all(holders)
    for (const until = Date.now() + 60_000; (await result(run.session_id)).done === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 250))
    const stopped = await post('/api/admin/stress-test/stop', { session_id: run.session_id })
    expect(stopped.statusCode).toBe(200)
    const final = await settled(run.session_id)
    expect(final.status).toBe('stopped')
    expect(final.stop_requested).toBe(true)
    expect(final.done).toBeGreaterThan(0)
    expect(final.done).toBeLessThan(500)
    // The job is picked up within a second of the start; it then stood aside until the holders let go.
    expect(final.yielded_ms).toBeGreaterThan(1_000)
    const again = await post('/api/admin/stress-test/stop', { session_id: run.session_id })
    expect(again.statusCode).toBe(409)
    expect(again.json<{ message: string }>().message).toBe('This stress test has already finished.')
  }, 150_000)

  it('runs a render-worker test', async () => {
    const { session_id } = (await post('/api/admin/stress-test/render', { requests: 1, concurrency: 1, duration_s: 120 })).json<{ stress_test: StressTest }>().stress_test
    const run = await settled(session_id)
    expect(run).toMatchObject({ status: 'completed', target: 'render', done: 1, ok: 1, errors: 0 })
  }, 150_000)
})
