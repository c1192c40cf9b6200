import type { Platform } from '../../platform/context'

/**
 * What the auth use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<AuthDeps, …>`.
 */
export type AuthDeps = Pick<Platform, 'db' | 'config' | 'realtime'>
