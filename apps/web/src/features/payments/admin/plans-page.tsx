import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { SubscriptionPlan } from '@mouthpiece/contracts/payments/payments.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import type { Column } from '../../../components/ui/data-table'
import { ApiError } from '../../../lib/api'
import { adminPlansQuery } from '../api'
import { money } from '../format'
import { PlanFormModal } from './plan-form-modal'

type Editing = { plan?: SubscriptionPlan } | undefined

/** /admin/plans: the subscription plans the pricing pages offer, with what each one unlocks. */
export function PlansPage() {
  const query = useQuery(adminPlansQuery)
  const [editing, setEditing] = useState<Editing>()

  const columns: Array<Column<SubscriptionPlan>> = [
    {
      key: 'plan',
      header: 'Plan',
      cell: (p) => (
        <div>
          <p className="font-medium text-text">{p.name}</p>
          <p className="font-mono text-xs text-muted">{p.slug}</p>
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Price',
      cell: (p) => (
        <div className="whitespace-nowrap">
          <p className="font-semibold tabular-nums text-text">{money(p.price_cents, p.currency)}</p>
          <p className="text-xs text-muted">per {p.interval}</p>
        </div>
      ),
    },
    {
      key: 'trial',
      header: 'Trial',
      hideOnMobile: true,
      cell: (p) =>
        p.is_trial ? <Badge tone="accent">{p.trial_days} days</Badge> : <span className="text-muted">—</span>,
    },
    {
      key: 'entitlements',
      header: 'Entitlements',
      hideOnMobile: true,
      cell: (p) => (
        <div className="flex max-w-md flex-wrap gap-1.5">
          <Badge>{p.entitlements.render_minutes_per_month} render min</Badge>
          <Badge>{p.entitlements.max_resolution}</Badge>
          <Badge>{p.entitlements.alerts_per_month} alerts</Badge>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (
        <Badge tone={p.is_active ? 'success' : 'neutral'}>{p.is_active ? 'Active' : 'Hidden'}</Badge>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (p) => (
        <Button
          size="sm"
          variant="tertiary"
          onClick={() => setEditing({ plan: p })}
          aria-label={`Edit ${p.name}`}
        >
          Edit
        </Button>
      ),
    },
  ]

  return (
    <>
      <PageHeader
        title="Plans"
        description="What the pricing pages offer: price, free-trial length and the limits each plan unlocks. Hidden plans keep their subscribers but take no new ones."
        actions={<Button onClick={() => setEditing({})}>New plan</Button>}
      />
      <DataTable
        caption="Subscription plans"
        columns={columns}
        rows={query.data}
        rowKey={(p) => p.id}
        loading={query.isFetching && !query.data}
        error={
          query.error instanceof ApiError
            ? query.error.failure.message
            : query.error
              ? 'Something went wrong. Try again!'
              : undefined
        }
        onRetry={() => void query.refetch()}
        emptyText="No plans yet. Create the first one."
      />
      <PlanFormModal open={Boolean(editing)} onClose={() => setEditing(undefined)} plan={editing?.plan} />
    </>
  )
}
