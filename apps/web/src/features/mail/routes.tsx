import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const MAIL_ROUTES: AppRoute[] = [
  {
    path: PATHS.adminOutbox,
    layout: 'admin',
    guard: 'admin',
    title: 'Outbox',
    nav: { label: 'Outbox', group: 'System' },
    page: () => import('./admin/outbox-page').then((m) => m.OutboxPage),
  },
  {
    path: PATHS.adminOutboxMail,
    layout: 'admin',
    guard: 'admin',
    title: 'Mail',
    page: () => import('./admin/outbox-mail-page').then((m) => m.OutboxMailPage),
  },
]
