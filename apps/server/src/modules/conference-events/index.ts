/** The public face of modules/conference-events: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { startConferenceEventsWorkers } from './conference-events.jobs'
export { registerConferenceEventsRoutes } from './conference-events.routes'
