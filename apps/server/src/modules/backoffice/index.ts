/** The public face of modules/backoffice: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerBackofficeRoutes } from './backoffice.routes'
export { deleteFinalVideoIn } from './final-videos/final-videos.service'
