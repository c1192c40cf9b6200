import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const DASHBOARD_ROUTES: AppRoute[] = [
  {
    path: PATHS.dashboard,
    layout: 'client',
    guard: 'user',
    title: 'Dashboard',
    page: () => import('./pages/dashboard-page').then((m) => m.DashboardPage),
  },
]
