/** The public face of modules/system: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerSystemRoutes } from './system.routes'
