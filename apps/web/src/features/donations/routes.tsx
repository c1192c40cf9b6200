import type { ComponentType } from 'react'
import { PATHS } from '../../app/paths'

/**
 * The live-alerts pages, for the route table (app/route-table.ts) to plug in: add
 * `...DONATION_ROUTES` to FEATURE_PAGES. `page` has the table's PageLoader shape; `layout` and
 * `guard` repeat the table's lines for these paths (the table's own lines stay the source of truth).
 * The overlay lives in features/overlay so its chunk stays small for OBS.
 */
export interface DonationRoute {
  path: string
  layout: 'default' | 'donation-settings' | 'empty'
  guard: 'user' | 'public'
  page: () => Promise<ComponentType>
  title: string
}

export const DONATION_ROUTES: DonationRoute[] = [
  { path: PATHS.donationSettings, layout: 'donation-settings', guard: 'user', title: 'Alert Card Settings', page: () => import('./pages/donation-settings-page').then((m) => m.DonationSettingsPage) },
  { path: PATHS.usageTracking, layout: 'donation-settings', guard: 'user', title: 'Usage Tracking', page: () => import('./pages/usage-tracking-page').then((m) => m.UsageTrackingPage) },
  { path: PATHS.userTip, layout: 'donation-settings', guard: 'user', title: 'Activity Feed', page: () => import('./pages/activity-feed-page').then((m) => m.UserTipPage) },
  { path: PATHS.userTipChannel, layout: 'default', guard: 'public', title: 'Send a tip', page: () => import('./pages/tip-page').then((m) => m.TipPage) },
  { path: PATHS.userDonate, layout: 'default', guard: 'public', title: 'Send a tip', page: () => import('./pages/tip-page').then((m) => m.TipPage) },
  { path: PATHS.ttsAnnouncement, layout: 'empty', guard: 'public', title: 'Alert overlay', page: () => import('../overlay/overlay-page').then((m) => m.OverlayPage) },
]

/** The admin's pages for live alerts (SPEC §7 admin calls), for FEATURE_PAGES. */
export const DONATION_ADMIN_ROUTES: Array<{ path: string; title: string; page: () => Promise<ComponentType> }> = [
  { path: PATHS.adminTwitchConnection, title: 'Twitch connection', page: () => import('./admin/twitch-connection-page').then((m) => m.TwitchConnectionPage) },
]
