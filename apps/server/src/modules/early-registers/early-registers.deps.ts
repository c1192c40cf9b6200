import type { Platform } from '../../platform/context'

/**
 * What the early-registers use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<EarlyRegistersDeps, …>`.
 */
export type EarlyRegistersDeps = Pick<Platform, 'db' | 'config'>
