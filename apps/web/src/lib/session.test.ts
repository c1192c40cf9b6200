import { beforeEach, describe, expect, it } from 'vitest'
import { USER_TOKEN_EXPIRY_COOKIE, USER_TOKEN_COOKIE } from '@mouthpiece/contracts/constants'
import { getCookie, setCookie } from './cookies'
import {
  getAdminKey,
  getUserToken,
  isExpired,
  saveAdminKey,
  saveRedirectUrl,
  saveUserSession,
  takeRedirectUrl,
  tokenFor,
} from './session'
import { clearCookies } from '../test/fake-fetch'

describe('sessions (SPEC §5, §9)', () => {
  beforeEach(() => clearCookies())

  it('stores the user token with an expiry stamp 604800 s ahead', () => {
    const now = Date.UTC(2026, 0, 1)
    saveUserSession('tok', undefined, now)
    expect(getCookie(USER_TOKEN_COOKIE)).toBe('tok')
    expect(Number(getCookie(USER_TOKEN_EXPIRY_COOKIE))).toBe(now + 604_800_000)
    expect(USER_TOKEN_COOKIE.startsWith('auth.')).toBe(true)
  })

  it('an expired user token is removed and treated as missing', () => {
    setCookie(USER_TOKEN_COOKIE, 'tok')
    setCookie(USER_TOKEN_EXPIRY_COOKIE, String(Date.now() - 1000))
    expect(getUserToken()).toBeUndefined()
    expect(getCookie(USER_TOKEN_COOKIE)).toBeUndefined()
  })

  it('expiry is checked only for the user role', () => {
    saveAdminKey('adm')
    setCookie(USER_TOKEN_EXPIRY_COOKIE, String(Date.now() - 1000))
    expect(getAdminKey()).toBe('adm')
    expect(tokenFor('admin')).toBe('adm')
    expect(tokenFor('public')).toBeUndefined()
  })

  it('a missing or future stamp is not expired', () => {
    expect(isExpired(undefined, 10)).toBe(false)
    expect(isExpired('20', 10)).toBe(false)
    expect(isExpired('10', 10)).toBe(true)
  })

  it('redirect_url is read once and only for local paths', () => {
    saveRedirectUrl('/dashboard/user-settings?tab=1')
    expect(takeRedirectUrl()).toBe('/dashboard/user-settings?tab=1')
    expect(takeRedirectUrl()).toBeUndefined()
    for (const evil of [
      '//evil.example/x',
      '/\t/evil.example',
      '/\\evil.example',
      '/.//evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      saveRedirectUrl(evil)
      expect(takeRedirectUrl(), evil).toBeUndefined()
    }
  })
})
