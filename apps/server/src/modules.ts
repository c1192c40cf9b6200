import type { HttpContext, Platform } from './platform/context'
import { registerSystemRoutes } from './modules/system/system.routes'
import { registerAuthRoutes } from './modules/auth/auth.routes'
import { registerUsersRoutes } from './modules/users/users.routes'
import { seedAdmin } from './modules/auth/auth.seed'
import { findLiveUserSession } from './modules/auth/sessions.repo'
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
import { startDonationsWorkers } from './modules/donations/alert.jobs'
import { registerAvatarsRoutes } from './modules/avatars/avatars.routes'
import { seedInfluencers } from './modules/avatars/avatars.seed'
import { registerVoicesRoutes } from './modules/voices/voices.routes'
import { startVoicesWorkers } from './modules/voices/voices.jobs'
import { registerRendersRoutes } from './modules/renders/renders.routes'
import { startRendersWorkers } from './modules/renders/renders.jobs'

/** Sockets sign in with the user token the API takes (same session lookup) and join their user's room. */
function registerSockets({ app, realtime, db }: HttpContext) {
  realtime.attach(app, async (token) => {
    return (await findLiveUserSession(db, hashToken(token)))?.user ?? null
  })
}

/** Every module's HTTP routes, registered in this order. */
export const httpModules: Array<(ctx: HttpContext) => void | Promise<void>> = [registerSystemRoutes, registerAuthRoutes, registerUsersRoutes, registerSockets, registerFileRoutes, registerNotificationsRoutes, registerPaymentsRoutes, registerSentencesRoutes, registerEarlyRegistersRoutes, registerTrackingRoutes, registerLandingRoutes, registerDonationsRoutes, registerAvatarsRoutes, registerVoicesRoutes, registerRendersRoutes]

/** Every module's job workers; run by `work` and `all` processes. */
export const workerModules: Array<(p: Platform) => Promise<void>> = [startPaymentsWorkers, startDonationsWorkers, startVoicesWorkers, startRendersWorkers]

/** Start-up tasks that run once after migrations (seeding), in the process that migrates. */
export const seedModules: Array<(p: Platform) => Promise<void>> = [seedAdmin, seedPlans, seedSentenceCategories, seedInfluencers]
