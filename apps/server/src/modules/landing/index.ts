/** The public face of modules/landing: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerLandingRoutes } from './landing.routes'
