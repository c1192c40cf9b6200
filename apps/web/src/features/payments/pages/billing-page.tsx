import { BillingSection } from '../components/billing-section'

/**
 * A page of its own for the billing section, for installations that route "Manage Billing /
 * Payment" to a dedicated path. The account page embeds BillingSection under #billing instead.
 */
export function BillingPage() {
  return <BillingSection />
}
