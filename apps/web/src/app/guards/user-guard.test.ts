import { describe, expect, it } from 'vitest'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import { afterUser, beforeUser, pathHasUsername, streamElementsCallbackDecision } from './user-guard'
import type { RouteRule } from './user-guard'

const hosts = {
  prod: 'https://api.example.com',
  dev: 'https://dev-api.example.com',
  local: 'http://localhost:3000',
}
const user: User = {
  id: 1,
  username: 'Streamer',
  email: 's@x.io',
  is_enabled: true,
  is_super_user: false,
  is_grandfather: false,
  created_at: '2026-01-01T00:00:00Z',
}
const rule = (over: Partial<RouteRule> = {}): RouteRule => ({
  path: '/projects',
  guard: 'user',
  allowed: true,
  ...over,
})
const at = (pathname: string, search = '') => ({ pathname, search })

describe('SPEC §2 route guarding, before the user is known', () => {
  it('paths containing /admin skip the user guard', () => {
    expect(beforeUser(at('/admin/users'), rule(), hosts)).toEqual({ type: 'allow' })
  })

  it('/twitchcon (any case) goes to the home route', () => {
    expect(beforeUser(at('/TwitchCon'), rule({ path: '/twitchcon', guard: 'public' }), hosts)).toEqual({
      type: 'redirect',
      to: '/',
    })
    expect(beforeUser(at('/twitchcon/'), rule({ path: '/twitchcon', guard: 'public' }), hosts)).toEqual({
      type: 'redirect',
      to: '/',
    })
  })

  it('a path not in the allowed routes goes to the default route', () => {
    expect(beforeUser(at('/projects'), rule({ allowed: false }), hosts)).toEqual({
      type: 'redirect',
      to: '/',
    })
  })

  it('a path containing /tip/ is reachable without user info', () => {
    expect(
      beforeUser(at('/streamer/tip/twitch'), rule({ path: '/:username/tip/:channel', guard: 'user' }), hosts),
    ).toEqual({ type: 'allow' })
  })

  it('public routes need no user; user, guest and entry routes load one', () => {
    expect(beforeUser(at('/privacy'), rule({ guard: 'public' }), hosts)).toEqual({ type: 'allow' })
    for (const guard of ['user', 'guest', 'entry'] as const)
      expect(beforeUser(at('/x'), rule({ guard }), hosts)).toEqual({ type: 'load-user' })
  })
})

describe('the donation-service callback page', () => {
  const path = '/api/streamelements-callback'

  it('with state and no error, forwards to the backend picked by the last value of state, keeping path and query', () => {
    expect(streamElementsCallbackDecision(at(path, '?code=abc&state=42,dev'), hosts)).toEqual({
      type: 'external',
      href: 'https://dev-api.example.com/api/streamelements-callback?code=abc&state=42,dev',
    })
    expect(beforeUser(at(path, '?code=1&state=u7,prod'), rule({ guard: 'public' }), hosts)).toEqual({
      type: 'external',
      href: 'https://api.example.com/api/streamelements-callback?code=1&state=u7,prod',
    })
    expect(streamElementsCallbackDecision(at(path, '?state=9,local'), hosts)).toMatchObject({
      href: 'http://localhost:3000/api/streamelements-callback?state=9,local',
    })
  })

  it('an error or a missing state goes to donation settings with error=403', () => {
    const forbidden = { type: 'redirect', to: '/donation-settings?error=403' }
    expect(streamElementsCallbackDecision(at(path, '?code=abc'), hosts)).toEqual(forbidden)
    expect(streamElementsCallbackDecision(at(path, '?state=1,prod&error=access_denied'), hosts)).toEqual(
      forbidden,
    )
    expect(streamElementsCallbackDecision(at(path, '?state=1,staging'), hosts)).toEqual(forbidden)
  })
})

describe('SPEC §2/§4/§5 route guarding, once the user is known', () => {
  it('entry routes send a signed-in user home and anyone else to login', () => {
    expect(afterUser(at('/'), rule({ path: '/', guard: 'entry' }), user)).toEqual({
      type: 'redirect',
      to: '/dashboard',
    })
    expect(afterUser(at('/'), rule({ path: '/', guard: 'entry' }), null)).toEqual({
      type: 'redirect',
      to: '/login',
    })
  })

  it('a signed-in user opening a login-type route goes to the signed-in home', () => {
    expect(afterUser(at('/login'), rule({ path: '/login', guard: 'guest' }), user)).toEqual({
      type: 'redirect',
      to: '/dashboard',
    })
    expect(afterUser(at('/login'), rule({ path: '/login', guard: 'guest' }), null)).toEqual({ type: 'allow' })
  })

  it('a protected route without a user saves the full path in redirect_url and goes to login', () => {
    expect(afterUser(at('/projects', '?tab=2'), rule(), null)).toEqual({
      type: 'redirect',
      to: '/login',
      saveRedirectUrl: '/projects?tab=2',
    })
  })

  it('the login route itself is never saved as the place to return to', () => {
    expect(afterUser(at('/login'), rule({ path: '/login', guard: 'user' }), null)).toEqual({
      type: 'redirect',
      to: '/login',
      saveRedirectUrl: undefined,
    })
  })

  it('the three exempt routes stay open when there is no user', () => {
    for (const path of ['/landing', '/pricing', '/video-sharing/:id'])
      expect(afterUser(at(path.replace(':id', '5')), rule({ path }), null)).toEqual({ type: 'allow' })
  })

  it('a profile-type route whose path lacks the username goes to the signed-in home', () => {
    const profile = rule({ path: '/:username/tip', profile: true })
    expect(afterUser(at('/someone-else/tip'), profile, user)).toEqual({ type: 'redirect', to: '/dashboard' })
    expect(afterUser(at('/streamer/tip'), profile, user)).toEqual({ type: 'allow' })
    expect(pathHasUsername('/a%20b/tip', 'A B')).toBe(true)
  })

  it('the is_enabled group sends a disabled user to the signed-in home', () => {
    const group = rule({ requiresEnabled: true })
    expect(afterUser(at('/projects'), group, { ...user, is_enabled: false })).toEqual({
      type: 'redirect',
      to: '/dashboard',
    })
    expect(afterUser(at('/projects'), group, user)).toEqual({ type: 'allow' })
    expect(afterUser(at('/user-settings'), rule(), { ...user, is_enabled: false })).toEqual({ type: 'allow' })
  })
})
