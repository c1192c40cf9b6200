import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

/** /landing is an exempt 'user' route: open signed out, and the header still shows a signed-in user. */
export const LANDING_ROUTES: AppRoute[] = [
  {
    path: PATHS.landing,
    layout: 'default',
    guard: 'user',
    page: () => import('./pages/landing-page').then((m) => m.LandingPage),
  },
]
