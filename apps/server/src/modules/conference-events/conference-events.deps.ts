import type { Platform } from '../../platform/context'

/**
 * What the conference-events use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<ConferenceEventsDeps, …>`.
 */
export type ConferenceEventsDeps = Pick<Platform, 'db' | 'queue' | 'storage' | 'realtime' | 'config'>
