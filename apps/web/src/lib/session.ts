import {
  ADMIN_KEY_COOKIE,
  REDIRECT_COOKIE,
  USER_TOKEN_COOKIE,
  USER_TOKEN_EXPIRY_COOKIE,
  USER_TOKEN_LIFETIME_SECONDS,
} from '@mouthpiece/contracts/constants'
import type { RouteAuth } from '@mouthpiece/contracts/define-route'
import { sameOriginPath } from '@mouthpiece/contracts/same-origin-path'
import { getCookie, removeCookie, setCookie } from './cookies'

/**
 * The browser side of sessions (SPEC §6, §9): the user token and the admin key live in separate
 * cookies; the user token has an expiry stamp beside it, and only the user role checks it.
 */

function secondsUntil(expiresAt: string | undefined, now: number, fallbackSeconds: number): number {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN
  if (Number.isNaN(at)) return fallbackSeconds
  return Math.min(fallbackSeconds, Math.max(0, Math.floor((at - now) / 1000)))
}

export function saveUserSession(token: string, expiresAt?: string, now = Date.now()): void {
  const lifetime = secondsUntil(expiresAt, now, USER_TOKEN_LIFETIME_SECONDS)
  setCookie(USER_TOKEN_COOKIE, token, { maxAgeSeconds: lifetime })
  // The stamp is the moment the token stops working, in epoch milliseconds.
  setCookie(USER_TOKEN_EXPIRY_COOKIE, String(now + lifetime * 1000), { maxAgeSeconds: lifetime })
}

export function clearUserSession(): void {
  removeCookie(USER_TOKEN_COOKIE)
  removeCookie(USER_TOKEN_EXPIRY_COOKIE)
}

/** True when the expiry stamp says the token is past its lifetime. A missing stamp is not expired. */
export function isExpired(stamp: string | undefined, now: number): boolean {
  if (!stamp) return false
  const at = Number(stamp)
  return Number.isFinite(at) && at <= now
}

/** The user token, or undefined when missing or expired (an expired token is removed). */
export function getUserToken(now = Date.now()): string | undefined {
  const token = getCookie(USER_TOKEN_COOKIE)
  if (!token) return undefined
  if (isExpired(getCookie(USER_TOKEN_EXPIRY_COOKIE), now)) {
    clearUserSession()
    return undefined
  }
  return token
}

export function saveAdminKey(token: string, expiresAt?: string, now = Date.now()): void {
  setCookie(ADMIN_KEY_COOKIE, token, {
    maxAgeSeconds: secondsUntil(expiresAt, now, USER_TOKEN_LIFETIME_SECONDS),
  })
}
export const getAdminKey = (): string | undefined => getCookie(ADMIN_KEY_COOKIE) || undefined
export const clearAdminKey = (): void => removeCookie(ADMIN_KEY_COOKIE)

/** The bearer token a call of this role sends, if any. */
export function tokenFor(auth: RouteAuth): string | undefined {
  if (auth === 'user') return getUserToken()
  if (auth === 'admin') return getAdminKey()
  return undefined
}

/** Where to go after signing in: the protected path the visitor asked for before being sent to login. */
export function saveRedirectUrl(path: string): void {
  setCookie(REDIRECT_COOKIE, path)
}
/** Reads and forgets the saved path; only same-site relative paths are honoured. */
export function takeRedirectUrl(): string | undefined {
  const value = getCookie(REDIRECT_COOKIE)
  if (value === undefined) return undefined
  removeCookie(REDIRECT_COOKIE)
  return sameOriginPath(value, window.location.origin)
}
