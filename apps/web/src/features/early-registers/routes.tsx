import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const EARLY_REGISTERS_ROUTES: AppRoute[] = [
  {
    path: PATHS.adminEarlyRegisters,
    layout: 'admin',
    guard: 'admin',
    title: 'Early registers',
    nav: { label: 'Early registers', group: 'People' },
    page: () => import('./admin/early-registers-page').then((m) => m.EarlyRegistersPage),
  },
  {
    path: PATHS.adminEarlyRegistersTts,
    layout: 'admin',
    guard: 'admin',
    title: 'TTS early access',
    nav: { label: 'TTS early access', group: 'People' },
    page: () => import('./admin/early-registers-page').then((m) => m.TtsEarlyAccessPage),
  },
]
