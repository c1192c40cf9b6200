import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const OPERATIONS_ROUTES: AppRoute[] = [
  {
    path: PATHS.adminInstances,
    layout: 'admin',
    guard: 'admin',
    title: 'Instances',
    nav: { label: 'Instances', group: 'System' },
    page: () => import('./pages/instances-page').then((m) => m.InstancesPage),
  },
  {
    path: PATHS.adminStressTestTesting,
    layout: 'admin',
    guard: 'admin',
    title: 'Stress test',
    nav: { label: 'Stress test', group: 'System' },
    page: () => import('./pages/stress-testing-page').then((m) => m.StressTestingPage),
  },
  {
    path: PATHS.adminStressTestResults,
    layout: 'admin',
    guard: 'admin',
    title: 'Stress test results',
    nav: { label: 'Stress test results', group: 'System', to: '/admin/stress-test/results' },
    page: () => import('./pages/stress-results-page').then((m) => m.StressResultsPage),
  },
  {
    path: PATHS.healthCheck,
    layout: 'default',
    guard: 'public',
    title: 'System status',
    page: () => import('./pages/health-check-page').then((m) => m.HealthCheckPage),
  },
]
