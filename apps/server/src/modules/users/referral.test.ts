import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { adminHeaders, createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { recordReferral } from './users.repo'
import { users } from './users.table'

/** /r/{username}: the sign-up remembers who referred it (issue 13 "referral link"). */
describe('referrals', () => {
  let t: TestApp
  const register = (username: string, referred_by?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username,
        email: `${username}@example.com`,
        password: 'correct horse 1',
        ...(referred_by === undefined ? {} : { referred_by }),
      },
    })
  const referrerOf = async (username: string) =>
    (await t.db.select({ r: users.referred_by }).from(users).where(eq(users.username, username)))[0]?.r

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('records the referrer by username (any case), keeps the first, ignores unknown names', async () => {
    const alice = (await register('alice_ref')).json<{ user: { id: number } }>().user
    expect((await register('bob_ref', 'Alice_Ref')).statusCode).toBe(200)
    expect(await referrerOf('bob_ref')).toBe(alice.id)
    // A stale link never stands in the way of signing up.
    expect((await register('carol_ref', 'nobody_here')).statusCode).toBe(200)
    expect(await referrerOf('carol_ref')).toBeNull()
    // Linking Twitch later with another referrer does not overwrite the first (same repo call).
    const carl = (await register('carl_ref')).json<{ user: { id: number } }>().user
    const bob = (await t.db.select().from(users).where(eq(users.username, 'bob_ref')))[0]!
    expect(await recordReferral(t.db, bob.id, 'carl_ref')).toBe(false)
    expect(await referrerOf('bob_ref')).toBe(alice.id)
    expect(await recordReferral(t.db, carl.id, 'carl_ref')).toBe(false)
  })

  it('shows the referrer in the admin users list and user detail; a normal user gets 403', async () => {
    const admin = await adminHeaders(t.app)
    const alice = (await t.db.select().from(users).where(eq(users.username, 'alice_ref')))[0]!
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?keySearch=_ref&sort=username&dir=asc',
      headers: admin,
    })
    const byName = Object.fromEntries(
      list
        .json<{ list: Array<{ username: string; referred_by: unknown }> }>()
        .list.map((u) => [u.username, u.referred_by]),
    )
    expect(byName).toMatchObject({
      bob_ref: { id: alice.id, username: 'alice_ref' },
      carol_ref: null,
      alice_ref: null,
    })
    const bob = (await t.db.select().from(users).where(eq(users.username, 'bob_ref')))[0]!
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/info?user_id=${bob.id}`,
      headers: admin,
    })
    expect(info.json()).toMatchObject({
      user: { username: 'bob_ref', referred_by: { id: alice.id, username: 'alice_ref' } },
    })
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'bob_ref', password: 'correct horse 1' },
    })
    const token = login.json<{ token: string }>().token
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/users/info?user_id=${bob.id}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(403)
  })

  it('refuses a malformed referral with a clear error and creates no account', async () => {
    const res = await register('dave_ref', 'x'.repeat(31))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: 'referred_by is a username' })
    expect(await referrerOf('dave_ref')).toBeUndefined()
  })
})
