/** The public face of modules/onboarding: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { registerOnboardingRoutes } from './onboarding.routes'
export { seedOnboarding } from './onboarding.service'
