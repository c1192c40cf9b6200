import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'
import { loadOverlayPage } from '../overlay'

/**
 * The live-alerts pages. The overlay's page lives in features/overlay so its chunk stays small for
 * OBS; the donation-service OAuth callback only forwards (guards/user-guard.ts).
 */
export const DONATION_ROUTES: AppRoute[] = [
  {
    path: PATHS.donationSettings,
    layout: 'donation-settings',
    guard: 'user',
    calls: () =>
      import('@mouthpiece/contracts/donations/donations.contract').then((m) => [m.getDonationSettings]),
    title: 'Alert Card Settings',
    page: () => import('./pages/donation-settings-page').then((m) => m.DonationSettingsPage),
  },
  {
    path: PATHS.usageTracking,
    layout: 'donation-settings',
    guard: 'user',
    calls: () => import('@mouthpiece/contracts/donations/donations.contract').then((m) => [m.alertUsage]),
    title: 'Usage Tracking',
    page: () => import('./pages/usage-tracking-page').then((m) => m.UsageTrackingPage),
  },
  // The creator's Activity Feed: a profile-type route.
  {
    path: PATHS.userTip,
    layout: 'donation-settings',
    guard: 'user',
    profile: true,
    title: 'Activity Feed',
    page: () => import('./pages/activity-feed-page').then((m) => m.UserTipPage),
  },
  // Viewers tip here, signed out (the path contains /tip/).
  {
    path: PATHS.userTipChannel,
    layout: 'default',
    guard: 'public',
    title: 'Send a tip',
    page: () => import('./pages/tip-page').then((m) => m.TipPage),
  },
  {
    path: PATHS.userDonate,
    layout: 'default',
    guard: 'public',
    title: 'Send a tip',
    page: () => import('./pages/tip-page').then((m) => m.TipPage),
  },
  // The OBS overlay: no chrome.
  {
    path: PATHS.ttsAnnouncement,
    layout: 'empty',
    guard: 'public',
    title: 'Alert overlay',
    page: () => loadOverlayPage().then((m) => m.OverlayPage),
  },
  { path: PATHS.streamElementsCallback, layout: 'empty', guard: 'public', redirectOnly: true },
  {
    path: PATHS.adminTwitchConnection,
    layout: 'admin',
    guard: 'admin',
    title: 'Twitch connection',
    nav: { label: 'Twitch connection', group: 'Alerts' },
    page: () => import('./admin/twitch-connection-page').then((m) => m.TwitchConnectionPage),
  },
]
