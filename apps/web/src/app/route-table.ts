import type { ComponentType } from 'react'
import { matchPath } from 'react-router'
import { PATHS } from './paths'
import type { GuardKind } from './guards/user-guard'
import { earlyRegistersRoutes } from '../features/early-registers/routes'
import { landingRoutes } from '../features/landing/routes'
import { PAYMENT_ROUTES } from '../features/payments/routes'
import { sentencesRoutes } from '../features/sentences/routes'
import { trackingRoutes } from '../features/tracking/routes'
import { RENDERS_ROUTES } from '../features/renders/routes'
import { AVATARS_ROUTES } from '../features/avatars/routes'
import { VOICES_ROUTES } from '../features/voices/routes'
import { DONATION_ADMIN_ROUTES, DONATION_ROUTES } from '../features/donations/routes'

/**
 * Every route of SPEC §2 in one table: its layout, its guard and — once its feature exists — its page.
 * The router (router.tsx) is built from this table, the admin sidebar and the dashboard read it too.
 *
 * To plug a feature in, add its routes.tsx list to FEATURE_PAGES below (pages matched by path), or
 * give its line a `page`, e.g.
 *   page: () => import('../features/donations/pages/donation-settings-page').then((m) => m.DonationSettingsPage)
 * A route without a page is not in the list of allowed routes: the guards redirect it (SPEC §2) to
 * the default route (admin: the admin dashboard), so no screen ever shows a placeholder.
 */

export type PageLoader = () => Promise<ComponentType>
export type UserLayout = 'default' | 'client' | 'donation-settings' | 'video-editor' | 'empty'

export interface UserRoute {
  path: string
  layout: UserLayout
  guard: GuardKind
  page?: PageLoader
  /** Profile-type route: its path must hold the signed-in username (SPEC §5). */
  profile?: boolean
  /** In the group barred to disabled users (user.is_enabled false, SPEC §5/§6). */
  requiresEnabled?: boolean
  /** Routes that only redirect (entry routes, the OAuth callback): allowed without a page. */
  redirectOnly?: boolean
  title?: string
}

export interface AdminRoute {
  path: string
  page?: PageLoader
  /** Sidebar entry, shown once the page exists. */
  nav?: { label: string; to?: string; group: 'Overview' | 'People' | 'Billing' | 'Content' | 'Alerts' | 'Ads' | 'Insights' | 'System' | 'Creators' }
  title?: string
}

// ───────────────────────── Routes built by the platform (accounts, shell) ─────────────────────────
const PLATFORM_ROUTES: UserRoute[] = [
  { path: PATHS.home, layout: 'default', guard: 'entry', redirectOnly: true },
  { path: PATHS.videoEditorLanding, layout: 'default', guard: 'entry', redirectOnly: true },
  { path: PATHS.streamElementsCallback, layout: 'empty', guard: 'public', redirectOnly: true },
  { path: PATHS.login, layout: 'default', guard: 'guest', title: 'Sign in', page: () => import('../features/auth/pages/login-page').then((m) => m.LoginPage) },
  { path: PATHS.brandLogin, layout: 'default', guard: 'guest', title: 'Sign in', page: () => import('../features/auth/pages/login-page').then((m) => m.LoginPage) },
  { path: PATHS.resetPassword, layout: 'default', guard: 'public', title: 'Reset password', page: () => import('../features/auth/pages/reset-password-page').then((m) => m.ResetPasswordPage) },
  { path: PATHS.contact, layout: 'default', guard: 'public', title: 'Contact us', page: () => import('../features/support/pages/contact-page').then((m) => m.ContactPage) },
  { path: PATHS.privacy, layout: 'default', guard: 'public', title: 'Privacy Policy', page: () => import('../features/legal/pages/privacy-page').then((m) => m.PrivacyPage) },
  { path: PATHS.terms, layout: 'default', guard: 'public', title: 'Terms And Conditions', page: () => import('../features/legal/pages/terms-page').then((m) => m.TermsPage) },
  { path: PATHS.refundPolicy, layout: 'default', guard: 'public', title: 'Refund Policy', page: () => import('../features/legal/pages/refund-policy-page').then((m) => m.RefundPolicyPage) },
  { path: PATHS.userSettings, layout: 'client', guard: 'user', title: 'Account settings', page: () => import('../features/account/pages/user-settings-page').then((m) => m.UserSettingsPage) },
  { path: PATHS.dashboardUserSettings, layout: 'client', guard: 'user', title: 'Account settings', page: () => import('../features/account/pages/user-settings-page').then((m) => m.UserSettingsPage) },
  { path: PATHS.dashboard, layout: 'client', guard: 'user', title: 'Dashboard', page: () => import('../features/dashboard/pages/dashboard-page').then((m) => m.DashboardPage) },
]

