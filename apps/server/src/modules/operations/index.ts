/** The public face of modules/operations: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { startOperationsWorkers } from './operations.jobs'
export { registerOperationsRoutes } from './operations.routes'
