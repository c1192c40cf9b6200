import type { Platform } from '../../platform/context'

/**
 * What the sentences use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<SentencesDeps, …>`.
 */
export type SentencesDeps = Pick<Platform, 'db'>
