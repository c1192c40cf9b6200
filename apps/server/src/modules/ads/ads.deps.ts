import type { Platform } from '../../platform/context'

/**
 * What the ads use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<AdsDeps, …>`.
 */
export type AdsDeps = Pick<Platform, 'db' | 'queue' | 'storage' | 'realtime' | 'config'>
