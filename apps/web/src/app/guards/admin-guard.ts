import { ADMIN_AUTH_INDICATOR_DELAY_MS } from '@mouthpiece/contracts/constants'
import { sameOriginPath } from '@mouthpiece/contracts/same-origin-path'
import type { Admin } from '@mouthpiece/contracts/users/users.schemas'
import { ADMIN_HOME_ROUTE, PATHS } from '../paths'
import type { Decision } from './user-guard'

/** SPEC §4 "Admin check on load" and §6 "Admin pages need an admin session", as pure functions. */

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p)
export const isAdminLogin = (pathname: string) => trimSlash(pathname).toLowerCase() === PATHS.adminLogin

/**
 * After the admin-login check: signed in on /admin/login → /admin; not signed in anywhere else in
 * the admin area → /admin/login?redirect=<encoded current URL>; otherwise stay.
 */
export function adminDecision(href: string, admin: Admin | null): Decision {
  const url = new URL(href)
  const onLogin = isAdminLogin(url.pathname)
  if (admin) return onLogin ? { type: 'redirect', to: ADMIN_HOME_ROUTE } : { type: 'allow' }
  if (onLogin) return { type: 'allow' }
  return { type: 'redirect', to: `${PATHS.adminLogin}?redirect=${encodeURIComponent(href)}` }
}

/** An admin page whose feature has not landed goes to the admin dashboard. */
export function adminRouteDecision(allowed: boolean): Decision {
  return allowed ? { type: 'allow' } : { type: 'redirect', to: ADMIN_HOME_ROUTE }
}

/** Where to go after an admin signs in: the redirect query when it is a page of this site, else /admin. */
export function adminLoginTarget(redirect: string | null, origin: string): string {
  const path = sameOriginPath(redirect, origin)
  return !path || isAdminLogin(new URL(path, origin).pathname) ? ADMIN_HOME_ROUTE : path
}

/** The auth check counts as done 1 s after it started (SPEC §4): how much longer it still runs. */
export function adminCheckRemainingMs(startedAt: number, now: number): number {
  return Math.max(0, ADMIN_AUTH_INDICATOR_DELAY_MS - (now - startedAt))
}
