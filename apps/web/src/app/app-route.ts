import type { ComponentType } from 'react'
import type { RouteDef } from '@mouthpiece/contracts/define-route'
import type { PATHS } from './paths'
import type { GuardKind } from './guards/user-guard'

/**
 * The one shape of a route (SPEC §2). Each feature declares its routes once, in its `routes.tsx`,
 * as `AppRoute[]`; app/route-table.ts only lists the features. This file imports no feature and no
 * table, so a feature (or a page that asks "does this link have a page?") can import it freely.
 */

export type PageLoader = () => Promise<ComponentType>
/** A path named in paths.ts: a route never invents its own string. */
export type RoutePath = (typeof PATHS)[keyof typeof PATHS]
export type UserLayout = 'default' | 'client' | 'donation-settings' | 'video-editor' | 'empty'
export type RouteLayout = UserLayout | 'admin'
/** The user-area guards (guards/user-guard.ts), or 'admin': needs an admin session (SPEC §6). */
export type RouteGuard = GuardKind | 'admin'

/** The admin sidebar's groups, in the order the sidebar shows them. */
export const NAV_GROUPS = [
  'Overview',
  'People',
  'System',
  'Billing',
  'Insights',
  'Content',
  'Alerts',
  'Ads',
  'Creators',
] as const
export type NavGroup = (typeof NAV_GROUPS)[number]

export interface AppRoute {
  path: RoutePath
  layout: RouteLayout
  guard: RouteGuard
  /** The screen. Only entry and callback routes (`redirectOnly`) have none. */
  page?: PageLoader
  /** Document title: "<title> · Mouthpiece". */
  title?: string
  /** Admin screens: their entry in the admin sidebar (`to` when the link differs from the pattern). */
  nav?: { label: string; group: NavGroup; to?: string }
  /** Profile-type route: its path must hold the signed-in username (SPEC §5). */
  profile?: boolean
  /**
   * The contract calls the page cannot work without, loaded on demand (their schemas stay out of
   * the entry chunk). The page is in the group barred to disabled users (SPEC §5/§6) exactly when
   * one of them is (`RouteDef.requiresEnabled`, which the server enforces): one declaration.
   */
  calls?: () => Promise<readonly RouteDef[]>
  /** Routes that only redirect (entry routes, the OAuth callback): allowed without a page. */
  redirectOnly?: boolean
}

/** Whether a disabled user is barred from this page: one of the calls it needs is barred on the server. */
export async function pageRequiresEnabled(route: Pick<AppRoute, 'calls'>): Promise<boolean> {
  return (await route.calls?.())?.some((c) => c.requiresEnabled === true) ?? false
}
