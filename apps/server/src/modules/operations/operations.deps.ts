import type { Platform } from '../../platform/context'

/**
 * What the operations use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<OperationsDeps, …>`.
 */
export type OperationsDeps = Pick<Platform, 'db' | 'database' | 'config' | 'queue' | 'storage' | 'realtime'>
