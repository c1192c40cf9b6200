import type { AppRoute, RoutePath } from './app-route'
import { CONSTANT_ONLY_PATHS, PATHS } from './paths'
import { hasPageIn } from './route-lookup'
import { ACCOUNT_ROUTES } from '../features/account/routes'
import { ADMIN_HOME_ROUTES } from '../features/admin/routes'
import { AUDIT_ROUTES } from '../features/audit/routes'
import { AUTH_ROUTES } from '../features/auth/routes'
import { AVATARS_ROUTES } from '../features/avatars/routes'
import { CREATORS_ROUTES } from '../features/creators/routes'
import { BACKOFFICE_ROUTES } from '../features/backoffice/routes'
import { REFERRAL_ROUTES } from '../features/referral/routes'
import { DASHBOARD_ROUTES } from '../features/dashboard/routes'
import { DEMO_ROUTES } from '../features/demo/routes'
import { DONATION_ROUTES } from '../features/donations/routes'
import { EARLY_REGISTERS_ROUTES } from '../features/early-registers/routes'
import { LANDING_ROUTES } from '../features/landing/routes'
import { LEGAL_ROUTES } from '../features/legal/routes'
import { MAIL_ROUTES } from '../features/mail/routes'
import { OPERATIONS_ROUTES } from '../features/operations/routes'
import { PAYMENT_ROUTES } from '../features/payments/routes'
import { PROJECTS_ROUTES } from '../features/projects/routes'
import { RENDERS_ROUTES } from '../features/renders/routes'
import { SENTENCES_ROUTES } from '../features/sentences/routes'
import { SENTIMENT_ROUTES } from '../features/sentiment/routes'
import { ADIMPORT_ROUTES } from '../features/adimport/routes'
import { SUPPORT_ROUTES } from '../features/support/routes'
import { TEST_PAGES_ROUTES } from '../features/test-pages/routes'
import { TRACKING_ROUTES } from '../features/tracking/routes'
import { USERS_ROUTES } from '../features/users/routes'
import { VOICES_ROUTES } from '../features/voices/routes'
import { ADS_ROUTES } from '../features/ads/routes'
import { CONFERENCE_EVENTS_ROUTES } from '../features/conference-events/routes'

/**
 * The app's route table: the features, each with its routes.tsx list (shape: AppRoute in
 * app-route.ts). To plug a feature in, add its list here; nothing else. Within an admin sidebar
 * group, entries follow this order.
 */
export const FEATURE_PAGES: readonly AppRoute[] = [
  ...AUTH_ROUTES,
  ...LANDING_ROUTES,
  ...LEGAL_ROUTES,
  ...SUPPORT_ROUTES,
  ...ACCOUNT_ROUTES,
  ...DASHBOARD_ROUTES,
  ...PAYMENT_ROUTES,
  ...RENDERS_ROUTES,
  ...DEMO_ROUTES,
  ...PROJECTS_ROUTES,
  ...AVATARS_ROUTES,
  ...CREATORS_ROUTES,
  ...VOICES_ROUTES,
  ...DONATION_ROUTES,
  ...ADMIN_HOME_ROUTES,
  ...USERS_ROUTES,
  ...MAIL_ROUTES,
  ...OPERATIONS_ROUTES,
  ...AUDIT_ROUTES,
  ...EARLY_REGISTERS_ROUTES,
  ...TRACKING_ROUTES,
  ...SENTENCES_ROUTES,
  ...SENTIMENT_ROUTES,
  ...ADIMPORT_ROUTES,
  ...ADS_ROUTES,
  ...BACKOFFICE_ROUTES,
  ...REFERRAL_ROUTES,
  ...CONFERENCE_EVENTS_ROUTES,
  ...TEST_PAGES_ROUTES,
]

const isAdminPath = (path: string) => path === PATHS.admin || path.startsWith(`${PATHS.admin}/`)

/**
 * SPEC §2 paths no feature builds yet. They are not in the list of allowed routes, so their loader
 * redirects (user area: to the default route; admin area: to the admin dashboard) instead of
 * showing the not-found view. Derived from paths.ts: nobody declares them.
 */
const UNBUILT_ROUTES: AppRoute[] = (Object.values(PATHS) as RoutePath[])
  .filter((path) => !CONSTANT_ONLY_PATHS.includes(path) && !FEATURE_PAGES.some((r) => r.path === path))
  .map((path) =>
    isAdminPath(path)
      ? { path, layout: 'admin', guard: 'admin' }
      : { path, layout: 'default', guard: 'public' },
  )

/** Every route the router builds: the features' and the unbuilt ones. */
export const ROUTES: readonly AppRoute[] = [...FEATURE_PAGES, ...UNBUILT_ROUTES]

/** The table by area, for look-ups by any address (paths widened to string). */
type LookupRoute = Omit<AppRoute, 'path'> & { path: string }
export const USER_ROUTES: readonly LookupRoute[] = ROUTES.filter((r) => r.guard !== 'admin')
export const ADMIN_ROUTES: readonly LookupRoute[] = ROUTES.filter((r) => r.guard === 'admin')

/** True when a concrete link (query and hash ignored) reaches a page that exists. */
export const hasPage = (link: string) => hasPageIn(ROUTES, link)
