import type { AppRoute } from '../../app/app-route'
import { PATHS } from '../../app/paths'

/**
 * The payments feature's pages. /pricing is an exempt 'user' route (plans for everyone, the current
 * plan for members). The billing section itself is a component (components/billing-section.tsx,
 * id="billing") that the account page (/user-settings) renders below its #account-settings section.
 */
export const PAYMENT_ROUTES: AppRoute[] = [
  {
    path: PATHS.pricing,
    layout: 'default',
    guard: 'user',
    title: 'Pricing',
    page: () => import('./pages/pricing-page').then((m) => m.PricingPage),
  },
  {
    path: PATHS.pricingV1,
    layout: 'default',
    guard: 'public',
    title: 'Compare plans',
    page: () => import('./pages/pricing-v1-page').then((m) => m.PricingV1Page),
  },
  {
    path: PATHS.freeTrial,
    layout: 'default',
    guard: 'user',
    title: 'Free trial',
    page: () => import('./pages/free-trial-page').then((m) => m.FreeTrialPage),
  },
  {
    path: PATHS.payment,
    layout: 'client',
    guard: 'user',
    title: 'Checkout',
    page: () => import('./pages/payment-page').then((m) => m.PaymentPage),
  },
  {
    path: PATHS.testPayment,
    layout: 'client',
    guard: 'user',
    title: 'Test payment',
    page: () => import('./pages/test-payment-page').then((m) => m.TestPaymentPage),
  },
  {
    path: PATHS.testPaymentSubscription,
    layout: 'client',
    guard: 'user',
    title: 'Test subscription',
    page: () => import('./pages/test-payment-subscription-page').then((m) => m.TestPaymentSubscriptionPage),
  },
  {
    path: PATHS.adminPlans,
    layout: 'admin',
    guard: 'admin',
    title: 'Plans',
    nav: { label: 'Plans', group: 'Billing' },
    page: () => import('./admin/plans-page').then((m) => m.PlansPage),
  },
]
