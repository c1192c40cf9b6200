import { createContext, useContext } from 'react'
import { matchPath } from 'react-router'
import type { AppRoute } from './app-route'
import { NAV_GROUPS } from './app-route'

/**
 * Questions asked of the route table, as pure functions of it. Pages and layouts get the table from
 * RouteTableContext (the router provides it), so they never import app/route-table.ts, which
 * imports every feature: that import would be a cycle.
 */

/** True when a concrete link (query and hash ignored) reaches a page that exists. */
export function hasPageIn(routes: readonly AppRoute[], link: string): boolean {
  const pathname = link.split(/[?#]/)[0] ?? link
  const route = routes
    .filter((r) => matchPath({ path: r.path, end: true }, pathname))
    // The most specific pattern wins, as in the router: fewer dynamic segments first.
    .sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0))[0]
  return Boolean(route?.page)
}

export interface NavSection {
  group: string
  items: Array<{ label: string; to: string }>
}

/**
 * The concrete link of a route pattern for a menu: optional segments (`/:id?`) are dropped, so
 * `/admin/ad-generations/:id?` links to `/admin/ad-generations`. A pattern that still needs a
 * parameter has no such link (null).
 */
export function linkOfPattern(pattern: string): string | null {
  const link = pattern.replace(/\/:[^/]+\?/g, '') || '/'
  return link.includes(':') || link.includes('*') ? null : link
}

/** The admin sidebar: entries whose page exists, grouped in NAV_GROUPS order, in table order within a group. */
export function adminNavOf(routes: readonly AppRoute[]): NavSection[] {
  return NAV_GROUPS.map((group) => ({
    group,
    items: routes.flatMap((r) => {
      const to = r.nav?.to ?? linkOfPattern(r.path)
      return r.nav?.group === group && r.page && to ? [{ label: r.nav.label, to }] : []
    }),
  })).filter((section) => section.items.length > 0)
}

export const RouteTableContext = createContext<readonly AppRoute[]>([])

export function useHasPage(): (link: string) => boolean {
  const routes = useContext(RouteTableContext)
  return (link) => hasPageIn(routes, link)
}

export function useAdminNav(): NavSection[] {
  return adminNavOf(useContext(RouteTableContext))
}
