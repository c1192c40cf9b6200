import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const REFERRAL_ROUTES: AppRoute[] = [
  {
    path: PATHS.referral,
    layout: 'empty',
    guard: 'public',
    title: 'Join Mouthpiece',
    page: () => import('./referral-page').then((m) => m.ReferralPage),
  },
]
