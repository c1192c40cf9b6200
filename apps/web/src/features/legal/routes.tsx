import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const LEGAL_ROUTES: AppRoute[] = [
  {
    path: PATHS.privacy,
    layout: 'default',
    guard: 'public',
    title: 'Privacy Policy',
    page: () => import('./pages/privacy-page').then((m) => m.PrivacyPage),
  },
  {
    path: PATHS.terms,
    layout: 'default',
    guard: 'public',
    title: 'Terms And Conditions',
    page: () => import('./pages/terms-page').then((m) => m.TermsPage),
  },
  {
    path: PATHS.refundPolicy,
    layout: 'default',
    guard: 'public',
    title: 'Refund Policy',
    page: () => import('./pages/refund-policy-page').then((m) => m.RefundPolicyPage),
  },
]
