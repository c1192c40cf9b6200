import type { FeatureRoute } from '../landing/routes'

export const earlyRegistersRoutes: FeatureRoute[] = [
  { path: '/admin/early-registers', page: () => import('./admin/early-registers-page').then((m) => m.EarlyRegistersPage), layout: 'admin', auth: 'admin', title: 'Early registers' },
  { path: '/admin/early-registers/tts', page: () => import('./admin/early-registers-page').then((m) => m.TtsEarlyAccessPage), layout: 'admin', auth: 'admin', title: 'TTS early access' },
]
