import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Socket } from 'socket.io-client'
import type { StressTest } from '@mouthpiece/contracts/operations/stress-tests.contract'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import type { RealtimeHandshakeAuth } from '@mouthpiece/contracts/realtime/events'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { listenTestApp, openSocket, recordEvent } from '../../../../test/sockets'
import { admission } from '../../../platform/admission/admission'
import { createNotificationsService } from '../../notifications/testing'
import { PROGRESS_EVERY_MS } from './stress-tests.service'

interface Page<T> {
  list: T[]
  total: number
}

async function until(check: () => boolean, ms = 60_000) {
  for (const deadline = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 20)))
    if (Date.now() > deadline) throw new Error('timed out waiting')
}
const isOpen = (run: StressTest) => run.status === 'queued' || run.status === 'running'

describe('stress tests', () => {
  let t: TestApp
  let base: string
  let adminKey: string
  let userToken: string
  let userId: number
  let admin: Record<string, string>
  let userHeaders: Record<string, string>
  const sockets: Socket[] = []
  const post = (url: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers })
  const result = async (id: string) =>
    (await get(`/api/admin/stress-test/result?session_id=${id}`)).json<{ stress_test: StressTest }>()
      .stress_test
  async function settled(id: string, timeoutMs = 120_000): Promise<StressTest> {
    for (
      const until = Date.now() + timeoutMs;
      Date.now() < until;
      await new Promise((r) => setTimeout(r, 250))
    ) {
      const run = await result(id)
      if (run.status !== 'queued' && run.status !== 'running') return run
    }
    throw new Error(`stress test ${id} did not finish`)
  }

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    base = await listenTestApp(t)
    const res = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' }, {})
    adminKey = res.json<{ token: string }>().token
    admin = { authorization: `Bearer ${adminKey}` }
    const reg = await post(
      '/api/register',
      { username: 'stressuser', email: 'stress@example.com', password: 'user password 1' },
      {},
    )
    const registered = reg.json<{ token: string; user: { id: number } }>()
    userToken = registered.token
    userId = registered.user.id
    userHeaders = { authorization: `Bearer ${userToken}` }
  }, 120_000)
  afterAll(async () => {
    for (const s of sockets) s.close()
    await t.close()
  })
  /** A back-office (or user) page's socket: the stress-test events and the notifications it heard. */
  const page = async (auth: RealtimeHandshakeAuth) => {
    const { socket, heard } = await openSocket(base, auth, RealtimeEvent.stressTest)
    sockets.push(socket)
    return { socket, heard, notes: recordEvent(socket, RealtimeEvent.receiveNotification) }
  }

  it('refuses a signed-in user with 403 and a visitor with 401 on every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const calls = [
      ['POST', '/api/admin/stress-test/voice'],
      ['POST', '/api/admin/stress-test/render'],
      ['POST', '/api/admin/stress-test/stop'],
      ['GET', '/api/admin/stress-test/results'],
      ['GET', `/api/admin/stress-test/result?session_id=${id}`],
    ] as const
    for (const [method, url] of calls) {
      const payload =
        method === 'POST' ? { requests: 1, concurrency: 1, duration_s: 5, session_id: id } : undefined
      expect(
        (await t.app.inject({ method, url, headers: userHeaders, payload })).statusCode,
        `${method} ${url}`,
      ).toBe(403)
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url} anonymous`).toBe(
        401,
      )
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
    const started = await post('/api/admin/stress-test/voice', {
      requests: 3,
      concurrency: 2,
      duration_s: 120,
    })
    expect(started.statusCode).toBe(200)
    const { session_id } = started.json<{ stress_test: StressTest }>().stress_test
    // One at a time: a second run waits for this one.
    const second = await post('/api/admin/stress-test/render', {
      requests: 1,
      concurrency: 1,
      duration_s: 10,
    })
    expect(second.statusCode).toBe(409)
    expect(second.json<{ message: string }>().message).toBe(
      'A stress test is already running. Stop it or wait for it to finish.',
    )

    const run = await settled(session_id)
    expect(run).toMatchObject({
      status: 'completed',
      target: 'voice',
      done: 3,
      ok: 3,
      errors: 0,
      error_samples: [],
    })
    expect(run.latency_ms!.p50).toBeGreaterThan(0)
    expect(run.latency_ms!.p99).toBeGreaterThanOrEqual(run.latency_ms!.p95)
    expect(run.throughput_rps).toBeGreaterThan(0)
    expect(run.histogram.reduce((n, b) => n + b.count, 0)).toBe(3)
    const page = (await get('/api/admin/stress-test/results?page=1')).json<Page<StressTest>>()
    expect(page.list.map((r) => r.session_id)).toEqual([session_id])
    const audit = (await get('/api/admin/audit-log?action=stress-tests.voice.start')).json<
      Page<{ target_id: string }>
    >()
    expect(audit.list.map((a) => a.target_id)).toEqual([session_id])
  }, 150_000)

  it('stands aside while real callers hold the speech gate, and stops on Stop', async () => {
    // Real previews fill the gate: the run must not take a slot until they are done.
    const gate = admission('speech')
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const holders = Array.from({ length: Math.max(1, gate.stats().running + 4) }, () =>
      gate.run(() => held).catch(() => {}),
    )
    const run = (
      await post('/api/admin/stress-test/voice', { requests: 500, concurrency: 1, duration_s: 300 })
    ).json<{ stress_test: StressTest }>().stress_test
    await new Promise((r) => setTimeout(r, 2_500))
    expect((await result(run.session_id)).done).toBe(0)
    release()
    await Promise.all(holders)
    for (const until = Date.now() + 60_000; (await result(run.session_id)).done === 0 && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 250))
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

  it('pushes a run’s progress to every admin’s socket as it goes, ending with the result, and nothing after', async () => {
    const watcher = await page({ adminKey })
    const both = await page({ token: userToken, adminKey })
    const user = await page({ token: userToken })
    // Other runs (earlier tests) may still be heard: only this run's events count.
    const started = (
      await post('/api/admin/stress-test/voice', { requests: 500, concurrency: 1, duration_s: 300 })
    ).json<{ stress_test: StressTest }>().stress_test
    const mine = (heard: Array<{ stress_test: StressTest }>) =>
      heard.map((p) => p.stress_test).filter((r) => r.session_id === started.session_id)

    // Live: figures that moved arrive while the run is still going (no polling here).
    await until(() => mine(watcher.heard).some((r) => r.status === 'running' && r.done > 0))
    const live = mine(watcher.heard).find((r) => r.status === 'running' && r.done > 0)!
    expect(live.done).toBeLessThan(500)
    expect(live.latency_ms).not.toBeNull()
    expect((await post('/api/admin/stress-test/stop', { session_id: started.session_id })).statusCode).toBe(
      200,
    )
    await until(() => mine(watcher.heard).some((r) => !isOpen(r)))
    const result = await settled(started.session_id)
    // A push may be under way when the end is heard: wait past several progress periods.
    await new Promise((r) => setTimeout(r, PROGRESS_EVERY_MS * 4))

    const events = mine(watcher.heard)
    expect(events[0]).toMatchObject({ status: 'queued', done: 0 })
    // The last event is the end, exactly as the result call shows it; it is the only closed one.
    expect(events.at(-1)).toEqual(result)
    expect(result.status).toBe('stopped')
    expect(events.filter((r) => !isOpen(r))).toHaveLength(1)
    expect(events.filter((r) => r.status === 'running').length).toBeGreaterThanOrEqual(2)
    // In order: `done` never goes back, and Stop shows before the end.
    for (let i = 1; i < events.length; i++)
      expect(events[i]!.done).toBeGreaterThanOrEqual(events[i - 1]!.done)
    expect(events.some((r) => r.status === 'running' && r.stop_requested)).toBe(true)
    // A tab signed into both hears the same; a user's socket hears no stress test at all.
    await until(() => mine(both.heard).length === events.length, 5_000)
    expect(mine(both.heard)).toEqual(events)
    expect(user.heard).toEqual([])
  }, 150_000)

  it('an admin key puts a socket in the admins’ room only: not the user room of the same number, and logout closes it', async () => {
    const adminPage = await page({ adminKey })
    const userPage = await page({ token: userToken })
    await expect(openSocket(base, { adminKey: 'not-a-key' }, RealtimeEvent.stressTest)).rejects.toThrow(
      'Please log in to continue',
    )
    // Admins' ids and users' are numbers from different tables: the user room of the admin's number is not theirs.
    const adminId = (await get('/api/admin/info')).json<{ admin: { id: number } }>().admin.id
    const note = (content: string) => ({
      newNotification: { id: 1, content, type: 5, seen: false, time_created: 1_800_000_000 },
    })
    await t.realtime.emitToUser(
      adminId,
      RealtimeEvent.receiveNotification,
      note('for the user numbered like the admin'),
    )
    await createNotificationsService(t).notify(userId, { content: 'for the stress user', type: 5 })
    await until(() => userPage.notes.some((n) => n.newNotification.content === 'for the stress user'), 5_000)
    await new Promise((r) => setTimeout(r, 200))
    expect(adminPage.notes).toEqual([])

    const login = (
      await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' }, {})
    ).json<{ token: string }>().token
    const other = await page({ adminKey: login })
    // Listening before the logout: the disconnect may reach the socket before the logout's answer reaches the test.
    const closed = new Promise<string>((resolve) => other.socket.once('disconnect', resolve))
    expect((await post('/api/admin/logout', {}, { authorization: `Bearer ${login}` })).statusCode).toBe(200)
    expect(await closed).toBe('io server disconnect')
    // The other admin session's socket stays.
    await new Promise((r) => setTimeout(r, 200))
    expect(adminPage.socket.connected).toBe(true)
  })

  it('runs a render-worker test', async () => {
    const { session_id } = (
      await post('/api/admin/stress-test/render', { requests: 1, concurrency: 1, duration_s: 120 })
    ).json<{ stress_test: StressTest }>().stress_test
    const run = await settled(session_id)
    expect(run).toMatchObject({ status: 'completed', target: 'render', done: 1, ok: 1, errors: 0 })
  }, 150_000)
})
