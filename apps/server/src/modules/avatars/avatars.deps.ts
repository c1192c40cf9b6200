import type { Platform } from '../../platform/context'

/**
 * What the avatars use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<AvatarsDeps, …>`.
 */
export type AvatarsDeps = Pick<Platform, 'db' | 'storage' | 'realtime' | 'queue' | 'config'>
