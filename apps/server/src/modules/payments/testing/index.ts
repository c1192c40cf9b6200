/** The public face of modules/payments/testing: what other code may import from it. Kept by scripts/module-faces.mjs. */
export { signStripePayload } from '../sources/webhook-signature'
export { startFakeStripe } from './fake-stripe-server'
export type { FakeStripe } from './fake-stripe-server'
