import type { HttpContext, Platform } from './platform/context'
import { registerSystemRoutes } from './modules/system/system.routes'
import { registerAuthRoutes } from './modules/auth/auth.routes'
import { registerUsersRoutes } from './modules/users/users.routes'
import { registerAuditRoutes } from './modules/audit/audit.routes'
import { seedAdmin } from './modules/auth/auth.seed'
import { findLiveAdminSession, findLiveUserSession } from './modules/auth/sessions.repo'
import { hashToken } from './modules/auth/tokens'
import { registerNotificationsRoutes } from './modules/notifications/notifications.routes'
import { registerFileRoutes } from './platform/storage/storage.routes'
import { registerPaymentsRoutes } from './modules/payments/payments.routes'
import { startPaymentsWorkers } from './modules/payments/payments.jobs'
import { seedPlans } from './modules/payments/plans.service'
import { registerSentencesRoutes } from './modules/sentences/sentences.routes'
import { seedSentenceCategories } from './modules/sentences/sentences.seed'
import { registerEarlyRegistersRoutes } from './modules/early-registers/early-registers.routes'
import { registerTrackingRoutes } from './modules/tracking/tracking.routes'
import { registerLandingRoutes } from './modules/landing/landing.routes'
import { registerDonationsRoutes } from './modules/donations/donations.routes'
import { startDonationsWorkers } from './modules/donations/alerts/alert.jobs'
import { registerAvatarsRoutes } from './modules/avatars/avatars.routes'
import { seedInfluencers } from './modules/avatars/avatars.seed'
import { registerVoicesRoutes } from './modules/voices/voices.routes'
import { startVoicesWorkers } from './modules/voices/voices.jobs'
import { startCreatorsWorkers } from './modules/avatars/creators/creators.jobs'
import { registerRendersRoutes } from './modules/renders/renders.routes'
import { startRendersWorkers } from './modules/renders/renders.jobs'
import { registerProjectsRoutes } from './modules/projects/projects.routes'
import { startProjectsWorkers } from './modules/projects/projects.jobs'
import { registerSentimentRoutes, seedSentiment } from './modules/sentiment/sentiment.routes'
import { startSentimentWorkers } from './modules/sentiment/sentiment.jobs'
import { registerAdImportRoutes } from './modules/adimport/adimport.routes'
import { registerOperationsRoutes } from './modules/operations/operations.routes'
import { startOperationsWorkers } from './modules/operations/operations.jobs'
import { startAdImagesWorkers } from './modules/ads/images/ad-images.jobs'
import { registerAdsRoutes } from './modules/ads/ads.routes'
import { startAdsWorkers } from './modules/ads/ads.jobs'
import { registerBackofficeRoutes } from './modules/backoffice/backoffice.routes'
import { registerOnboardingRoutes } from './modules/onboarding/onboarding.routes'
import { seedOnboarding } from './modules/onboarding/onboarding.service'
import { registerConferenceEventsRoutes } from './modules/conference-events/conference-events.routes'
import { startConferenceEventsWorkers } from './modules/conference-events/conference-events.jobs'

/**
 * Sockets sign in with the user token the API takes (same session lookup) and join their user's
 * and their session's rooms. A disabled user's page gets no socket: its pushes serve the pages
 * barred to them (docs/decisions/0010-admission-gate.md, "Accounts"). A back-office page also offers
 * its admin key and joins the admins' room (stress-test progress and the like).
 */
function registerSockets({ app, realtime, db }: HttpContext) {
  realtime.attach(app, {
    user: async (token) => {
      const found = await findLiveUserSession(db, hashToken(token))
      return found?.user.is_enabled ? { id: found.user.id, sessionId: found.session.id } : null
    },
    admin: async (key) => {
      const found = await findLiveAdminSession(db, hashToken(key))
      return found ? { sessionId: found.session.id } : null
    },
  })
}

/** Every module's HTTP routes, registered in this order. */
export const httpModules: Array<(ctx: HttpContext) => void | Promise<void>> = [registerSystemRoutes, registerAuthRoutes, registerUsersRoutes, registerAuditRoutes, registerSockets, registerFileRoutes, registerNotificationsRoutes, registerPaymentsRoutes, registerSentencesRoutes, registerEarlyRegistersRoutes, registerTrackingRoutes, registerLandingRoutes, registerDonationsRoutes, registerAvatarsRoutes, registerVoicesRoutes, registerRendersRoutes, registerProjectsRoutes, registerSentimentRoutes, registerAdImportRoutes, registerOperationsRoutes, registerAdsRoutes, registerBackofficeRoutes, registerOnboardingRoutes, registerConferenceEventsRoutes]

/** Every module's job workers; run by `work` and `all` processes. */
export const workerModules: Array<(p: Platform) => Promise<void>> = [startPaymentsWorkers, startDonationsWorkers, startVoicesWorkers, startCreatorsWorkers, startRendersWorkers, startProjectsWorkers, startOperationsWorkers, startAdsWorkers, startSentimentWorkers, startAdImagesWorkers, startConferenceEventsWorkers]

/** Start-up tasks that run once after migrations (seeding), in the process that migrates. */
export const seedModules: Array<(p: Platform) => Promise<void>> = [seedAdmin, seedPlans, seedSentenceCategories, seedInfluencers, seedSentiment, seedOnboarding]
