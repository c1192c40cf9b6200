import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

const PASSWORD = 'a good password 1'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('per-account back-off on password checks', () => {
  let t: TestApp
  const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } })
  const signUp = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '10.200.0.1',
      payload: { username, email: `${username}@example.com`, password: PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    return res.json<{ token: string }>().token
  }

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('slows one address down on one account, and never locks the owner out from elsewhere', async () => {
    await signUp('guessed')
    for (let i = 0; i < 5; i++) expect((await login('guessed', `wrong ${i}`)).statusCode).toBe(401)
    const throttled = await login('guessed', 'wrong 6')
    expect(throttled.statusCode).toBe(429)
    expect(throttled.json()).toEqual({
      message: 'Too many sign-in attempts. Please try again in 1 second.',
      code: 'rate_limited',
    })
    expect(throttled.headers['retry-after']).toBe('1')
    // Throttled means no password is checked, the right one included.
    expect((await login('guessed', PASSWORD)).statusCode).toBe(429)
    // The owner, from another address, signs in at once.
    expect((await login('guessed', PASSWORD, '10.0.0.2')).statusCode).toBe(200)
    // Each further failure doubles the wait of the guessing address.
    await sleep(1100)
    expect((await login('guessed', 'wrong 7')).statusCode).toBe(401)
    expect(Number((await login('guessed', 'wrong 8')).headers['retry-after'])).toBe(2)
    await sleep(2100)
    // After the wait, the right password works and that address starts over.
    expect((await login('guessed', PASSWORD)).statusCode).toBe(200)
    expect((await login('guessed', 'wrong 9')).statusCode).toBe(401)
  })

  it('throttles unknown usernames exactly like real ones (no hint who exists)', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('nobody-here', `wrong ${i}`, '10.0.1.1')).statusCode).toBe(401)
    expect((await login('nobody-here', 'wrong', '10.0.1.1')).statusCode).toBe(429)
  })

  it('spaces out an account attacked from many addresses, without shutting it', async () => {
    await signUp('besieged')
    // Ten addresses, five failures each: more than any one address could make in the window.
    for (let ip = 1; ip <= 10; ip++) {
      const tries = Array.from({ length: 5 }, (_, i) => login('besieged', `wrong ${i}`, `10.1.0.${ip}`))
      for (const res of await Promise.all(tries)) expect(res.statusCode).toBe(401)
    }
    const right = await login('besieged', PASSWORD, '10.2.0.1')
    expect(right.statusCode).toBe(429)
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(2)
    await sleep(2100)
    expect((await login('besieged', PASSWORD, '10.2.0.1')).statusCode).toBe(200)
  })

  it('counts update-info’s current-password check with the logins of that account', async () => {
    const token = await signUp('changer')
    const change = (current_password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/update-info',
        remoteAddress: '10.3.0.1',
        headers: { authorization: `Bearer ${token}` },
        payload: { password: 'another password 2', current_password },
      })
    for (let i = 0; i < 5; i++) expect((await change(`wrong ${i}`)).statusCode).toBe(422)
    expect((await change(PASSWORD)).statusCode).toBe(429)
    expect((await login('changer', PASSWORD, '10.3.0.1')).statusCode).toBe(429)
  })
})

describe('per-address limits on sign-ups and support mail', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3' } })
  })
  afterAll(async () => t.close())

  it('lets one address make only a few accounts an hour', async () => {
    const register = (n: number, remoteAddress = '10.5.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress,
        payload: { username: `mass${n}`, email: `mass${n}@example.com`, password: PASSWORD },
      })
    for (let n = 0; n < 3; n++) expect((await register(n)).statusCode).toBe(200)
    expect((await register(3)).statusCode).toBe(429)
    // A taken address costs an attempt too: probing addresses is no cheaper than signing up.
    expect((await register(0, '10.5.0.2')).statusCode).toBe(422)
    expect((await register(4, '10.5.0.2')).statusCode).toBe(200)
    expect((await register(5, '10.5.0.2')).statusCode).toBe(200)
    expect((await register(6, '10.5.0.2')).statusCode).toBe(429)
  })

  it('sends only a few support mails an hour per address', async () => {
    // A different sender each time: one sender's own cooldown (decision 0040) is not what this counts.
    const mail = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support-mail',
        remoteAddress: '10.6.0.1',
        payload: {
          name: 'Sam',
          email: `sam${n}@example.com`,
          subject: 'Hello',
          message: 'A question about plans.',
        },
      })
    for (let i = 0; i < 3; i++) expect((await mail(i)).statusCode).toBe(200)
    expect((await mail(3)).statusCode).toBe(429)
  })
})
