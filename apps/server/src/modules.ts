import type { HttpContext, Platform } from './platform/context'
import { registerSystemRoutes } from './modules/system/system.routes'

/** Every module's HTTP routes, registered in this order. */
export const httpModules: Array<(ctx: HttpContext) => void | Promise<void>> = [registerSystemRoutes]

/** Every module's job workers; run by `work` and `all` processes. */
export const workerModules: Array<(p: Platform) => Promise<void>> = []

/** Start-up tasks that run once after migrations (seeding), in the process that migrates. */
export const seedModules: Array<(p: Platform) => Promise<void>> = []
