import { useEffect } from 'react'
import { EVERY_PLAN_INCLUDES } from '@mouthpiece/contracts/payments/payments.schemas'
import { useQuery } from '@tanstack/react-query'
import { PaymentStep } from '@mouthpiece/contracts/constants'
import type { SubscriptionPlan } from '@mouthpiece/contracts/payments/payments.schemas'
import { ButtonLink } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/field'
import { LoadingBlock } from '../../../components/ui/spinner'
import { PATHS } from '../../../app/paths'
import { ApiError } from '../../../lib/api'
import { track } from '../../tracking'
import { plansQuery, useMySubscription } from '../api'
import { AlertPricingTable } from '../components/alert-pricing-table'
import { PlanCard } from '../components/plan-card'
import { TestModeBanner } from '../components/test-mode-banner'

export const checkoutLink = (plan: SubscriptionPlan) =>
  plan.is_trial ? PATHS.freeTrial : `${PATHS.payment}?plan=${encodeURIComponent(plan.slug)}`

export const trackFreeTrialClick = () => track(PaymentStep.clickFreeTrial, { category: 'payment' })

/** The plans a visitor can choose and the one the user is on (by plan id, while it is active). */
export function usePricing() {
  // SPEC §9 payment funnel: visitPage 7, once per visit of a pricing page.
  useEffect(() => track(PaymentStep.visitPage, { category: 'payment' }), [])
  const plans = useQuery(plansQuery)
  const mine = useMySubscription()
  const current = mine.data?.subscription?.is_active ? mine.data.subscription.plan.id : undefined
  return { plans, current, hasUsedTrial: !!mine.data?.has_used_trial }
}

/** /pricing: plans with monthly prices and features, the current plan marked, alert pricing tiers. */
export function PricingPage() {
  const { plans, current, hasUsedTrial } = usePricing()
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-10 sm:px-6 lg:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-text sm:text-4xl">Plans and pricing</h1>
        <p className="mt-3 text-base text-muted">
          Make avatar videos and spoken stream alerts. Start free, upgrade when you need more minutes, 1080p
          and more alerts.
        </p>
      </header>
      <TestModeBanner provider={plans.data?.provider} />
      {plans.isPending ? (
        <LoadingBlock />
      ) : plans.error ? (
        <FormError message={plans.error instanceof ApiError ? plans.error.message : undefined} />
      ) : (
        <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {plans.data.plans.map((plan, i) => {
            const isCurrent = plan.id === current
            const trialGone = plan.is_trial && hasUsedTrial
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                current={isCurrent}
                highlighted={i === 1}
                action={
                  isCurrent ? (
                    <ButtonLink to={`${PATHS.userSettings}#billing`} variant="tertiary" className="w-full">
                      Manage billing
                    </ButtonLink>
                  ) : trialGone ? (
                    <p className="text-center text-sm text-muted">Free trial already used</p>
                  ) : (
                    <ButtonLink
                      to={checkoutLink(plan)}
                      variant={i === 1 ? 'primary' : 'secondary'}
                      className="w-full"
                      onClick={plan.is_trial ? trackFreeTrialClick : undefined}
                    >
                      {plan.is_trial ? 'Start free trial' : `Choose ${plan.name}`}
                    </ButtonLink>
                  )
                }
              />
            )
          })}
        </div>
      )}
      <p className="text-sm text-muted" data-testid="every-plan">
        On every plan, Free included: {EVERY_PLAN_INCLUDES.join(' · ')}.
      </p>
      <section aria-labelledby="alert-pricing" className="flex flex-col gap-4">
        <div>
          <h2 id="alert-pricing" className="text-xl font-semibold text-text">
            Stream alert pricing
          </h2>
          <p className="mt-1 text-sm text-muted">
            Spoken, avatar-animated alerts for tips, bits and subs. The more alerts a month, the less each one
            costs.
          </p>
        </div>
        <AlertPricingTable />
      </section>
    </div>
  )
}
