import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/card'
import { LoadingBlock } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { buttonClass } from '../../../components/ui/button'
import type { SubscriptionPlan } from '@mouthpiece/contracts/payments/payments.schemas'
import { money } from '../format'
import { AlertPricingTable } from '../components/alert-pricing-table'
import { TestModeBanner } from '../components/test-mode-banner'
import { checkoutLink, trackFreeTrialClick, usePricing } from './pricing-page'

const ROWS: Array<{ label: string; cell: (p: SubscriptionPlan) => ReactNode }> = [
  {
    label: 'Price',
    cell: (p) =>
      p.is_trial
        ? `Free for ${p.trial_days} days`
        : `${money(p.price_cents, p.currency, { compact: true })} / month`,
  },
  { label: 'Render minutes', cell: (p) => `${p.entitlements.render_minutes_per_month} a month` },
  { label: 'Max resolution', cell: (p) => p.entitlements.max_resolution },
  {
    label: 'Stream alerts',
    cell: (p) => `${p.entitlements.alerts_per_month.toLocaleString('en-US')} a month`,
  },
]

/** /pricing/v1: the same plans as a compact comparison table. */
export function PricingV1Page() {
  const { plans, current, hasUsedTrial } = usePricing()
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-text sm:text-3xl">Compare plans</h1>
        <p className="mt-2 text-sm text-muted">Everything each plan includes, side by side.</p>
      </header>
      <TestModeBanner provider={plans.data?.provider} />
      {plans.isPending || !plans.data ? (
        <LoadingBlock />
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-border">
          <table className="w-full min-w-[560px] text-left text-sm">
            <caption className="sr-only">Plan comparison</caption>
            <thead className="bg-surface-2">
              <tr>
                <th scope="col" className="px-4 py-3 text-xs font-medium tracking-wide text-muted uppercase">
                  Plan
                </th>
                {plans.data.plans.map((p) => (
                  <th key={p.id} scope="col" className="px-4 py-3 font-semibold text-text">
                    <span className="flex items-center gap-2">
                      {p.name}
                      {p.id === current ? <Badge tone="success">Current plan</Badge> : null}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border bg-surface">
              {ROWS.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="px-4 py-3 font-medium text-muted">
                    {row.label}
                  </th>
                  {plans.data.plans.map((p) => (
                    <td key={p.id} className="px-4 py-3 text-text">
                      {row.cell(p)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr>
                <td />
                {plans.data.plans.map((p) => (
                  <td key={p.id} className="px-4 py-4">
                    {p.id === current || (p.is_trial && hasUsedTrial) ? null : (
                      <Link
                        to={checkoutLink(p)}
                        className={cn(buttonClass(p.is_trial ? 'secondary' : 'primary', 'sm'))}
                        onClick={p.is_trial ? trackFreeTrialClick : undefined}
                      >
                        {p.is_trial ? 'Start free trial' : `Choose ${p.name}`}
                      </Link>
                    )}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="alert-pricing-v1" className="flex flex-col gap-3">
        <h2 id="alert-pricing-v1" className="text-lg font-semibold text-text">
          Stream alert pricing
        </h2>
        <AlertPricingTable compact />
      </section>
    </div>
  )
}
