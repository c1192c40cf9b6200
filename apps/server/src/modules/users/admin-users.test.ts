import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

interface Page {
  list: User[]
  total: number
  lastPage: number
}

describe('admin users screens', () => {
  let t: TestApp
  let headers: Record<string, string>
  const post = (url: string, payload: object, h = headers) =>
    t.app.inject({ method: 'POST', url, payload, headers: h })
  const get = (url: string, h = headers) => t.app.inject({ method: 'GET', url, headers: h })
  const create = async (username: string, email = `${username}@example.com`) => {
    const res = await post('/api/admin/users/create', { username, email, password: 'user password 1' })
    expect(res.statusCode).toBe(200)
    return res.json<{ user: User }>().user
  }

  beforeAll(async () => {
    t = await createTestApp()
    const res = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' }, {})
    headers = { authorization: `Bearer ${res.json<{ token: string }>().token}` }
  })
  afterAll(async () => t.close())

  it('creates users the person can log in as', async () => {
    const user = await create('created1', 'Created1@Example.com')
    expect(user).toMatchObject({ username: 'created1', email: 'created1@example.com', is_enabled: true })
    const login = await post('/api/login', { username: 'created1', password: 'user password 1' }, {})
    expect(login.statusCode).toBe(200)
  })

  it('answers a taken username and email with per-field messages, the first as the message', async () => {
    await create('taken1')
    const both = await post('/api/admin/users/create', {
      username: 'TAKEN1',
      email: 'taken1@example.com',
      password: 'user password 1',
    })
    expect(both.statusCode).toBe(422)
    expect(both.json()).toEqual({
      message: 'The username has already been taken.',
      code: 'validation',
      errors: {
        username: ['The username has already been taken.'],
        email: ['The email has already been taken.'],
      },
    })
    const email = await post('/api/admin/users/create', {
      username: 'other1',
      email: 'TAKEN1@example.com',
      password: 'user password 1',
    })
    expect(email.statusCode).toBe(422)
    expect(email.json()).toEqual({
      message: 'The email has already been taken.',
      code: 'validation',
      errors: { email: ['The email has already been taken.'] },
    })
    const invalid = await post('/api/admin/users/create', { username: 'x', email: 'bad', password: 'short' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toMatchObject({
      message: 'Username must be at least 3 characters',
      errors: {
        username: ['Username must be at least 3 characters'],
        email: ['Please enter valid email id'],
        password: ['Password must be at least 8 characters'],
      },
    })
  })

  it('lists ten per page, newest first, and searches username and email', async () => {
    for (let i = 1; i <= 12; i++) await create(`lister${String(i).padStart(2, '0')}`, `l${i}@listing.example`)
    const page1 = (await get('/api/admin/users?page=1&keySearch=lister')).json<Page>()
    expect(page1.total).toBe(12)
    expect(page1.lastPage).toBe(2)
    expect(page1.list.map((u) => u.username)).toEqual([
      'lister12',
      'lister11',
      'lister10',
      'lister09',
      'lister08',
      'lister07',
      'lister06',
      'lister05',
      'lister04',
      'lister03',
    ])
    const page2 = (await get('/api/admin/users?page=2&keySearch=LISTER')).json<Page>()
    expect(page2.list.map((u) => u.username)).toEqual(['lister02', 'lister01'])

    const byEmail = (await get('/api/admin/users?keySearch=l7%40listing')).json<Page>()
    expect(byEmail.list.map((u) => u.username)).toEqual(['lister07'])
    // Wildcards typed in the box are literal.
    expect((await get('/api/admin/users?keySearch=%25')).json<Page>()).toMatchObject({
      list: [],
      total: 0,
      lastPage: 1,
    })
    const all = (await get('/api/admin/users')).json<Page>()
    expect(all.total).toBeGreaterThanOrEqual(12)
    expect((await get('/api/admin/users?page=0')).statusCode).toBe(400)
  })

  it('shows and saves a user, refusing names held by others', async () => {
    const user = await create('editme')
    await create('someoneelse')
    expect((await get(`/api/admin/users/info?user_id=${user.id}`)).json()).toEqual({
      user: { ...user, referred_by: null },
    })

    const userLogin = await post('/api/login', { username: 'editme', password: 'user password 1' }, {})
    const userToken = userLogin.json<{ token: string }>().token

    const saved = await post('/api/admin/users/save-info', {
      user_id: user.id,
      username: 'edited',
      email: 'edited@example.com',
      is_enabled: false,
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({
      user: { id: user.id, username: 'edited', email: 'edited@example.com', is_enabled: false },
    })
    // Saving without a password keeps the user's sessions and password.
    expect((await get('/api/get-user-login', { authorization: `Bearer ${userToken}` })).json()).toMatchObject(
      { user: { username: 'edited', is_enabled: false } },
    )

    const clash = await post('/api/admin/users/save-info', {
      user_id: user.id,
      username: 'SomeoneElse',
      email: 'edited@example.com',
      is_enabled: true,
    })
    expect(clash.statusCode).toBe(422)
    expect(clash.json()).toMatchObject({ errors: { username: ['The username has already been taken.'] } })

    const withPassword = await post('/api/admin/users/save-info', {
      user_id: user.id,
      username: 'edited',
      email: 'edited@example.com',
      is_enabled: true,
      password: 'set by admin 1',
    })
    expect(withPassword.statusCode).toBe(200)
    expect((await get('/api/get-user-login', { authorization: `Bearer ${userToken}` })).statusCode).toBe(401)
    expect(
      (await post('/api/login', { username: 'edited', password: 'set by admin 1' }, {})).statusCode,
    ).toBe(200)

    const missing = await get('/api/admin/users/info?user_id=999999')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ message: 'User not found' })
    expect((await get('/api/admin/users/info?user_id=abc')).json()).toMatchObject({
      message: 'Invalid user id',
    })
  })

  it('makes a user super and sets grandfather status', async () => {
    const user = await create('flagged')
    const userLogin = await post('/api/login', { username: 'flagged', password: 'user password 1' }, {})
    const me = () =>
      get('/api/get-user-login', { authorization: `Bearer ${userLogin.json<{ token: string }>().token}` })

    const superRes = await post('/api/admin/users/update-super-user', {
      user_id: user.id,
      is_super_user: true,
    })
    expect(superRes.json()).toMatchObject({ user: { is_super_user: true, is_grandfather: false } })
    const grand = await post('/api/admin/users/update-grandfather-status', {
      user_id: user.id,
      is_grandfather: true,
    })
    expect(grand.json()).toMatchObject({ user: { is_super_user: true, is_grandfather: true } })
    expect((await me()).json()).toMatchObject({ user: { is_super_user: true, is_grandfather: true } })
    await post('/api/admin/users/update-super-user', { user_id: user.id, is_super_user: false })
    expect((await me()).json()).toMatchObject({ user: { is_super_user: false, is_grandfather: true } })

    const notBool = await post('/api/admin/users/update-super-user', {
      user_id: user.id,
      is_super_user: 'yes',
    })
    expect(notBool.statusCode).toBe(400)
    expect(
      (await post('/api/admin/users/update-grandfather-status', { user_id: 999999, is_grandfather: true }))
        .statusCode,
    ).toBe(404)
  })

  it('deletes a user and their sessions', async () => {
    const user = await create('leaving')
    const login = await post('/api/login', { username: 'leaving', password: 'user password 1' }, {})
    const token = login.json<{ token: string }>().token
    await post('/api/send-reset-mail', { email: 'leaving@example.com' }, {})

    expect((await post('/api/admin/users/delete', { user_id: user.id })).json()).toEqual({ ok: true })
    expect((await get('/api/get-user-login', { authorization: `Bearer ${token}` })).statusCode).toBe(401)
    expect((await get(`/api/admin/users/info?user_id=${user.id}`)).statusCode).toBe(404)
    expect(
      (await post('/api/login', { username: 'leaving', password: 'user password 1' }, {})).statusCode,
    ).toBe(401)
    const { rows } = await t.database.raw.query(
      `select 1 from sessions where role = 'user' and subject_id = $1 union all select 1 from password_resets where user_id = $1`,
      [user.id],
    )
    expect(rows).toHaveLength(0)
    expect((await post('/api/admin/users/delete', { user_id: user.id })).statusCode).toBe(404)
    // The name is free again.
    await create('leaving')
  })

  it('needs an admin session for every admin call', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users/create'],
      ['GET', '/api/admin/users/info?user_id=1'],
      ['POST', '/api/admin/users/save-info'],
      ['POST', '/api/admin/users/delete'],
      ['POST', '/api/admin/users/update-super-user'],
      ['POST', '/api/admin/users/update-grandfather-status'],
      ['GET', '/api/admin/outbox'],
      ['GET', '/api/admin/outbox/x'],
      ['GET', '/api/admin/info'],
      ['POST', '/api/admin/logout'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('shows a 404 for a mail that is not in the outbox', async () => {
    expect((await get('/api/admin/outbox/000-missing')).statusCode).toBe(404)
    expect((await get('/api/admin/outbox/..%2F..%2Fetc')).statusCode).toBe(400)
  })
})
