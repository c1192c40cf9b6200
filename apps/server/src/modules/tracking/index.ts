/** The public face of modules/tracking: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerTrackingRoutes } from './tracking.routes'
export { recordEvent } from './tracking.service'
