import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { signUp } from '../testing/harness'

/** Where the browser lands after a provider's consent page: only ever a page of this site. */
describe('the return address of an OAuth link', () => {
  let t: TestApp
  let creator: { id: number; headers: Record<string, string> }

  beforeAll(async () => {
    Object.assign(process.env, {
      TWITCH_CLIENT_ID: 'twitch-client',
      TWITCH_CLIENT_SECRET: 'twitch-secret',
      SOURCES_ENABLED: 'false',
    })
    t = await createTestApp({ env: { PUBLIC_URL: 'https://mouthpiece.example' } })
    creator = await signUp(t.app, 'returner')
  })
  afterAll(async () => t.close())

  /** The return address the signed state carries to the callback (its payload is readable, only its signature is secret). */
  const returnOf = async (redirectUri: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/donation/twitch/connect?user_id=${creator.id}&redirect_uri=${encodeURIComponent(redirectUri)}`,
      headers: { ...creator.headers, accept: 'application/json' },
    })
    expect(res.statusCode).toBe(200)
    const state = new URL(res.json<{ url: string }>().url).searchParams.get('state')!
    return (JSON.parse(Buffer.from(state.split('.')[0]!, 'base64url').toString('utf8')) as { r: string }).r
  }

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    'https://evil.example/donation-settings',
    'http://mouthpiece.example/donation-settings',
    'javascript:alert(1)',
    ' javascript:alert(document.cookie)',
    'data:text/html,hi',
  ])('sends %j back to the settings page', async (evil) => {
    expect(await returnOf(evil)).toBe('/donation-settings')
  })

  it('keeps a page of this site, as a path', async () => {
    expect(await returnOf('/donation-settings?tab=alerts')).toBe('/donation-settings?tab=alerts')
    expect(await returnOf('https://mouthpiece.example/user-settings')).toBe('/user-settings')
  })
})
