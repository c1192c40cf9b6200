/** The public face of modules/payments: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { assertEntitled, getEntitlements } from './entitlements.service'
export { money, paymentsDeps, toAppError } from './payments.deps'
export type { PaymentPurposeHandler, PaymentsDeps } from './payments.deps'
export { startPaymentsWorkers } from './payments.jobs'
export { registerPaymentsRoutes } from './payments.routes'
export { seedPlans } from './plans.service'
export { AUTHENTICATION_FAILED, AUTHENTICATION_UNAVAILABLE, CardError } from './sources/payment-provider'
export type { ProviderPayment } from './sources/payment-provider'
