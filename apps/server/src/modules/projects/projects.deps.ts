import type { Platform } from '../../platform/context'

/**
 * What the projects use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<ProjectsDeps, …>`.
 */
export type ProjectsDeps = Pick<Platform, 'db' | 'storage' | 'realtime' | 'queue' | 'config'>