// ═════════════════════════ FEATURE ROUTES — built by other features ═════════════════════════
// Each line is a SPEC §2 route whose screen another feature builds. Until it gets a `page`, the
// guards redirect it (not in the allowed routes → default route). Add `page` to plug a feature in.
export const FEATURE_ROUTES: UserRoute[] = [
  // Landing, pricing and payments
  { path: PATHS.landing, layout: 'default', guard: 'user' }, // exempt route: open signed out
  { path: PATHS.pricing, layout: 'default', guard: 'user' }, // exempt route: open signed out
  { path: PATHS.pricingV1, layout: 'default', guard: 'public' },
  { path: PATHS.freeTrial, layout: 'default', guard: 'user' },
  { path: PATHS.payment, layout: 'client', guard: 'user' },
  { path: PATHS.testPayment, layout: 'client', guard: 'user' },
  { path: PATHS.testPaymentSubscription, layout: 'client', guard: 'user' },
  { path: PATHS.twitchcon, layout: 'default', guard: 'public' }, // always redirected to home (SPEC §2)
  { path: PATHS.twitchconItem, layout: 'default', guard: 'public' },
  // Quick create, demo and media
  { path: PATHS.demoBackground, layout: 'default', guard: 'public' },
  { path: PATHS.demoResult, layout: 'default', guard: 'public' },
  { path: PATHS.demoUpload, layout: 'default', guard: 'public' },
  { path: PATHS.audioProgress, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.audioProgressUpload, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.avatarEditor, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.voiceEditor, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.videoResult, layout: 'client', guard: 'user' },
  { path: PATHS.videoResultLog, layout: 'client', guard: 'user' },
  { path: PATHS.videoSharing, layout: 'default', guard: 'user' }, // exempt route: open signed out
  { path: PATHS.healthCheck, layout: 'default', guard: 'public' },
  // Projects and the editor
  { path: PATHS.projects, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.videoEditor, layout: 'video-editor', guard: 'user', requiresEnabled: true },
  { path: PATHS.videoEditorItem, layout: 'video-editor', guard: 'user', requiresEnabled: true },
  { path: PATHS.videoEditorV1, layout: 'video-editor', guard: 'user', requiresEnabled: true },
  { path: PATHS.videoEditorV1Item, layout: 'video-editor', guard: 'user', requiresEnabled: true },
  { path: PATHS.videoEditorNewItem, layout: 'video-editor', guard: 'user', requiresEnabled: true },
  { path: PATHS.dashboardBranding, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.dashboardMyProjects, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.dashboardProject, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.dashboardProjectItem, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.dashboardAssetManagement, layout: 'client', guard: 'user', requiresEnabled: true },
  // Live-stream alerts and tips
  { path: PATHS.donationSettings, layout: 'donation-settings', guard: 'user', requiresEnabled: true },
  { path: PATHS.usageTracking, layout: 'donation-settings', guard: 'user', requiresEnabled: true },
  { path: PATHS.userTip, layout: 'donation-settings', guard: 'user', profile: true }, // the creator's Activity Feed
  { path: PATHS.userTipChannel, layout: 'default', guard: 'public' }, // viewers tip here (contains /tip/)
  { path: PATHS.userDonate, layout: 'default', guard: 'public' },
  { path: PATHS.referral, layout: 'default', guard: 'public' },
  { path: PATHS.ttsAnnouncement, layout: 'empty', guard: 'public' }, // the OBS overlay: no chrome
  // Ads, imports and insights
  { path: PATHS.googleAds, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.googleAdsItem, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.metaAds, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.metaDataTracking, layout: 'client', guard: 'user', requiresEnabled: true },
  { path: PATHS.sentiment, layout: 'client', guard: 'user', requiresEnabled: true },
  // Test pages
  { path: PATHS.testGifAvatar, layout: 'empty', guard: 'public' },
  { path: PATHS.testImageEditor, layout: 'empty', guard: 'public' },
  { path: PATHS.testTwitchAlert, layout: 'empty', guard: 'public' },
  { path: PATHS.testWaveForm, layout: 'empty', guard: 'public' },
]
// ═══════════════════════════════════ end of FEATURE ROUTES ═══════════════════════════════════

