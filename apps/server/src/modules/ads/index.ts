/** The public face of modules/ads: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { startAdsWorkers } from './ads.jobs'
export { registerAdsRoutes } from './ads.routes'
export { startAdImagesWorkers } from './images/ad-images.jobs'
