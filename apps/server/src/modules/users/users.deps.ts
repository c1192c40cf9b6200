import type { Platform } from '../../platform/context'

/**
 * What the users use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<UsersDeps, …>`.
 */
export type UsersDeps = Pick<Platform, 'db' | 'config' | 'realtime'>
