/** The public face of modules/renders/testing: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { renders } from '../renders.table'
export { findEventVideo } from '../renders.service'
export { multipartFile, rendersClient, visitorCookie } from './renders-client'
export type { Caller } from './renders-client'