/** A feature's page for a path of this table; features export lists of these from their routes.tsx. */
export interface FeaturePage {
  path: string
  page?: PageLoader
  title?: string
}

// ═════════════════ FEATURE PAGES — one entry per feature: its routes.tsx list ═════════════════
export const FEATURE_PAGES: FeaturePage[] = [
  ...landingRoutes,
  ...PAYMENT_ROUTES,
  ...earlyRegistersRoutes,
  ...sentencesRoutes,
  ...trackingRoutes,
  ...RENDERS_ROUTES,
  ...AVATARS_ROUTES,
  ...VOICES_ROUTES,
  ...DONATION_ROUTES,
  ...DONATION_ADMIN_ROUTES,
]

function withFeaturePages<T extends { path: string; page?: PageLoader; title?: string }>(routes: T[]): T[] {
  return routes.map((route) => {
    const feature = FEATURE_PAGES.find((p) => p.path === route.path && p.page)
    return feature?.page ? { ...route, page: feature.page, title: feature.title ?? route.title } : route
  })
}

export const USER_ROUTES: UserRoute[] = withFeaturePages([...PLATFORM_ROUTES, ...FEATURE_ROUTES])

/** The admin login page: in the admin area but drawn without the admin chrome. */
export const ADMIN_LOGIN_ROUTE: AdminRoute = {
  path: PATHS.adminLogin,
  title: 'Admin sign in',
  page: () => import('../features/auth/admin/admin-login-page').then((m) => m.AdminLoginPage),
}

