import type { Platform } from '../../platform/context'

/**
 * What the onboarding use cases work with: platform parts only, nothing to build (callers pass the
 * `HttpContext` or `Platform` they hold). A function that needs less takes `Pick<OnboardingDeps, …>`.
 */
export type OnboardingDeps = Pick<Platform, 'db'>
