import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_KEY_COOKIE,
  USER_TOKEN_COOKIE,
  USER_TOKEN_LIFETIME_SECONDS,
} from '@mouthpiece/contracts/constants'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('user accounts and sessions', () => {
  let t: TestApp
  let n = 0
  const fresh = () => {
    n += 1
    return {
      username: `user${n}_${Date.now() % 100000}`,
      email: `User${n}.${Date.now() % 100000}@Example.com`,
      password: 'correct horse 1',
    }
  }
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })
  const register = async () => {
    const input = fresh()
    const res = await post('/api/register', input)
    expect(res.statusCode).toBe(200)
    return {
      input,
      body: res.json<{ token: string; expires_at: string; user: { id: number; email: string } }>(),
    }
  }

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('registers, logs in, shows the user, logs out, then refuses the old token', async () => {
    const { input, body: reg } = await register()
    expect(reg.user).toMatchObject({
      username: input.username,
      email: input.email.toLowerCase(),
      is_enabled: true,
      is_super_user: false,
      is_grandfather: false,
    })
    const expiresIn = (Date.parse(reg.expires_at) - Date.now()) / 1000
    expect(expiresIn).toBeGreaterThan(USER_TOKEN_LIFETIME_SECONDS - 60)
    expect(expiresIn).toBeLessThanOrEqual(USER_TOKEN_LIFETIME_SECONDS)

    const login = await post('/api/login', {
      username: input.username.toUpperCase(),
      password: input.password,
    })
    expect(login.statusCode).toBe(200)
    const { token } = login.json<{ token: string }>()
    expect(token).not.toBe(reg.token)

    const me = await get('/api/get-user-login', bearer(token))
    expect(me.statusCode).toBe(200)
    expect(me.json()).toEqual({ user: reg.user })

    expect((await post('/api/logout', undefined, bearer(token))).json()).toEqual({ ok: true })
    const after = await get('/api/get-user-login', bearer(token))
    expect(after.statusCode).toBe(401)
    expect(after.json()).toEqual({ message: 'Please log in to continue', code: 'unauthorized' })
    // The other session (from register) is still signed in.
    expect((await get('/api/get-user-login', bearer(reg.token))).statusCode).toBe(200)
  })

  it('logs in with the email instead of the username, and through manual login', async () => {
    const { input } = await register()
    expect((await post('/api/login', { username: input.email, password: input.password })).statusCode).toBe(
      200,
    )
    const manual = await post('/api/manual-login', {
      email: input.email.toUpperCase(),
      password: input.password,
    })
    expect(manual.statusCode).toBe(200)
    expect(manual.json()).toMatchObject({ user: { username: input.username } })
  })

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const { input } = await register()
    for (const payload of [
      { username: input.username, password: 'wrong password' },
      { username: 'nobody-here', password: input.password },
    ]) {
      const res = await post('/api/login', payload)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ message: 'Invalid username or password', code: 'invalid_credentials' })
    }
    const manual = await post('/api/manual-login', { email: input.email, password: 'wrong password' })
    expect(manual.statusCode).toBe(401)
    expect(manual.json()).toMatchObject({ message: 'Invalid username or password' })
  })

  it('accepts the token from the user cookie, with or without a Bearer prefix', async () => {
    const { body } = await register()
    for (const value of [body.token, `Bearer ${body.token}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/get-user-login',
        cookies: { [USER_TOKEN_COOKIE]: value },
      })
      expect(res.statusCode).toBe(200)
    }
    // The admin cookie is not a user session.
    const wrongCookie = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-login',
      cookies: { [ADMIN_KEY_COOKIE]: body.token },
    })
    expect(wrongCookie.statusCode).toBe(401)
  })

  it('stores argon2id password hashes and only the SHA-256 of session tokens', async () => {
    const { body } = await register()
    const { rows: users } = await t.database.raw.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [body.user.id],
    )
    expect(users[0]?.password_hash).toMatch(/^\$argon2id\$/)
    const { rows } = await t.database.raw.query<{ token_hash: string }>(
      `select token_hash from sessions where role = 'user' and subject_id = $1`,
      [body.user.id],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(body.token).digest('hex'))
    const { rows: raw } = await t.database.raw.query(
      'select 1 from sessions where token_hash = $1 or id::text = $1',
      [body.token],
    )
    expect(raw).toHaveLength(0)
  })

  it('treats an expired session as missing and removes it', async () => {
    const { body } = await register()
    await t.database.raw.query(
      `update sessions set expires_at = now() - interval '1 second' where subject_id = $1 and role = 'user'`,
      [body.user.id],
    )
    const res = await get('/api/get-user-login', bearer(body.token))
    expect(res.statusCode).toBe(401)
    const { rows } = await t.database.raw.query(
      `select 1 from sessions where subject_id = $1 and role = 'user'`,
      [body.user.id],
    )
    expect(rows).toHaveLength(0)
  })

  it('lets a disabled user sign in and tells the client the account is disabled', async () => {
    const { input, body } = await register()
    await t.database.raw.query('update users set is_enabled = false where id = $1', [body.user.id])
    const res = await post('/api/login', { username: input.username, password: input.password })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ user: { is_enabled: false } })
  })

  it('refuses a second account with the same username or email, per field', async () => {
    const { input } = await register()
    const sameName = await post('/api/register', { ...fresh(), username: input.username.toUpperCase() })
    expect(sameName.statusCode).toBe(422)
    expect(sameName.json()).toEqual({
      message: 'The username has already been taken.',
      code: 'validation',
      errors: { username: ['The username has already been taken.'] },
    })
    const sameEmail = await post('/api/register', { ...fresh(), email: input.email.toUpperCase() })
    expect(sameEmail.statusCode).toBe(422)
    expect(sameEmail.json()).toMatchObject({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    })
  })

  it('keeps user and admin sessions apart', async () => {
    const { body } = await register()
    const userOnAdmin = await get('/api/admin/users', bearer(body.token))
    // A signed-in user on an admin route is known but not allowed.
    expect(userOnAdmin.statusCode).toBe(403)
    expect(userOnAdmin.json()).toMatchObject({ message: 'You do not have permission to do this' })
    const admin = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' })
    const adminToken = admin.json<{ token: string }>().token
    expect((await get('/api/get-user-login', bearer(adminToken))).statusCode).toBe(401)
    expect((await get('/api/admin/users', bearer(adminToken))).statusCode).toBe(200)
    expect((await get('/api/get-user-login')).statusCode).toBe(401)
    expect((await get('/api/get-user-login', bearer('not-a-real-token'))).statusCode).toBe(401)
  })

  describe('bad input gets a 4xx with a message, never a 500', () => {
    const cases: Array<[string, string, unknown]> = [
      ['login without a body', '/api/login', undefined],
      ['login with missing fields', '/api/login', {}],
      ['login with an empty username', '/api/login', { username: '', password: 'x' }],
      ['login with wrong types', '/api/login', { username: 42, password: ['x'] }],
      [
        'register with a bad email',
        '/api/register',
        { username: 'someone', email: 'not-an-email', password: 'long enough 1' },
      ],
      [
        'register with a short password',
        '/api/register',
        { username: 'someone', email: 'a@b.co', password: 'short' },
      ],
      [
        'register with a bad username',
        '/api/register',
        { username: 'no spaces allowed', email: 'a@b.co', password: 'long enough 1' },
      ],
      ['reset with an empty token', '/api/reset-password', { token: '', password: 'long enough 1' }],
      ['send reset mail to a bad address', '/api/send-reset-mail', { email: 'nope' }],
    ]
    it.each(cases)('%s', async (_name, url, payload) => {
      const res = await post(url, payload as object | undefined)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ message: expect.stringMatching(/\S/), code: 'validation' })
    })

    it('names the field in the spec wording', async () => {
      const res = await post('/api/send-reset-mail', { email: 'nope' })
      expect(res.json()).toMatchObject({
        message: 'Please enter valid email id',
        errors: { email: ['Please enter valid email id'] },
      })
      const empty = await post('/api/login', { username: '  ', password: 'x' })
      expect(empty.json()).toMatchObject({ message: 'Please enter your username' })
      const missing = await post('/api/login', { username: 'someone' })
      expect(missing.json()).toMatchObject({
        message: 'Please enter your password',
        errors: { password: ['Please enter your password'] },
      })
    })

    it('rejects malformed JSON and other content types', async () => {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: '{"username":',
        headers: { 'content-type': 'application/json' },
      })
      expect(broken.statusCode).toBe(400)
      expect(broken.json()).toMatchObject({ message: expect.any(String) })
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: 'username=a',
        headers: { 'content-type': 'text/plain' },
      })
      expect(text.statusCode).toBe(400)
      expect(text.json()).toMatchObject({ message: expect.any(String) })
    })

    it('answers an oversized body with 413 and a message', async () => {
      const res = await post('/api/login', { username: 'x'.repeat(1_100_000), password: 'x' })
      expect(res.statusCode).toBe(413)
      expect(res.json()).toMatchObject({ message: 'The request is too large' })
    })
  })
})

describe('login rate limit', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3' } })
  })
  afterAll(async () => t.close())

  it('answers 429 once an address has used up its attempts for the minute', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'someone', password: 'wrong password' },
      })
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401)
    const limited = await attempt()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(
        /^Too many attempts\. Please wait (a minute|\d+ seconds) and try again\.$/,
      ),
    })
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.1.2.3',
      payload: { username: 'someone', password: 'wrong password' },
    })
    expect(other.statusCode).toBe(401)
    // Registration is not a login and stays open.
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'ratelimited', email: 'rl@example.com', password: 'long enough 1' },
    })
    expect(reg.statusCode).toBe(200)
  })

  it('limits admin login and reset mails too', async () => {
    for (const [url, payload] of [
      ['/api/admin/login', { username: 'admin', password: 'wrong password' }],
      ['/api/send-reset-mail', { email: 'someone@example.com' }],
      ['/api/manual-login', { email: 'someone@example.com', password: 'wrong password' }],
    ] as const) {
      const codes: number[] = []
      for (let i = 0; i < 4; i++)
        codes.push(
          (await t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.9.9.9' })).statusCode,
        )
      expect(codes[3]).toBe(429)
    }
  })
})
