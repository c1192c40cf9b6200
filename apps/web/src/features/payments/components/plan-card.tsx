import type { ReactNode } from 'react'
import { entitlementLines } from '@mouthpiece/contracts/payments/payments.schemas'
import type { SubscriptionPlan } from '@mouthpiece/contracts/payments/payments.schemas'
import { Badge } from '../../../components/ui/card'
import { CheckIcon } from '../../../components/ui/icons'
import { cn } from '../../../lib/cn'
import { money } from '../format'

/** One plan: price per month, what it includes, whether it is the user's current plan. */
export function PlanCard({
  plan,
  current,
  highlighted,
  action,
}: {
  plan: SubscriptionPlan
  current?: boolean
  highlighted?: boolean
  action?: ReactNode
}) {
  return (
    <article
      aria-label={`${plan.name} plan`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-surface p-6',
        current
          ? 'border-success/60'
          : highlighted
            ? 'border-accent/70 shadow-[0_0_0_1px_rgba(255,106,89,0.25)]'
            : 'border-border',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-text">{plan.name}</h3>
        {current ? (
          <Badge tone="success">Current plan</Badge>
        ) : highlighted ? (
          <Badge tone="accent">Most popular</Badge>
        ) : null}
      </div>
      <p className="mt-1 min-h-10 text-sm text-muted">{plan.description}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-text">
          {plan.is_trial ? 'Free' : money(plan.price_cents, plan.currency, { compact: true })}
        </span>
        <span className="text-sm text-muted">
          {plan.is_trial ? `for ${plan.trial_days} days` : '/ month'}
        </span>
      </p>
      <ul className="mt-5 flex flex-1 flex-col gap-2.5 text-sm">
        {[...entitlementLines(plan.entitlements), ...plan.features].map((f) => (
          <li key={f} className="flex gap-2 text-[#c9cedb]">
            <CheckIcon size={16} className="mt-0.5 shrink-0 text-accent" />
            {f}
          </li>
        ))}
      </ul>
      {action ? <div className="mt-6">{action}</div> : null}
    </article>
  )
}
