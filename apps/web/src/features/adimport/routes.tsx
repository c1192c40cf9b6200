import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

export const ADIMPORT_ROUTES: AppRoute[] = [
  {
    path: PATHS.googleAds,
    layout: 'client',
    guard: 'user',
    calls: () =>
      import('@mouthpiece/contracts/adimport/google-ads.contract').then((m) => [m.googleAdsAccount]),
    title: 'Google Ads',
    page: () => import('./pages/google-ads-page').then((m) => m.GoogleAdsPage),
  },
  {
    path: PATHS.googleAdsItem,
    layout: 'client',
    guard: 'user',
    calls: () =>
      import('@mouthpiece/contracts/adimport/google-ads.contract').then((m) => [m.googleCampaigns]),
    title: 'Google Ads',
    page: () => import('./pages/google-ads-account-page').then((m) => m.GoogleAdsAccountPage),
  },
  // Meta pages work with the Meta login's own key (SPEC §7: not our token), so they are public.
  {
    path: PATHS.metaAds,
    layout: 'client',
    guard: 'public',
    title: 'Meta ads',
    page: () => import('./pages/meta-ads-page').then((m) => m.MetaAdsPage),
  },
  {
    path: PATHS.metaDataTracking,
    layout: 'client',
    guard: 'public',
    title: 'Meta data tracking',
    page: () => import('./pages/meta-data-tracking-page').then((m) => m.MetaDataTrackingPage),
  },
  {
    path: PATHS.adminMetaAccounts,
    layout: 'admin',
    guard: 'admin',
    title: 'Meta accounts',
    nav: { label: 'Meta accounts', group: 'Ads' },
    page: () => import('./admin/meta-accounts-page').then((m) => m.MetaAccountsAdminPage),
  },
]
