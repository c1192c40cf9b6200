/** The public face of modules/tracking/testing: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { trackingEvents } from '../tracking.table'
