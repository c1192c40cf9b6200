/** The public face of modules/backoffice: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerBackofficeRoutes } from './backoffice.routes'
export { finalVideosWhere } from './final-videos/final-videos.repo'
export { deleteFinalVideoIn } from './final-videos/final-videos.service'
