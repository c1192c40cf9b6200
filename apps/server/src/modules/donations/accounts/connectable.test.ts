import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { signUp } from '../testing/harness'

/** Issue 24: the settings page knows before the click which services this server can link. */
describe('which services this server can connect', () => {
  let t: TestApp
  let creator: { id: number; headers: Record<string, string> }

  beforeAll(async () => {
    for (const name of [
      'STREAMLABS_CLIENT_ID',
      'STREAMLABS_CLIENT_SECRET',
      'STREAMELEMENTS_CLIENT_ID',
      'STREAMELEMENTS_CLIENT_SECRET',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
    ])
      delete process.env[name]
    Object.assign(process.env, {
      TWITCH_CLIENT_ID: 'twitch-client',
      TWITCH_CLIENT_SECRET: 'twitch-secret',
      SOURCES_ENABLED: 'false',
    })
    t = await createTestApp()
    creator = await signUp(t.app, 'connectable')
  })
  afterAll(async () => t.close())

  it('lists every service with whether it is set up, and the ones that are not still refuse a link with 503', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/donation/account/get',
      headers: creator.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ providers: unknown }>().providers).toEqual([
      { provider: 'twitch', configured: true },
      { provider: 'youtube', configured: false },
      { provider: 'streamlabs', configured: false },
      { provider: 'streamelements', configured: false },
    ])
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/donation/streamlabs/connect?user_id=${creator.id}&platform=twitch`,
      headers: { ...creator.headers, accept: 'application/json' },
    })
    expect(refused.statusCode).toBe(503)
    expect(refused.json()).toMatchObject({ message: 'Streamlabs is not set up on this server yet' })
    const twitch = await t.app.inject({
      method: 'GET',
      url: `/api/donation/twitch/connect?user_id=${creator.id}`,
      headers: { ...creator.headers, accept: 'application/json' },
    })
    expect(twitch.statusCode).toBe(200)
  })

  it('names who invited a visitor from their /r/{username} link, publicly; nobody is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/referrer/CONNECTABLE' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ referrer: { username: 'connectable', display_name: 'connectable' } })
    const nobody = await t.app.inject({ method: 'GET', url: '/api/referrer/nobody-here' })
    expect(nobody.statusCode).toBe(404)
    expect(nobody.json()).toMatchObject({ code: 'not_found', message: 'Referrer not found' })
  })
})
