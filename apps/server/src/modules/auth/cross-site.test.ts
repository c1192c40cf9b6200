import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_KEY_COOKIE, USER_TOKEN_COOKIE } from '@mouthpiece/contracts/constants'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

/**
 * Cross-site request forgery: the spec makes some state changes GETs (Twitch disconnect, test
 * alert, connect), and browsers send our cookies along when another site navigates to them.
 */
describe('cookies as credentials only for our own pages', () => {
  let t: TestApp
  let token: string
  let adminKey: string
  const userCookie = () => `${USER_TOKEN_COOKIE}=${encodeURIComponent(token)}`
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers })

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://mouthpiece.example' } })
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'forgery1', email: 'forgery1@example.com', password: 'first password 1' },
    })
    token = reg.json<{ token: string }>().token
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-password-1' },
    })
    adminKey = admin.json<{ token: string }>().token
  })
  afterAll(async () => t.close())

  it('refuses a state-changing GET another site navigated to, even with the cookie', async () => {
    const forged = await get('/api/donation/twitch/disconnect', {
      cookie: userCookie(),
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.json()).toMatchObject({ code: 'unauthorized' })
    const sibling = await get('/api/donation/twitch/disconnect', {
      cookie: userCookie(),
      'sec-fetch-site': 'same-site',
    })
    expect(sibling.statusCode).toBe(401)
  })

  it('judges older browsers by Origin, then Referer', async () => {
    expect(
      (await get('/api/get-user-login', { cookie: userCookie(), origin: 'https://evil.example' })).statusCode,
    ).toBe(401)
    expect(
      (await get('/api/get-user-login', { cookie: userCookie(), referer: 'https://evil.example/page' }))
        .statusCode,
    ).toBe(401)
    expect((await get('/api/get-user-login', { cookie: userCookie(), origin: 'null' })).statusCode).toBe(401)
    expect(
      (await get('/api/get-user-login', { cookie: userCookie(), origin: 'https://mouthpiece.example' }))
        .statusCode,
    ).toBe(200)
    expect(
      (
        await get('/api/get-user-login', {
          cookie: userCookie(),
          referer: 'https://mouthpiece.example/donation-settings',
        })
      ).statusCode,
    ).toBe(200)
  })

  it('keeps the cookie for what our pages load and what the person opens', async () => {
    expect(
      (await get('/api/get-user-login', { cookie: userCookie(), 'sec-fetch-site': 'same-origin' }))
        .statusCode,
    ).toBe(200)
    expect(
      (await get('/api/get-user-login', { cookie: userCookie(), 'sec-fetch-site': 'none' })).statusCode,
    ).toBe(200)
    // Not a browser at all (curl, a script): no other site's page can have made it.
    expect((await get('/api/get-user-login', { cookie: userCookie() })).statusCode).toBe(200)
  })

  it('accepts the Authorization header from anywhere: no other site can make a browser send it', async () => {
    const res = await get('/api/get-user-login', {
      authorization: `Bearer ${token}`,
      'sec-fetch-site': 'cross-site',
    })
    expect(res.statusCode).toBe(200)
  })

  it('refuses a forged connect too (a GET that starts linking an account)', async () => {
    const forged = await get('/api/donation/twitch/connect?user_id=1', {
      cookie: userCookie(),
      'sec-fetch-site': 'cross-site',
    })
    expect(forged.statusCode).toBe(401)
  })

  it('does the same for the admin key cookie', async () => {
    const cookie = `${ADMIN_KEY_COOKIE}=${encodeURIComponent(adminKey)}`
    expect((await get('/api/get-user-data', { cookie, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(401)
    expect((await get('/api/get-user-data', { cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
      200,
    )
  })
})
