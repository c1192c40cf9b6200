import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { ADMISSION_KINDS, AdmissionGate, OVERLOADED_MESSAGE, OverloadedError } from './admission'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('admission gate', () => {
  it('runs up to its concurrency, queues up to its bound and refuses the rest at once', async () => {
    const gate = new AdmissionGate('test', { concurrency: 2, queue: 3, maxWaitMs: 5_000 })
    let running = 0
    let peak = 0
    const job = async () => {
      peak = Math.max(peak, ++running)
      await sleep(30)
      running--
      return 'done'
    }
    const started = performance.now()
    const results = await Promise.allSettled(Array.from({ length: 9 }, () => gate.run(job)))
    const refused = results.filter((r) => r.status === 'rejected')
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
    expect(refused).toHaveLength(4)
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(OverloadedError)
    expect(peak).toBe(2)
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, refused: 4 })
  })

  it('gives up on a wait that is too long, and frees the place of a caller who hung up', async () => {
    const gate = new AdmissionGate('test', { concurrency: 1, queue: 5, maxWaitMs: 50 })
    const slow = gate.run(() => sleep(300))
    const timedOut = gate.run(() => Promise.resolve(1))
    await expect(timedOut).rejects.toBeInstanceOf(OverloadedError)

    const controller = new AbortController()
    const gone = gate.run(() => Promise.resolve(2), controller.signal)
    expect(gate.stats().waiting).toBe(1)
    controller.abort()
    await expect(gone).rejects.toBeInstanceOf(OverloadedError)
    expect(gate.stats().waiting).toBe(0)
    await slow
    // A failing job frees its slot too.
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run(() => Promise.resolve(3))).toBe(3)
  })

  it('aborts a job that overruns its time and answers busy', async () => {
    const gate = new AdmissionGate('test', { concurrency: 1, queue: 1, maxWaitMs: 100, maxRunMs: 50 })
    const endless = (signal: AbortSignal) =>
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))))
    await expect(gate.run(endless)).rejects.toBeInstanceOf(OverloadedError)
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0 })
  })
})

describe('admission over HTTP: speech previews', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it('answers or refuses every preview of a burst at once, and health stays up meanwhile', async () => {
    const { concurrency, queue } = ADMISSION_KINDS.speech
    const burst = concurrency + queue + 12
    const text = 'Thanks for the follow! Welcome to the stream, grab a seat and say hello in chat.'
    const sent = performance.now()
    const previews = Array.from({ length: burst }, () =>
      t.app
        .inject({ method: 'POST', url: '/api/voices/preview', payload: { text } })
        .then((res) => ({ res, ms: performance.now() - sent })),
    )
    await sleep(50)
    const health = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)

    const answers = await Promise.all(previews)
    const refused = answers.filter((a) => a.res.statusCode === 503)
    const spoken = answers.filter((a) => a.res.statusCode === 200)
    expect(spoken.length + refused.length).toBe(burst)
    const pastTheQueue = burst - concurrency - queue
    expect(refused.length).toBeGreaterThanOrEqual(pastTheQueue)
    for (const { res, ms } of refused) {
      expect(res.json()).toEqual({ message: OVERLOADED_MESSAGE, code: 'overloaded' })
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect(ms).toBeLessThan(10_000)
    }
    // Those past the queue bound hear back at once, not after a wait for a slot.
    const fastest = refused
      .map((a) => a.ms)
      .sort((a, b) => a - b)
      .slice(0, pastTheQueue)
    expect(Math.max(...fastest)).toBeLessThan(ADMISSION_KINDS.speech.maxWaitMs)
  }, 60_000)
})