export const ADMIN_ROUTES: AdminRoute[] = withFeaturePages<AdminRoute>([
  { path: PATHS.admin, title: 'Admin', nav: { label: 'Dashboard', group: 'Overview' }, page: () => import('../features/admin/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage) },
  { path: PATHS.adminUsers, title: 'Users', nav: { label: 'Users', group: 'People' }, page: () => import('../features/users/admin/users-page').then((m) => m.UsersPage) },
  { path: PATHS.adminEditUser, title: 'Edit user', page: () => import('../features/users/admin/edit-user-page').then((m) => m.EditUserPage) },
  { path: PATHS.adminOutbox, title: 'Outbox', nav: { label: 'Outbox', group: 'System' }, page: () => import('../features/mail/admin/outbox-page').then((m) => m.OutboxPage) },
  { path: PATHS.adminOutboxMail, title: 'Mail', page: () => import('../features/mail/admin/outbox-mail-page').then((m) => m.OutboxMailPage) },

  // ═══════════ ADMIN FEATURE ROUTES — built by other features; add `page` to plug in ═══════════
  { path: PATHS.adminEarlyRegisters, nav: { label: 'Early registers', group: 'People' } },
  { path: PATHS.adminEarlyRegistersTts, nav: { label: 'TTS early access', group: 'People' } },
  { path: PATHS.adminPlans, nav: { label: 'Plans', group: 'Billing' } },
  { path: PATHS.adminCustomerTracking, nav: { label: 'Customer tracking', group: 'Insights' } },
  { path: PATHS.adminCustomerTrackingItem },
  { path: PATHS.adminUsageData, nav: { label: 'Usage data', group: 'Insights' } },
  { path: PATHS.adminUsageDataItem },
  { path: PATHS.adminSentiment, nav: { label: 'Sentiment', group: 'Insights' } },
  { path: PATHS.adminSentimentItem },
  { path: PATHS.adminEvents, nav: { label: 'Events', group: 'Insights' } },
  { path: PATHS.adminProjects, nav: { label: 'Projects', group: 'Content' } },
  { path: PATHS.adminFinalVideos, nav: { label: 'Videos management', group: 'Content' } },
  { path: PATHS.adminSentences, nav: { label: 'Sentences', group: 'Content' } },
  { path: PATHS.adminOnboarding, nav: { label: 'Onboarding', group: 'Content' } },
  { path: PATHS.adminSearchImages, nav: { label: 'Search images', group: 'Content' } },
  { path: PATHS.adminSiteScraper, nav: { label: 'Site scraper', group: 'Content' } },
  { path: PATHS.adminVoiceProfiles, nav: { label: 'Voice profiles', group: 'Content' } },
  { path: PATHS.adminVoiceProfileTags, nav: { label: 'Voice tags', group: 'Content' } },
  { path: PATHS.adminProfanityFilter, nav: { label: 'Profanity filter', group: 'Alerts' } },
  { path: PATHS.adminTwitchConnection, nav: { label: 'Twitch connection', group: 'Alerts' } },
  { path: PATHS.adminTwitchCon, nav: { label: 'TwitchCon', group: 'Alerts' } },
  { path: PATHS.adminMetaAccounts, nav: { label: 'Meta accounts', group: 'Ads' } },
  { path: PATHS.adminAdProjects, nav: { label: 'Ad projects', to: '/admin/ad-projects', group: 'Ads' } },
  { path: PATHS.adminAdAssets, nav: { label: 'Ad assets', to: '/admin/ad-assets', group: 'Ads' } },
  { path: PATHS.adminAdAvatars, nav: { label: 'Ad avatars', to: '/admin/ad-avatars', group: 'Ads' } },
  { path: PATHS.adminAdGenerations, nav: { label: 'Ad generations', to: '/admin/ad-generations', group: 'Ads' } },
  { path: PATHS.adminAdImageGenerations, nav: { label: 'Ad image generations', to: '/admin/ad-image-generations', group: 'Ads' } },
  { path: PATHS.adminInstances, nav: { label: 'Instances', group: 'System' } },
  { path: PATHS.adminStressTestResults, nav: { label: 'Stress test results', to: '/admin/stress-test/results', group: 'System' } },
  { path: PATHS.adminStressTestTesting, nav: { label: 'Stress testing', group: 'System' } },
  { path: PATHS.creatorList, nav: { label: 'Creators', group: 'Creators' } },
  { path: PATHS.creatorListItem },
  { path: PATHS.creatorListItemVoice },
  { path: PATHS.creatorAdd, nav: { label: 'Add creator', group: 'Creators' } },
  { path: PATHS.creatorAddProcess },
  { path: PATHS.creatorDefaultPrompts, nav: { label: 'Default prompts', group: 'Creators' } },
  { path: PATHS.creatorPermission, nav: { label: 'Permission', group: 'Creators' } },
  { path: PATHS.creatorUpdate, nav: { label: 'Update creator', group: 'Creators' } },
  // ═══════════════════════════════ end of ADMIN FEATURE ROUTES ═══════════════════════════════
])

/** True when a concrete link (query and hash ignored) reaches a page that exists. */
export function hasPage(link: string): boolean {
  const pathname = link.split(/[?#]/)[0] ?? link
  const all: Array<UserRoute | AdminRoute> = [...USER_ROUTES, ADMIN_LOGIN_ROUTE, ...ADMIN_ROUTES]
  const route = all
    .filter((r) => matchPath({ path: r.path, end: true }, pathname))
    // The most specific pattern wins, as in the router: fewer dynamic segments first.
    .sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0))[0]
  return Boolean(route?.page)
}

/** The admin sidebar: entries whose page exists, in table order, grouped. */
export function adminNav(): Array<{ group: string; items: Array<{ label: string; to: string }> }> {
  const groups = new Map<string, Array<{ label: string; to: string }>>()
  for (const r of ADMIN_ROUTES) {
    if (!r.nav || !r.page) continue
    const list = groups.get(r.nav.group) ?? []
    list.push({ label: r.nav.label, to: r.nav.to ?? r.path })
    groups.set(r.nav.group, list)
  }
  return [...groups].map(([group, items]) => ({ group, items }))
}
