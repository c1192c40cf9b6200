import type { User } from '@mouthpiece/contracts/users/users.schemas'
import type { BackendEnv } from '../../lib/site'
import { DEFAULT_ROUTE, HOME_ROUTE, LOGIN_ROUTE, PATHS, SIGNED_IN_HOME_ROUTE } from '../paths'

/**
 * SPEC §2 "Route guarding", §4 "Signed-in guard", §5 profile and is_enabled rules, as pure functions.
 * The route loaders (guard-loaders.ts) feed them the location, the route's rule and the user.
 *
 * - public: anyone; the header still shows the user when a session exists.
 * - guest:  login-type routes; a signed-in user goes to the signed-in home.
 * - user:   needs the current user (fetched when not stored); failure → login, path saved.
 * - entry:  no page of its own; loads the user and sends them to the signed-in home or login.
 */
export type GuardKind = 'public' | 'guest' | 'user' | 'entry'

export interface RouteRule {
  /** The route's pattern, e.g. `/:username/tip`. */
  path: string
  guard: GuardKind
  /** In the list of allowed routes: its page exists (or it is an entry route). */
  allowed: boolean
  /** Profile-type: the path must contain the signed-in user's username. */
  profile?: boolean
  /** In the group that needs user.is_enabled. */
  requiresEnabled?: boolean
}

export interface Place {
  pathname: string
  search?: string
  hash?: string
}

export type Decision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string; saveRedirectUrl?: string }
  | { type: 'external'; href: string }
export type PreDecision = Decision | { type: 'load-user' }

/** The entry routes (SPEC §2): the default route and /video-editor-landing. */
export const ENTRY_ROUTES: readonly string[] = [PATHS.home, PATHS.videoEditorLanding]
/** Login-type routes: signed-in users are sent on to the signed-in home. */
export const LOGIN_ROUTES: readonly string[] = [PATHS.login, PATHS.brandLogin]
/**
 * The three exempt routes: they use the signed-in user when there is one but stay open when the
 * fetch fails — the landing page (Quick Create demo for visitors), pricing (plans for everyone,
 * current plan for members) and shared videos (share links play signed out).
 */
export const EXEMPT_ROUTES: readonly string[] = [PATHS.landing, PATHS.pricing, PATHS.videoSharing]

const DONATION_SETTINGS_FORBIDDEN = `${PATHS.donationSettings}?error=403`

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p)
export const fullPath = (place: Place) => `${place.pathname}${place.search ?? ''}${place.hash ?? ''}`
export const isLoginRoute = (pathname: string) => LOGIN_ROUTES.includes(trimSlash(pathname).toLowerCase())

/**
 * The donation-service callback page: with `state` and no `error`, forward to the backend host named
 * by the last comma-separated value of state, keeping the full path and query.
 */
export function streamElementsCallbackDecision(place: Place, hosts: Record<BackendEnv, string>): Decision {
  const params = new URLSearchParams(place.search ?? '')
  const state = params.get('state')
  if (!state || params.has('error')) return { type: 'redirect', to: DONATION_SETTINGS_FORBIDDEN }
  const env = state.split(',').pop()?.trim().toLowerCase()
  const host = env === 'prod' || env === 'dev' || env === 'local' ? hosts[env] : undefined
  if (!host) return { type: 'redirect', to: DONATION_SETTINGS_FORBIDDEN }
  return { type: 'external', href: `${host}${place.pathname}${place.search ?? ''}` }
}

/** The rules that need no user: decided before anything is fetched. */
export function beforeUser(place: Place, rule: RouteRule, hosts: Record<BackendEnv, string>): PreDecision {
  const path = place.pathname
  if (path.includes('/admin')) return { type: 'allow' }
  if (path.includes(PATHS.streamElementsCallback)) return streamElementsCallbackDecision(place, hosts)
  if (trimSlash(path).toLowerCase() === PATHS.twitchcon) return { type: 'redirect', to: HOME_ROUTE }
  if (!rule.allowed) return { type: 'redirect', to: DEFAULT_ROUTE }
  if (path.includes('/tip/')) return { type: 'allow' }
  if (rule.guard === 'public') return { type: 'allow' }
  return { type: 'load-user' }
}

/** The rules that depend on the current user (null: none, or the fetch failed). */
export function afterUser(place: Place, rule: RouteRule, user: User | null): Decision {
  switch (rule.guard) {
    case 'public':
      return { type: 'allow' }
    case 'entry':
      return { type: 'redirect', to: user ? SIGNED_IN_HOME_ROUTE : LOGIN_ROUTE }
    case 'guest':
      return user ? { type: 'redirect', to: SIGNED_IN_HOME_ROUTE } : { type: 'allow' }
    case 'user': {
      if (!user) {
        if (EXEMPT_ROUTES.includes(rule.path)) return { type: 'allow' }
        const saveRedirectUrl = isLoginRoute(place.pathname) ? undefined : fullPath(place)
        return { type: 'redirect', to: LOGIN_ROUTE, saveRedirectUrl }
      }
      if (rule.profile && !pathHasUsername(place.pathname, user.username))
        return { type: 'redirect', to: SIGNED_IN_HOME_ROUTE }
      if (rule.requiresEnabled && !user.is_enabled) return { type: 'redirect', to: SIGNED_IN_HOME_ROUTE }
      return { type: 'allow' }
    }
  }
}

/** True when one path segment is the username (usernames compare case-insensitively). */
export function pathHasUsername(pathname: string, username: string): boolean {
  const wanted = username.toLowerCase()
  return pathname.split('/').some((segment) => {
    try {
      return decodeURIComponent(segment).toLowerCase() === wanted
    } catch {
      return false
    }
  })
}
