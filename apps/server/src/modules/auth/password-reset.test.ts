import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

describe('password reset by mail', () => {
  let t: TestApp
  let adminToken: string
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers })
  const outbox = () => path.join(t.config.dataDir, 'outbox')
  const outboxFiles = () =>
    fs.existsSync(outbox())
      ? fs
          .readdirSync(outbox())
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : []

  /** The link in the newest mail, as a person would copy it from the .eml file. */
  const tokenFromNewestEml = () => {
    const file = outboxFiles().at(-1)!
    const raw = fs.readFileSync(path.join(outbox(), file), 'utf8')
    // Quoted-printable: undo soft line breaks and the escaped '='.
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)
    expect(match, `no reset link in ${file}`).not.toBeNull()
    return match![1]!
  }

  const makeUser = async (username: string) => {
    const input = { username, email: `${username}@example.com`, password: 'old password 1' }
    const res = await post('/api/register', input)
    expect(res.statusCode).toBe(200)
    return { ...input, token: res.json<{ token: string }>().token }
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://mouthpiece.test' } })
    const res = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' })
    adminToken = res.json<{ token: string }>().token
  })
  afterAll(async () => t.close())

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = outboxFiles().length
    const res = await post('/api/send-reset-mail', { email: 'Nobody@Example.com' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ email: 'nobody@example.com' })
    expect(outboxFiles()).toHaveLength(before)
  })

  it('mails a single-use link that sets a new password and signs out old sessions', async () => {
    const user = await makeUser('resetme')
    const res = await post('/api/send-reset-mail', { email: 'ResetMe@example.com' })
    expect(res.json()).toEqual({ email: 'resetme@example.com' })

    // The admin outbox lists and shows the mail.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: { authorization: `Bearer ${adminToken}` },
    })
    expect(list.statusCode).toBe(200)
    const first = list.json<{ list: Array<{ id: string; to: string; subject: string }>; total: number }>()
      .list[0]!
    expect(first).toMatchObject({ to: user.email, subject: 'Reset your Mouthpiece password' })
    const mail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${first.id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    })
    expect(mail.json<{ text: string }>().text).toContain('https://mouthpiece.test/reset-password?token=')

    const token = tokenFromNewestEml()
    expect(mail.json<{ text: string }>().text).toContain(token)
    const { rows } = await t.database.raw.query('select 1 from password_resets where token_hash = $1', [
      token,
    ])
    expect(rows).toHaveLength(0) // stored hashed only

    expect((await post('/api/check-token', { token })).json()).toEqual({ valid: true, email: user.email })
    const reset = await post('/api/reset-password', { token, password: 'new password 2' })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ ok: true })

    expect(
      (await post('/api/login', { username: user.username, password: 'old password 1' })).statusCode,
    ).toBe(401)
    expect(
      (await post('/api/login', { username: user.username, password: 'new password 2' })).statusCode,
    ).toBe(200)
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/get-user-login',
      headers: { authorization: `Bearer ${user.token}` },
    })
    expect(old.statusCode).toBe(401)

    // Single use.
    expect((await post('/api/check-token', { token })).json()).toEqual({ valid: false })
    const again = await post('/api/reset-password', { token, password: 'third password 3' })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({
      message: 'This password reset link is invalid or has expired.',
      code: 'invalid_token',
    })
  })

  it('rejects a link older than an hour', async () => {
    await makeUser('slowreader')
    await post('/api/send-reset-mail', { email: 'slowreader@example.com' })
    const token = tokenFromNewestEml()
    const { rows } = await t.database.raw.query<{ minutes: number }>(
      `select round(extract(epoch from expires_at - now()) / 60)::int as minutes from password_resets order by created_at desc limit 1`,
    )
    expect(rows[0]?.minutes).toBe(60)
    await t.database.raw.query(`update password_resets set expires_at = now() - interval '1 second'`)
    expect((await post('/api/check-token', { token })).json()).toEqual({ valid: false })
    const res = await post('/api/reset-password', { token, password: 'new password 2' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: 'This password reset link is invalid or has expired.' })
    expect(
      (await post('/api/login', { username: 'slowreader', password: 'old password 1' })).statusCode,
    ).toBe(200)
  })

  it('mails one link per address per cooldown, answering every request the same (issue 23: 12 requests, 7 mails)', async () => {
    await makeUser('hammered')
    const before = outboxFiles().length
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post('/api/send-reset-mail', { email: 'hammered@example.com' })),
    )
    for (const res of answers) {
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ email: 'hammered@example.com' })
      expect(res.headers['retry-after']).toBeUndefined()
    }
    expect(outboxFiles()).toHaveLength(before + 1)
    // No unmailed tokens are left behind by the refused requests.
    const { rows } = await t.database.raw.query<{ n: number }>(
      `select count(*)::int as n from password_resets r join users u on u.id = r.user_id where u.username = 'hammered'`,
    )
    expect(rows[0]?.n).toBe(1)
    // Another address is not held back by this one.
    await makeUser('neighbour')
    await post('/api/send-reset-mail', { email: 'neighbour@example.com' })
    expect(outboxFiles()).toHaveLength(before + 2)
    // Once the cooldown has passed (held in the database: every process sees it), the next mail goes.
    await t.database.raw.query(
      `update mail_cooldowns set sent_at = now() - interval '61 seconds' where recipient = 'hammered@example.com'`,
    )
    await post('/api/send-reset-mail', { email: 'hammered@example.com' })
    expect(outboxFiles()).toHaveLength(before + 3)
  })

  it('rejects a made-up token and a weak new password', async () => {
    expect((await post('/api/check-token', { token: 'made-up' })).json()).toEqual({ valid: false })
    expect(
      (await post('/api/reset-password', { token: 'made-up', password: 'new password 2' })).statusCode,
    ).toBe(400)
    const weak = await post('/api/reset-password', { token: 'made-up', password: 'short' })
    expect(weak.statusCode).toBe(400)
    expect(weak.json()).toMatchObject({ message: 'Password must be at least 8 characters' })
  })
})
