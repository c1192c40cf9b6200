import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const TRACKING_ROUTES: AppRoute[] = [
  {
    path: PATHS.adminCustomerTracking,
    layout: 'admin',
    guard: 'admin',
    title: 'Customer tracking',
    nav: { label: 'Customer tracking', group: 'Insights' },
    page: () => import('./admin/customer-summaries-page').then((m) => m.CustomerTrackingPage),
  },
  {
    path: PATHS.adminCustomerTrackingItem,
    layout: 'admin',
    guard: 'admin',
    title: 'Customer tracking',
    page: () => import('./admin/customer-detail-page').then((m) => m.CustomerTrackingDetailPage),
  },
  {
    path: PATHS.adminUsageData,
    layout: 'admin',
    guard: 'admin',
    title: 'Usage data',
    nav: { label: 'Usage data', group: 'Insights' },
    page: () => import('./admin/customer-summaries-page').then((m) => m.UsageDataPage),
  },
  {
    path: PATHS.adminUsageDataItem,
    layout: 'admin',
    guard: 'admin',
    title: 'Usage data',
    page: () => import('./admin/customer-detail-page').then((m) => m.UsageDataDetailPage),
  },
]
