import type { Platform } from '../../platform/context'

/**
 * What the tracking use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<TrackingDeps, …>`.
 */
export type TrackingDeps = Pick<Platform, 'db'>
