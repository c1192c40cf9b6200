import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const AUDIT_ROUTES: AppRoute[] = [
  {
    path: PATHS.adminAuditLog,
    layout: 'admin',
    guard: 'admin',
    title: 'Audit log',
    nav: { label: 'Audit log', group: 'System' },
    page: () => import('./pages/audit-log-page').then((m) => m.AuditLogPage),
  },
]
