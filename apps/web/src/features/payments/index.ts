/**
 * The public face of the payments feature: other features and the app shell import it only from
 * here (scripts/check-web-boundaries.mjs, run by `npm run lint`). Its pages are reached through
 * routes.tsx, which app/route-table.ts imports so that they stay lazily loaded.
 */
export { adminPlansQuery, cardToken, plansQuery, useMySubscription } from './api'
export type { CardEntry } from './api'
export { AlertPricingTable } from './components/alert-pricing-table'
export { CardForm } from './components/card-form'
export { TestCardsList } from './components/test-cards-list'
export { TestModeBanner } from './components/test-mode-banner'
export { CardConfirmationError, NEEDS_CONFIRMATION, withCardConfirmation } from './stripe-js'
/** Loads billing-section on demand: its code stays in its own chunk until a page needs it. */
export const loadBillingSection = () => import('./lazy/billing-section')
