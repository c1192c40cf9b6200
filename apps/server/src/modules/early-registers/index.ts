/** The public face of modules/early-registers: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerEarlyRegistersRoutes } from './early-registers.routes'
