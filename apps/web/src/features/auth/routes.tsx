import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

/** Sign-in pages and the two entry routes, which load the user and send them on (SPEC §2). */
export const AUTH_ROUTES: AppRoute[] = [
  { path: PATHS.home, layout: 'default', guard: 'entry', redirectOnly: true },
  { path: PATHS.videoEditorLanding, layout: 'default', guard: 'entry', redirectOnly: true },
  {
    path: PATHS.login,
    layout: 'default',
    guard: 'guest',
    title: 'Sign in',
    page: () => import('./pages/login-page').then((m) => m.LoginPage),
  },
  {
    path: PATHS.brandLogin,
    layout: 'default',
    guard: 'guest',
    title: 'Sign in',
    page: () => import('./pages/login-page').then((m) => m.LoginPage),
  },
  {
    path: PATHS.resetPassword,
    layout: 'default',
    guard: 'public',
    title: 'Reset password',
    page: () => import('./pages/reset-password-page').then((m) => m.ResetPasswordPage),
  },
  // In the admin area but drawn without the admin chrome.
  {
    path: PATHS.adminLogin,
    layout: 'empty',
    guard: 'admin',
    title: 'Admin sign in',
    page: () => import('./admin/admin-login-page').then((m) => m.AdminLoginPage),
  },
]
