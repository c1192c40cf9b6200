/** The public face of modules/adimport: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerAdImportRoutes } from './adimport.routes'
