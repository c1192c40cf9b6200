import type { HttpContext, Platform } from './platform/context'
import { registerSystemRoutes } from './modules/system'
import { registerAuthRoutes, seedAdmin, liveAdminSession, liveUserSession } from './modules/auth'
import { registerUsersRoutes } from './modules/users'
import { registerAuditRoutes } from './modules/audit'
import { registerNotificationsRoutes } from './modules/notifications'
import { registerFileRoutes } from './platform/storage/storage.routes'
import { registerPaymentsRoutes, startPaymentsWorkers, seedPlans } from './modules/payments'
import { registerSentencesRoutes, seedSentenceCategories } from './modules/sentences'
import { registerEarlyRegistersRoutes } from './modules/early-registers'
import { registerTrackingRoutes } from './modules/tracking'
import { registerLandingRoutes } from './modules/landing'
import { registerDonationsRoutes, startDonationsWorkers } from './modules/donations'
import { registerAvatarsRoutes, seedInfluencers, startCreatorsWorkers } from './modules/avatars'
import { registerVoicesRoutes, startVoicesWorkers } from './modules/voices'
import {
  registerRendersRoutes,
  startRendersWorkers,
  influencerVideosFor,
  rendersDeps,
} from './modules/renders'
import { registerProjectsRoutes, startProjectsWorkers } from './modules/projects'
import { registerSentimentRoutes, seedSentiment, startSentimentWorkers } from './modules/sentiment'
import { registerAdImportRoutes } from './modules/adimport'
import { registerOperationsRoutes, startOperationsWorkers } from './modules/operations'
import { startAdImagesWorkers, registerAdsRoutes, startAdsWorkers } from './modules/ads'
import { registerBackofficeRoutes } from './modules/backoffice'
import { registerOnboardingRoutes, seedOnboarding } from './modules/onboarding'
import { registerConferenceEventsRoutes, startConferenceEventsWorkers } from './modules/conference-events'

/**
 * Sockets sign in with the user token the API takes (same session lookup) and join their user's
 * and their session's rooms. A disabled user's page gets no socket: its pushes serve the pages
 * barred to them (docs/decisions/0010-admission-gate.md, "Accounts"). A back-office page also offers
 * its admin key and joins the admins' room (stress-test progress and the like).
 */
function registerSockets({ app, realtime, db }: HttpContext) {
  realtime.attach(app, {
    user: async (token) => {
      const found = await liveUserSession(db, token)
      return found?.user.is_enabled ? { id: found.user.id, sessionId: found.session.id } : null
    },
    admin: async (key) => {
      const found = await liveAdminSession(db, key)
      return found ? { sessionId: found.session.id } : null
    },
  })
}

/** Every module's HTTP routes, registered in this order. */
export const httpModules: Array<(ctx: HttpContext) => void | Promise<void>> = [
  registerSystemRoutes,
  registerAuthRoutes,
  registerUsersRoutes,
  registerAuditRoutes,
  registerSockets,
  registerFileRoutes,
  registerNotificationsRoutes,
  registerPaymentsRoutes,
  registerSentencesRoutes,
  registerEarlyRegistersRoutes,
  registerTrackingRoutes,
  registerLandingRoutes,
  registerDonationsRoutes,
  (ctx) => registerAvatarsRoutes(ctx, influencerVideosFor(rendersDeps(ctx))),
  registerVoicesRoutes,
  registerRendersRoutes,
  registerProjectsRoutes,
  registerSentimentRoutes,
  registerAdImportRoutes,
  registerOperationsRoutes,
  registerAdsRoutes,
  registerBackofficeRoutes,
  registerOnboardingRoutes,
  registerConferenceEventsRoutes,
]

/** Every module's job workers; run by `work` and `all` processes. */
export const workerModules: Array<(p: Platform) => Promise<void>> = [
  startPaymentsWorkers,
  startDonationsWorkers,
  startVoicesWorkers,
  startCreatorsWorkers,
  startRendersWorkers,
  startProjectsWorkers,
  startOperationsWorkers,
  startAdsWorkers,
  startSentimentWorkers,
  startAdImagesWorkers,
  startConferenceEventsWorkers,
]

/** Start-up tasks that run once after migrations (seeding), in the process that migrates. */
export const seedModules: Array<(p: Platform) => Promise<void>> = [
  seedAdmin,
  seedPlans,
  seedSentenceCategories,
  seedInfluencers,
  seedSentiment,
  seedOnboarding,
]
