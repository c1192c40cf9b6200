import type { Platform } from '../../platform/context'

/**
 * What the voices use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<VoicesDeps, …>`.
 */
export type VoicesDeps = Pick<Platform, 'db' | 'storage' | 'queue' | 'config'>
