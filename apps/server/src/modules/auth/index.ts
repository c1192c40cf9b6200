/** The public face of modules/auth: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerAuthRoutes } from './auth.routes'
export { seedAdmin } from './auth.seed'
export { createAuthenticator } from './authenticate'
export { liveAdminSession, liveUserSession } from './live-sessions'
