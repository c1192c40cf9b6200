import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

/** The authenticator remembers a token's user for 2 s (session-cache.ts); what that may and may not change. */
describe('remembered sessions', () => {
  let t: TestApp
  let admin: Record<string, string>
  let n = 0
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
  const me = (auth: Record<string, string>) => call('GET', '/api/get-user-login', auth)
  async function signUp() {
    n += 1
    const username = `cached${n}`
    const res = await call(
      'POST',
      '/api/register',
      {},
      { username, email: `${username}@example.com`, password: 'correct horse 1' },
    )
    const body = res.json<{ token: string; user: User }>()
    return { auth: { authorization: `Bearer ${body.token}` }, user: body.user }
  }

  beforeAll(async () => {
    t = await createTestApp()
    const login = await call(
      'POST',
      '/api/admin/login',
      {},
      { username: 'admin', password: 'admin-password-1' },
    )
    admin = { authorization: `Bearer ${login.json<{ token: string }>().token}` }
  })
  afterAll(async () => t.close())
  afterEach(() => vi.useRealTimers())

  it('shows changes made in this process on the very next call', async () => {
    const { auth, user } = await signUp()
    expect((await me(auth)).json<{ user: User }>().user).toMatchObject({
      username: user.username,
      is_enabled: true,
    })
    const saved = await call('POST', '/api/admin/users/save-info', admin, {
      user_id: user.id,
      username: `${user.username}x`,
      email: user.email,
      is_enabled: false,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await me(auth)).json<{ user: User }>().user).toMatchObject({
      username: `${user.username}x`,
      is_enabled: false,
    })

    await call('POST', '/api/logout', auth)
    expect((await me(auth)).statusCode).toBe(401)
  })

  it('lets a session revoked by another process live at most 2 seconds here', async () => {
    const { auth, user } = await signUp()
    vi.useFakeTimers({ toFake: ['Date'] })
    expect((await me(auth)).statusCode).toBe(200)
    // Another API process signs the user out: this process does not hear of it.
    await t.database.raw.query(`delete from sessions where role = 'user' and subject_id = $1`, [user.id])
    vi.advanceTimersByTime(1_500)
    expect((await me(auth)).statusCode).toBe(200)
    vi.advanceTimersByTime(600)
    expect((await me(auth)).statusCode).toBe(401)
  })
})
