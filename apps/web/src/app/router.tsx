import type { ComponentType } from 'react'
import { createBrowserRouter } from 'react-router'
import type { RouteObject } from 'react-router'
import { loadChunk } from '../lib/chunk-reload'
import { RouteErrorBoundary } from './errors/error-boundary'
import { NotFoundPage } from './errors/not-found'
import { adminRouteLoader, userRouteLoader } from './guards/guard-loaders'
import { DefaultLayout } from './layouts/default-layout'
import { EmptyLayout } from './layouts/empty-layout'
import { PATHS } from './paths'
import { PageLoading, Root } from './root'
import type { AppRoute, PageLoader, RouteLayout } from './app-route'
import { RouteTableContext } from './route-lookup'
import { ROUTES } from './route-table'

/** Lazy page: its own chunk, with the reload-once rule for chunks lost to a deploy (SPEC §8). */
const lazyPage = (page: PageLoader | undefined) =>
  page ? async () => ({ Component: await loadChunk(page) }) : undefined

type LayoutRoute = { Component: ComponentType } | { lazy: ReturnType<typeof lazyPage> }

/**
 * The public layouts are in the first chunk; the signed-in and admin ones load with their first page
 * (the router loads both at once), so the public pages never download the editor or admin chrome.
 */
const LAYOUTS: Record<RouteLayout, LayoutRoute> = {
  default: { Component: DefaultLayout },
  empty: { Component: EmptyLayout },
  client: { lazy: lazyPage(() => import('./layouts/client-layout').then((m) => m.ClientLayout)) },
  'donation-settings': {
    lazy: lazyPage(() => import('./layouts/donation-settings-layout').then((m) => m.DonationSettingsLayout)),
  },
  'video-editor': {
    lazy: lazyPage(() => import('./layouts/video-editor-layout').then((m) => m.VideoEditorLayout)),
  },
  admin: { lazy: lazyPage(() => import('./layouts/admin-layout').then((m) => m.AdminLayout)) },
}

function leaf(route: AppRoute): RouteObject {
  const { guard } = route
  const loader = guard === 'admin' ? adminRouteLoader(route) : userRouteLoader({ ...route, guard })
  return { path: route.path, loader, lazy: lazyPage(route.page), handle: { title: route.title } }
}

/** Builds the route tree from the route table: root → layout → page. */
export function buildRoutes(routes: readonly AppRoute[] = ROUTES): RouteObject[] {
  const inLayout = (layout: RouteLayout) => routes.filter((r) => r.layout === layout).map(leaf)
  // Pages and layouts ask the table questions (has this link a page? the admin sidebar) through context.
  const TableRoot = () => (
    <RouteTableContext.Provider value={routes}>
      <Root />
    </RouteTableContext.Provider>
  )
  return [
    {
      id: 'root',
      Component: TableRoot,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: PageLoading,
      children: [
        ...(Object.keys(LAYOUTS) as RouteLayout[])
          .filter((l) => l !== 'admin')
          .map((layout) => ({ ...LAYOUTS[layout], children: inLayout(layout) })),
        {
          ...LAYOUTS.admin,
          children: [
            ...inLayout('admin'),
            {
              path: '/admin/*',
              loader: adminRouteLoader({ page: async () => NotFoundPage }),
              Component: NotFoundPage,
            },
          ],
        },
        {
          Component: DefaultLayout,
          children: [
            { path: PATHS.notFound, Component: NotFoundPage, handle: { title: 'Page not found' } },
            { path: '*', Component: NotFoundPage, handle: { title: 'Page not found' } },
          ],
        },
      ],
    },
  ]
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes())
}
