import type { ComponentType } from 'react'
import { PATHS } from '../../app/paths'

/**
 * The payments feature's pages, for the router (app/route-table.ts) to plug in. `page` has the
 * route table's PageLoader shape; `layout` and `auth` are hints matching the table's lines.
 * The billing section itself is a component (components/billing-section.tsx, id="billing") that
 * the account page (/user-settings) renders below its #account-settings section.
 */
export interface PaymentRoute {
  path: string
  page: () => Promise<ComponentType>
  layout: 'default' | 'client' | 'admin'
  auth: 'user' | 'public' | 'admin'
  title: string
}

export const PAYMENT_ROUTES: PaymentRoute[] = [
  { path: PATHS.pricing, layout: 'default', auth: 'public', title: 'Pricing', page: () => import('./pages/pricing-page').then((m) => m.PricingPage) },
  { path: PATHS.pricingV1, layout: 'default', auth: 'public', title: 'Compare plans', page: () => import('./pages/pricing-v1-page').then((m) => m.PricingV1Page) },
  { path: PATHS.freeTrial, layout: 'default', auth: 'user', title: 'Free trial', page: () => import('./pages/free-trial-page').then((m) => m.FreeTrialPage) },
  { path: PATHS.payment, layout: 'client', auth: 'user', title: 'Checkout', page: () => import('./pages/payment-page').then((m) => m.PaymentPage) },
  { path: PATHS.testPayment, layout: 'client', auth: 'user', title: 'Test payment', page: () => import('./pages/test-payment-page').then((m) => m.TestPaymentPage) },
  { path: PATHS.adminPlans, layout: 'admin', auth: 'admin', title: 'Plans', page: () => import('./admin/plans-page').then((m) => m.PlansPage) },
  { path: PATHS.testPaymentSubscription, layout: 'client', auth: 'user', title: 'Test subscription', page: () => import('./pages/test-payment-subscription-page').then((m) => m.TestPaymentSubscriptionPage) },
]
