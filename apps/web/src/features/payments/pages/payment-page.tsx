import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '../../../components/ui/button'
import { PageHeader } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { PATHS } from '../../../app/paths'
import { cn } from '../../../lib/cn'
import { plansQuery } from '../api'
import { money } from '../format'
import { SubscriptionCheckout } from '../components/subscription-checkout'
import { TestModeBanner } from '../components/test-mode-banner'

/** /payment?plan=<slug>: checkout for a chosen paid plan. */
export function PaymentPage() {
  const plans = useQuery(plansQuery)
  const [params, setParams] = useSearchParams()
  const paid = plans.data?.plans.filter((p) => !p.is_trial) ?? []
  const plan = paid.find((p) => p.slug === params.get('plan')) ?? paid[0]

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeader
        title="Checkout"
        description="Choose a plan and pay by card. Cancel any time; your plan runs to the end of the month you paid for."
        actions={
          <ButtonLink to={PATHS.pricing} variant="quaternary">
            All plans
          </ButtonLink>
        }
      />
      <TestModeBanner provider={plans.data?.provider} />
      {plans.isPending ? (
        <LoadingBlock />
      ) : !plan ? (
        <p className="text-sm text-muted">No plans are available right now.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium text-muted">Plan</legend>
            {paid.map((p) => (
              <label
                key={p.id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-2xl border bg-surface p-4 transition-colors',
                  p.id === plan.id ? 'border-accent' : 'border-border hover:border-accent/50',
                )}
              >
                <input
                  type="radio"
                  name="plan"
                  className="mt-1 accent-[#FF6A59]"
                  checked={p.id === plan.id}
                  onChange={() => setParams({ plan: p.slug }, { replace: true })}
                />
                <span className="flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="font-semibold text-text">{p.name}</span>
                    <span className="text-sm text-text">
                      {money(p.price_cents, p.currency, { compact: true })} / month
                    </span>
                  </span>
                  <span className="mt-1 block text-sm text-muted">
                    {p.entitlements.render_minutes_per_month} render minutes · {p.entitlements.max_resolution}{' '}
                    · {p.entitlements.alerts_per_month} alerts a month
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <section aria-label="Payment" className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
            <h2 className="mb-4 text-base font-semibold text-text">Pay for {plan.name}</h2>
            <SubscriptionCheckout key={plan.id} plan={plan} provider={plans.data?.provider} />
          </section>
        </div>
      )}
    </div>
  )
}
