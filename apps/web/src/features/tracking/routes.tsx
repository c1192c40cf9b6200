import type { FeatureRoute } from '../landing/routes'

export const trackingRoutes: FeatureRoute[] = [
  { path: '/admin/usage-data', page: () => import('./admin/customer-summaries-page').then((m) => m.UsageDataPage), layout: 'admin', auth: 'admin' },
  { path: '/admin/usage-data/:id', page: () => import('./admin/customer-detail-page').then((m) => m.UsageDataDetailPage), layout: 'admin', auth: 'admin' },
  { path: '/admin/customer-tracking', page: () => import('./admin/customer-summaries-page').then((m) => m.CustomerTrackingPage), layout: 'admin', auth: 'admin' },
  { path: '/admin/customer-tracking/:id', page: () => import('./admin/customer-detail-page').then((m) => m.CustomerTrackingDetailPage), layout: 'admin', auth: 'admin' },
]
