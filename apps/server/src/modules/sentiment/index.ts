/** The public face of modules/sentiment: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { startSentimentWorkers } from './sentiment.jobs'
export { registerSentimentRoutes, seedSentiment } from './sentiment.routes'
