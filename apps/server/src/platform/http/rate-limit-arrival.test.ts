import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

const onPostgres = process.env.TEST_DB_ENGINE === 'postgres'

describe('per-IP limits count a request when it arrives', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3' } })
  })
  afterAll(async () => t.close())

  it('lets the first calls of a burst through and refuses only those past the limit', async () => {
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.8.0.2',
          payload: { username: 'someone', password: 'wrong password' },
        }),
      ),
    )
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 429, 429])
  })

  // PGlite has one connection: a transaction held open makes every other query wait, as a busy
  // database does. The limit must not wait behind the session look-up of the bearer token.
  it.runIf(!onPostgres)('refuses calls past the limit at once, even while the database is busy', async () => {
    let release!: () => void
    const held = t.db.transaction(() => new Promise<void>((resolve) => (release = resolve)))
    await new Promise((r) => setTimeout(r, 50))
    const sent = performance.now()
    const calls = Array.from({ length: 5 }, () =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.8.0.1',
          headers: { authorization: 'Bearer not-a-session-token' },
          payload: { username: 'someone', password: 'wrong password' },
        })
        .then((res) => ({ status: res.statusCode, ms: performance.now() - sent })),
    )
    const refused = await Promise.race([
      Promise.all(calls.slice(3)),
      new Promise<'waited'>((r) => setTimeout(() => r('waited'), 1500)),
    ])
    release()
    await held
    expect(refused).not.toBe('waited')
    expect((refused as Array<{ status: number }>).map((r) => r.status)).toEqual([429, 429])
    expect((await Promise.all(calls)).slice(0, 3).map((r) => r.status)).toEqual([401, 401, 401])
  })
})
