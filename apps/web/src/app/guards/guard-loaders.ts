import { redirect } from 'react-router'
import type { LoaderFunction } from 'react-router'
import { queryClient } from '../../lib/query-client'
import { saveRedirectUrl } from '../../lib/session'
import { backendHosts } from '../../lib/site'
import { adminSessionQuery, loadCurrentUser } from '../../features/auth'
import { pageRequiresEnabled } from '../app-route'
import type { AppRoute } from '../app-route'
import { ADMIN_HOME_ROUTE, PATHS } from '../paths'
import { adminCheckRemainingMs, adminDecision, adminRouteDecision } from './admin-guard'
import { afterUser, beforeUser } from './user-guard'
import type { Decision, GuardKind, RouteRule } from './user-guard'
import { browser } from '../../lib/browser'

/**
 * Route loaders that run the pure guard rules before a page renders, so a guarded page never
 * flashes. Each leaf route gets its own loader (React Router runs matched loaders in parallel).
 */

const never = () => new Promise<never>(() => {})

function apply(decision: Decision, request: Request): Response | null | Promise<never> {
  if (decision.type === 'allow') return null
  if (decision.type === 'external') {
    // Forwarding to the very address we are on would loop: the backend did not take the callback.
    if (decision.href === request.url) return redirect(`${PATHS.donationSettings}?error=403`)
    browser.replace(decision.href)
    return never()
  }
  if (decision.saveRedirectUrl) saveRedirectUrl(decision.saveRedirectUrl)
  return redirect(decision.to)
}

/** A route of the user area: one of the user guards (admin routes use adminRouteLoader). */
export type UserAreaRoute = AppRoute & { guard: GuardKind }

export function ruleOf(route: UserAreaRoute): RouteRule {
  return {
    path: route.path,
    guard: route.guard,
    allowed: Boolean(route.page) || Boolean(route.redirectOnly),
    profile: route.profile,
  }
}

export function userRouteLoader(route: UserAreaRoute): LoaderFunction {
  const rule = ruleOf(route)
  return async ({ request }) => {
    const url = new URL(request.url)
    const place = { pathname: url.pathname, search: url.search }
    const pre = beforeUser(place, rule, backendHosts(url.origin))
    if (pre.type !== 'load-user') {
      // A user-area pattern that happens to match an /admin path (e.g. /admin/tip) has no page here.
      if (pre.type === 'allow' && !route.page && url.pathname.includes('/admin'))
        return redirect(ADMIN_HOME_ROUTE)
      return apply(pre, request)
    }
    const user = await loadCurrentUser(queryClient)
    // Only a disabled user's navigation needs to know whether the page is in the barred group.
    const requiresEnabled = user && !user.is_enabled ? await pageRequiresEnabled(route) : false
    return apply(afterUser(place, { ...rule, requiresEnabled }, user), request)
  }
}

/** When the first admin check started; the check counts as done 1 s after that (SPEC §4, §9). */
let adminCheckStartedAt: number | undefined

async function checkAdmin() {
  adminCheckStartedAt ??= Date.now()
  const [admin] = await Promise.all([
    queryClient.ensureQueryData(adminSessionQuery),
    new Promise((resolve) =>
      setTimeout(resolve, adminCheckRemainingMs(adminCheckStartedAt ?? Date.now(), Date.now())),
    ),
  ])
  return admin
}

export function adminRouteLoader(route: Pick<AppRoute, 'page'>): LoaderFunction {
  return async ({ request }) => {
    const available = adminRouteDecision(Boolean(route.page))
    const admin = await checkAdmin()
    const decision = adminDecision(request.url, admin)
    if (decision.type !== 'allow') return apply(decision, request)
    return apply(available, request)
  }
}
