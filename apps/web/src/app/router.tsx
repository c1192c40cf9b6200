import type { ComponentType } from 'react'
import { createBrowserRouter } from 'react-router'
import type { RouteObject } from 'react-router'
import { loadChunk } from '../lib/chunk-reload'
import { RouteErrorBoundary } from './errors/error-boundary'
import { NotFoundPage } from './errors/not-found'
import { adminRouteLoader, userRouteLoader } from './guards/guard-loaders'
import { AdminLayout } from './layouts/admin-layout'
import { ClientLayout } from './layouts/client-layout'
import { DefaultLayout } from './layouts/default-layout'
import { DonationSettingsLayout } from './layouts/donation-settings-layout'
import { EmptyLayout } from './layouts/empty-layout'
import { VideoEditorLayout } from './layouts/video-editor-layout'
import { PATHS } from './paths'
import { PageLoading, Root } from './root'
import { ADMIN_LOGIN_ROUTE, ADMIN_ROUTES, USER_ROUTES } from './route-table'
import type { AdminRoute, PageLoader, UserLayout, UserRoute } from './route-table'

const LAYOUTS: Record<UserLayout, ComponentType> = {
  default: DefaultLayout,
  client: ClientLayout,
  'donation-settings': DonationSettingsLayout,
  'video-editor': VideoEditorLayout,
  empty: EmptyLayout,
}

/** Lazy page: its own chunk, with the reload-once rule for chunks lost to a deploy (SPEC §8). */
const lazyPage = (page: PageLoader | undefined) =>
  page ? async () => ({ Component: await loadChunk(page) }) : undefined

function userLeaf(route: UserRoute): RouteObject {
  return { path: route.path, loader: userRouteLoader(route), lazy: lazyPage(route.page), handle: { title: route.title } }
}

function adminLeaf(route: AdminRoute): RouteObject {
  return { path: route.path, loader: adminRouteLoader(route), lazy: lazyPage(route.page), handle: { title: route.title } }
}

/** Builds the route tree from the route table: root → layout → page. */
export function buildRoutes(userRoutes: UserRoute[] = USER_ROUTES, adminRoutes: AdminRoute[] = ADMIN_ROUTES): RouteObject[] {
  const byLayout = (layout: UserLayout) => userRoutes.filter((r) => r.layout === layout).map(userLeaf)
  return [
    {
      id: 'root',
      Component: Root,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: PageLoading,
      children: [
        ...(Object.keys(LAYOUTS) as UserLayout[]).map((layout) => ({ Component: LAYOUTS[layout], children: byLayout(layout) })),
        adminLeaf(ADMIN_LOGIN_ROUTE),
        {
          Component: AdminLayout,
          children: [
            ...adminRoutes.map(adminLeaf),
            { path: '/admin/*', loader: adminRouteLoader({ path: '/admin/*', page: async () => NotFoundPage }), Component: NotFoundPage },
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
