import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const ADMIN_HOME_ROUTES: AppRoute[] = [
  {
    path: PATHS.admin,
    layout: 'admin',
    guard: 'admin',
    title: 'Admin',
    nav: { label: 'Dashboard', group: 'Overview' },
    page: () => import('./pages/admin-dashboard-page').then((m) => m.AdminDashboardPage),
  },
]
