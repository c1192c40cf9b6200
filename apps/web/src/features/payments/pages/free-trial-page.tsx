import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { coversEntitlements, entitlementLines } from '@mouthpiece/contracts/payments/payments.schemas'
import type { Subscription } from '@mouthpiece/contracts/payments/payments.schemas'
import { GENERIC_ERROR_MESSAGE } from '@mouthpiece/contracts/errors'
import { Button, ButtonLink } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/field'
import { CheckIcon } from '../../../components/ui/icons'
import { LoadingBlock } from '../../../components/ui/spinner'
import { PATHS, SIGNED_IN_HOME_ROUTE } from '../../../app/paths'
import { ApiError } from '../../../lib/api'
import { plansQuery, useMySubscription, useSubscribe } from '../api'
import { trackFreeTrialClick } from './pricing-page'
import { longDate } from '../format'

/** /free-trial: start the free trial — no card, once per account. */
export function FreeTrialPage() {
  const plans = useQuery(plansQuery)
  const mine = useMySubscription()
  const subscribe = useSubscribe()
  const [started, setStarted] = useState<Subscription>()
  const [error, setError] = useState<string>()
  const trial = plans.data?.plans.find((p) => p.is_trial)

  const start = async () => {
    if (!trial) return
    trackFreeTrialClick()
    setError(undefined)
    try {
      setStarted(await subscribe.mutateAsync(trial.id))
    } catch (e) {
      setError(e instanceof ApiError ? e.message : GENERIC_ERROR_MESSAGE)
    }
  }

  let body
  if (plans.isPending || mine.isPending) body = <LoadingBlock />
  else if (!trial)
    body = <p className="text-sm text-muted">There is no free trial right now. See the plans instead.</p>
  else if (started)
    body = (
      <div role="status" className="flex flex-col items-center gap-4">
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-success/20 text-success">
          <CheckIcon size={24} />
        </span>
        <p className="text-lg font-semibold text-text">
          Your free trial is on until {longDate(started.current_period_end)}.
        </p>
        <ButtonLink to={SIGNED_IN_HOME_ROUTE}>Start creating</ButtonLink>
      </div>
    )
  else if (mine.data?.subscription?.is_active && !mine.data.subscription.plan.is_trial) {
    const plan = mine.data.subscription.plan
    // Said only when the plan's entitlements really cover the trial's (both from the plans table).
    body = coversEntitlements(plan.entitlements, trial.entitlements) ? (
      <p className="text-sm text-[#c9cedb]">
        You already have the {plan.name} plan, which includes everything in the trial.
      </p>
    ) : (
      <p className="text-sm text-[#c9cedb]">
        You already have the {plan.name} plan ({entitlementLines(plan.entitlements).join(', ')}). The trial is
        for accounts without a plan.
      </p>
    )
  } else if (mine.data?.has_used_trial)
    body = (
      <div className="flex flex-col items-center gap-4">
        <p className="text-sm text-[#c9cedb]">
          {mine.data.subscription?.plan.is_trial
            ? `Your free trial runs until ${longDate(mine.data.subscription.current_period_end)}.`
            : 'You have already used your free trial.'}
        </p>
        <ButtonLink to={PATHS.pricing} variant="secondary">
          See plans
        </ButtonLink>
      </div>
    )
  else
    body = (
      <div className="flex flex-col items-center gap-5">
        <ul className="flex flex-col gap-2 text-left text-sm">
          {[...entitlementLines(trial.entitlements), ...trial.features].map((f) => (
            <li key={f} className="flex gap-2 text-[#c9cedb]">
              <CheckIcon size={16} className="mt-0.5 shrink-0 text-accent" />
              {f}
            </li>
          ))}
        </ul>
        <FormError message={error} />
        <Button size="lg" loading={subscribe.isPending} onClick={() => void start()}>
          Start free trial
        </Button>
        <p className="text-xs text-muted">
          No card needed. When the trial ends you move to the Free level unless you choose a plan.
        </p>
      </div>
    )

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-8 px-4 py-14 text-center">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-text sm:text-4xl">
          Try Mouthpiece free{trial ? ` for ${trial.trial_days} days` : ''}
        </h1>
        <p className="mt-3 text-base text-muted">
          Avatar videos{trial ? ` in ${trial.entitlements.max_resolution}` : ''}, voice cloning and spoken
          stream alerts — see what your audience thinks.
        </p>
      </header>
      <div className="w-full rounded-2xl border border-border bg-surface p-6 sm:p-8">{body}</div>
    </div>
  )
}
