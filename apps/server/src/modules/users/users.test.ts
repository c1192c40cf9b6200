import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

describe('the signed-in user’s own account', () => {
  let t: TestApp
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} })
  const signUp = async (username: string) => {
    const res = await post('/api/register', {
      username,
      email: `${username}@example.com`,
      password: 'first password 1',
    })
    expect(res.statusCode).toBe(200)
    return res.json<{ token: string; user: { id: number } }>().token
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: 'help@mouthpiece.test' } })
  })
  afterAll(async () => t.close())

  it('renames the account without asking for the password', async () => {
    const token = await signUp('renamer')
    const res = await post('/api/update-info', { username: 'Renamed' }, token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ user: { username: 'Renamed', email: 'renamer@example.com' } })
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-login',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(me.json()).toMatchObject({ user: { username: 'Renamed' } })
  })

  it('needs the current password to change the email', async () => {
    const token = await signUp('mover')
    const missing = await post('/api/update-info', { email: 'moved@example.com' }, token)
    expect(missing.statusCode).toBe(422)
    expect(missing.json()).toMatchObject({
      message: 'Please enter your current password',
      errors: { current_password: ['Please enter your current password'] },
    })
    const wrong = await post(
      '/api/update-info',
      { email: 'moved@example.com', current_password: 'nope nope' },
      token,
    )
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json()).toMatchObject({ message: 'The current password is incorrect.' })
    const ok = await post(
      '/api/update-info',
      { email: 'Moved@Example.com', current_password: 'first password 1' },
      token,
    )
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ user: { email: 'moved@example.com' } })
  })

  it('changes the password, keeping this session and signing out the others', async () => {
    const here = await signUp('changer')
    const login = await post('/api/login', { username: 'changer', password: 'first password 1' })
    const elsewhere = login.json<{ token: string }>().token
    const res = await post(
      '/api/update-info',
      { password: 'second password 2', current_password: 'first password 1' },
      here,
    )
    expect(res.statusCode).toBe(200)
    const me = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/get-user-login',
        headers: { authorization: `Bearer ${token}` },
      })
    expect((await me(here)).statusCode).toBe(200)
    expect((await me(elsewhere)).statusCode).toBe(401)
    expect(
      (await post('/api/login', { username: 'changer', password: 'second password 2' })).statusCode,
    ).toBe(200)
  })

  it('refuses a username or email another account holds', async () => {
    await signUp('holder')
    const token = await signUp('wanter')
    const name = await post('/api/update-info', { username: 'HOLDER' }, token)
    expect(name.statusCode).toBe(422)
    expect(name.json()).toMatchObject({ errors: { username: ['The username has already been taken.'] } })
    const email = await post(
      '/api/update-info',
      { email: 'holder@example.com', current_password: 'first password 1' },
      token,
    )
    expect(email.statusCode).toBe(422)
    expect(email.json()).toMatchObject({ errors: { email: ['The email has already been taken.'] } })
  })

  it('needs a signed-in user', async () => {
    expect((await post('/api/update-info', { username: 'whoever' })).statusCode).toBe(401)
  })

  it('checks usernames as they are typed', async () => {
    const token = await signUp('checker')
    const check = async (username: unknown, as?: string) =>
      (await post('/api/check-valid-username', { username }, as)).json<{ valid: boolean; message: string }>()
    expect(await check('Checker')).toEqual({ valid: false, message: 'The username has already been taken.' })
    expect(await check('checker', token)).toEqual({ valid: true, message: 'Username is available' })
    expect(await check('brand-new')).toEqual({ valid: true, message: 'Username is available' })
    expect(await check('ab')).toEqual({ valid: false, message: 'Username must be at least 3 characters' })
    expect(await check('has space')).toEqual({
      valid: false,
      message: 'Username may only contain letters, numbers, dots, dashes and underscores',
    })
    const wrongType = await post('/api/check-valid-username', { username: 5 })
    expect(wrongType.statusCode).toBe(400)
  })

  it('mails the contact form to support with the sender as reply-to', async () => {
    const res = await post('/api/support-mail', {
      name: 'Ada',
      email: 'Ada@Example.com',
      subject: 'Help with\nalerts',
      message: 'My alerts are silent.',
    })
    expect(res.statusCode).toBe(200)
    const admin = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' })
    const headers = { authorization: `Bearer ${admin.json<{ token: string }>().token}` }
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers })
    const item = list.json<{ list: Array<{ id: string }> }>().list[0]!
    const mail = (await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${item.id}`, headers })).json()
    expect(mail).toMatchObject({ to: 'help@mouthpiece.test', subject: 'Contact form: Help with alerts' })
    expect(mail.text).toContain('From: Ada <ada@example.com>')
    expect(mail.text).toContain('My alerts are silent.')

    const bad = await post('/api/support-mail', {
      name: '',
      email: 'ada@example.com',
      subject: 'x',
      message: 'y',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: 'Please enter your name' })
  })
})
