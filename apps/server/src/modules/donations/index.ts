/** The public face of modules/donations: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { googleTokenAccess, safeReturn } from './accounts/accounts.service'
export { startDonationsWorkers } from './alerts/alert.jobs'
export { donationsDeps } from './donations.deps'
export type { DonationsDeps } from './donations.deps'
export { registerDonationsRoutes } from './donations.routes'
export { alertAudioFiles } from './ingest/alert-files'
