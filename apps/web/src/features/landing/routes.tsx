import type { ComponentType } from 'react'

/**
 * Pages of the landing feature, for the router (app/route-table.ts). `auth: 'public'`: anyone may
 * open it; the header still shows a signed-in user (route-table keeps /landing as an exempt 'user'
 * route, which behaves the same).
 */
export interface FeatureRoute {
  path: string
  page: () => Promise<ComponentType>
  layout: 'default' | 'admin'
  auth: 'public' | 'user' | 'admin'
  title?: string
}

export const landingRoutes: FeatureRoute[] = [
  { path: '/landing', page: () => import('./pages/landing-page').then((m) => m.LandingPage), layout: 'default', auth: 'public' },
]
