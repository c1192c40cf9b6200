import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const ACCOUNT_ROUTES: AppRoute[] = [
  {
    path: PATHS.userSettings,
    layout: 'client',
    guard: 'user',
    title: 'Account settings',
    page: () => import('./pages/user-settings-page').then((m) => m.UserSettingsPage),
  },
  {
    path: PATHS.dashboardUserSettings,
    layout: 'client',
    guard: 'user',
    title: 'Account settings',
    page: () => import('./pages/user-settings-page').then((m) => m.UserSettingsPage),
  },
]
