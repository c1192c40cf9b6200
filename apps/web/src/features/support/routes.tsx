import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const SUPPORT_ROUTES: AppRoute[] = [
  {
    path: PATHS.contact,
    layout: 'default',
    guard: 'public',
    title: 'Contact us',
    page: () => import('./pages/contact-page').then((m) => m.ContactPage),
  },
]
