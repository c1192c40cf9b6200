import type { FeatureRoute } from '../landing/routes'

export const trackingRoutes: FeatureRoute[] = [
  { path: '/admin/usage-data', page: () => import('./admin/customer-summaries-page').then((m) => m.UsageDataPage), layout: 'admin', auth: 'admin', title: 'Usage data' },
  { path: '/admin/usage-data/:id', page: () => import('./admin/customer-detail-page').then((m) => m.UsageDataDetailPage), layout: 'admin', auth: 'admin', title: 'Usage data' },
  { path: '/admin/customer-tracking', page: () => import('./admin/customer-summaries-page').then((m) => m.CustomerTrackingPage), layout: 'admin', auth: 'admin', title: 'Customer tracking' },
  { path: '/admin/customer-tracking/:id', page: () => import('./admin/customer-detail-page').then((m) => m.CustomerTrackingDetailPage), layout: 'admin', auth: 'admin', title: 'Customer tracking' },
]
