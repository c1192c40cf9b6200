/** The public face of modules/sentences: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerSentencesRoutes } from './sentences.routes'
export { seedSentenceCategories } from './sentences.seed'
