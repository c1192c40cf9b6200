import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { buildApp } from './app'

const onPostgres = process.env.TEST_DB_ENGINE === 'postgres'

describe('rate limits across API processes', () => {
  let t: TestApp
  /** A second API process: its own Fastify app and plugin state, the same database. */
  let other: FastifyInstance
  beforeAll(async () => {
    process.env.DIRECT_TIPS_PER_MINUTE = '2'
    t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '4' } })
    process.env.DIRECT_TIPS_PER_MINUTE = '1000'
    other = await buildApp(t)
    await other.ready()
  })
  afterAll(async () => {
    await other.close()
    await t.close()
  })

  const login = (app: FastifyInstance, remoteAddress = '10.7.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      payload: { username: 'someone', password: 'wrong password' },
    })
  const hits = async () =>
    (
      await t.database.raw.query<{ key: string; count: number }>(
        'select key, count from rate_limit_hits order by key',
      )
    ).rows

  it.runIf(onPostgres)('counts login attempts split between two processes against one limit', async () => {
    const codes: number[] = []
    for (const app of [t.app, other, t.app, other, t.app, other]) codes.push((await login(app)).statusCode)
    expect(codes).toEqual([401, 401, 401, 401, 429, 429])
    const limited = await login(t.app)
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(
        /^Too many attempts\. Please wait (a minute|\d+ seconds) and try again\.$/,
      ),
    })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    // Another address and another limited route keep their own counts.
    expect((await login(other, '10.7.0.2')).statusCode).toBe(401)
    const reset = await other.inject({
      method: 'POST',
      url: '/api/send-reset-mail',
      remoteAddress: '10.7.0.1',
      payload: { email: 'someone@example.com' },
    })
    expect(reset.statusCode).toBe(200)
    expect(await hits()).toEqual([
      { key: 'POST /api/login 10.7.0.1', count: 7 },
      { key: 'POST /api/login 10.7.0.2', count: 1 },
      { key: 'POST /api/send-reset-mail 10.7.0.1', count: 1 },
    ])
  })

  it.runIf(onPostgres)('starts a new window once the old one has ended', async () => {
    await t.database.raw.query(
      `update rate_limit_hits set reset_at = now() - interval '1 second' where key = 'POST /api/login 10.7.0.1'`,
    )
    expect((await login(other)).statusCode).toBe(401)
    expect((await hits()).find((h) => h.key === 'POST /api/login 10.7.0.1')?.count).toBe(1)
  })

  it.runIf(onPostgres)('counts public tips across processes too', async () => {
    const tip = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/donation/tips/direct', remoteAddress: '10.7.0.3', payload: {} })
    const codes = [
      (await tip(t.app)).statusCode,
      (await tip(other)).statusCode,
      (await tip(t.app)).statusCode,
    ]
    expect(codes).toEqual([400, 400, 429])
  })

  it.runIf(!onPostgres)('keeps counting in memory on embedded PGlite (one process)', async () => {
    for (let i = 0; i < 4; i++) expect((await login(t.app)).statusCode).toBe(401)
    expect((await login(t.app)).statusCode).toBe(429)
    expect(await hits()).toEqual([])
  })
})
