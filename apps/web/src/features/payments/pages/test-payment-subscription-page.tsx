import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ButtonLink } from '../../../components/ui/button'
import { PageHeader } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { MANAGE_BILLING_LINK, PATHS } from '../../../app/paths'
import { cn } from '../../../lib/cn'
import { plansQuery } from '../api'
import { money } from '../format'
import { SubscriptionCheckout } from '../components/subscription-checkout'
import { TestCardsList } from '../components/test-cards-list'
import { TestModeBanner } from '../components/test-mode-banner'
import { TestModeOnly } from './test-payment-page'

/** /test-payment/subscription: subscribe to a plan in test mode with the listed test cards. */
export function TestPaymentSubscriptionPage() {
  const plans = useQuery(plansQuery)
  const [picked, setPicked] = useState<string>()
  const [planId, setPlanId] = useState<number>()
  const paid = plans.data?.plans.filter((p) => !p.is_trial) ?? []
  const plan = paid.find((p) => p.id === planId) ?? paid[0]

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageHeader
        title="Test subscription"
        description="Subscribe to a plan in test mode. A declined card leaves no active plan; cancel and resume from billing."
        actions={
          <>
            <ButtonLink to={PATHS.testPayment} variant="tertiary">
              Test a one-off payment
            </ButtonLink>
            <ButtonLink to={MANAGE_BILLING_LINK} variant="quaternary">
              Billing
            </ButtonLink>
          </>
        }
      />
      <TestModeBanner provider={plans.data?.provider} />
      {plans.isPending ? (
        <LoadingBlock />
      ) : !plans.data?.provider.test_mode ? (
        <TestModeOnly />
      ) : !plan ? (
        <p className="text-sm text-muted">No plans are available.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr]">
          <section
            aria-label="Subscribe"
            className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 sm:p-6"
          >
            <div role="radiogroup" aria-label="Plan" className="flex flex-wrap gap-2">
              {paid.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  role="radio"
                  aria-checked={p.id === plan.id}
                  onClick={() => setPlanId(p.id)}
                  className={cn(
                    'rounded-full border px-4 py-1.5 text-sm',
                    p.id === plan.id
                      ? 'border-accent bg-accent/15 text-text'
                      : 'border-border text-muted hover:text-text',
                  )}
                >
                  {p.name} · {money(p.price_cents, p.currency, { compact: true })}
                </button>
              ))}
            </div>
            <SubscriptionCheckout
              key={plan.id}
              plan={plan}
              provider={plans.data.provider}
              prefillNumber={picked}
            />
          </section>
          <TestCardsList onPick={plans.data.provider.card_entry === 'stripe-js' ? undefined : setPicked} />
        </div>
      )}
    </div>
  )
}
