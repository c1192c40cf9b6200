import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { PaymentRecord, Subscription } from '@mouthpiece/contracts/payments/payments.schemas'
import { GENERIC_ERROR_MESSAGE } from '@mouthpiece/contracts/errors'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Badge, Card } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { DataTable } from '../../../components/ui/data-table'
import type { Column } from '../../../components/ui/data-table'
import { FormError } from '../../../components/ui/field'
import { Modal } from '../../../components/ui/modal'
import { Pagination } from '../../../components/ui/pagination'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { PATHS } from '../../../app/paths'
import { ApiError } from '../../../lib/api'
import {
  historyQuery,
  methodQuery,
  plansQuery,
  subscriptionQuery,
  useCancelPlan,
  useDeleteCard,
  useResumePlan,
  useSaveCard,
} from '../api'
import type { CardEntry } from '../api'
import { brandName, longDate, money, statusLabel, statusTone } from '../format'
import { CardForm } from './card-form'
import { TestModeBanner } from './test-mode-banner'

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE)

function periodText(s: Subscription): string {
  if (s.status === 'trialing') return `Trial ends on ${longDate(s.current_period_end)}`
  if (s.cancel_at_period_end) return `Ends on ${longDate(s.current_period_end)}`
  return `Renews on ${longDate(s.current_period_end)}`
}

function CurrentPlanCard() {
  const toast = useToast()
  const { data, isPending, error, refetch } = useQuery(subscriptionQuery)
  const cancel = useCancelPlan()
  const resume = useResumePlan()
  const [confirming, setConfirming] = useState(false)
  if (isPending)
    return (
      <Card title="Current plan">
        <LoadingBlock />
      </Card>
    )
  if (error || !data)
    return (
      <Card title="Current plan">
        <FormError message={messageOf(error)} />
        <Button className="mt-3" variant="tertiary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </Card>
    )
  const { subscription: s, entitlements } = data
  const run = async (action: typeof cancel, success: string) => {
    try {
      await action.mutateAsync()
      toast.success(success)
    } catch (e) {
      toast.error(messageOf(e))
    }
  }
  return (
    <Card
      title="Current plan"
      actions={
        <ButtonLink to={PATHS.pricing} variant="tertiary" size="sm">
          {s?.is_active ? 'Change plan' : 'See plans'}
        </ButtonLink>
      }
    >
      {s?.is_active ? (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-xl font-semibold text-text" data-testid="current-plan-name">
              {s.plan.name}
            </p>
            <Badge tone={statusTone(s)}>{statusLabel(s)}</Badge>
            {!s.plan.is_trial ? (
              <span className="text-sm text-muted">{money(s.plan.price_cents, s.plan.currency)} / month</span>
            ) : null}
          </div>
          <p className="text-sm text-[#c9cedb]">{periodText(s)}</p>
          {s.last_payment_error && s.status === 'past_due' ? (
            <FormError
              message={`Your last payment failed: ${s.last_payment_error} Update your card to keep your plan.`}
            />
          ) : null}
          <div className="flex flex-wrap gap-3">
            {s.cancel_at_period_end ? (
              <Button
                variant="secondary"
                loading={resume.isPending}
                onClick={() => void run(resume, 'Your plan is back on.')}
              >
                Resume plan
              </Button>
            ) : (
              <Button variant="tertiary" loading={cancel.isPending} onClick={() => setConfirming(true)}>
                Cancel plan
              </Button>
            )}
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-[#c9cedb]" data-testid="no-active-plan">
            No active plan. You are on the Free level.
          </p>
          {s?.status === 'incomplete' ? (
            <>
              <FormError
                message={`Your payment for the ${s.plan.name} plan did not go through: ${s.last_payment_error ?? 'it is not paid yet.'}`}
              />
              <div className="flex flex-wrap gap-3">
                <ButtonLink
                  to={`${PATHS.payment}?plan=${encodeURIComponent(s.plan.slug)}`}
                  variant="secondary"
                >
                  Try again
                </ButtonLink>
                <Button variant="quaternary" loading={cancel.isPending} onClick={() => setConfirming(true)}>
                  Cancel
                </Button>
              </div>
            </>
          ) : null}
        </div>
      )}
      <dl className="mt-5 grid gap-3 border-t border-border pt-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Render minutes</dt>
          <dd className="mt-1 text-text">{entitlements.render_minutes_per_month} a month</dd>
        </div>
        <div>
          <dt className="text-muted">Max resolution</dt>
          <dd className="mt-1 text-text">{entitlements.max_resolution}</dd>
        </div>
        <div>
          <dt className="text-muted">Stream alerts</dt>
          <dd className="mt-1 text-text">{entitlements.alerts_per_month.toLocaleString('en-US')} a month</dd>
        </div>
      </dl>
      {s ? (
        <ConfirmationModal
          open={confirming}
          onClose={() => setConfirming(false)}
          title="Cancel plan"
          message={
            s.status === 'incomplete'
              ? 'Cancel this unpaid subscription?'
              : `Your ${s.plan.name} plan stays active until ${longDate(s.current_period_end)}, then ends. You can resume it until then.`
          }
          confirmText="Cancel plan"
          cancelText="Keep plan"
          destructive
          onConfirm={() => void run(cancel, 'Your plan is canceled.')}
        />
      ) : null}
    </Card>
  )
}

function CardOnFile() {
  const toast = useToast()
  const { data: plans } = useQuery(plansQuery)
  const method = useQuery(methodQuery)
  const save = useSaveCard()
  const remove = useDeleteCard()
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string>()
  const submit = async (card: CardEntry) => {
    setError(undefined)
    try {
      await save.mutateAsync({ card, replace: !!method.data })
      setEditing(false)
      toast.success('Your card is saved.')
    } catch (e) {
      setError(messageOf(e))
    }
  }
  const removeCard = async () => {
    try {
      await remove.mutateAsync()
      toast.success('Your card is removed.')
    } catch (e) {
      toast.error(messageOf(e))
    }
  }
  const m = method.data
  return (
    <Card
      title="Card on file"
      actions={
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="tertiary"
            onClick={() => {
              setError(undefined)
              setEditing(true)
            }}
          >
            {m ? 'Update card' : 'Add card'}
          </Button>
          {m ? (
            <Button
              size="sm"
              variant="quaternary"
              loading={remove.isPending}
              onClick={() => setConfirming(true)}
            >
              Remove
            </Button>
          ) : null}
        </div>
      }
    >
      {method.isPending ? (
        <LoadingBlock />
      ) : method.error ? (
        <FormError message={messageOf(method.error)} />
      ) : m ? (
        <p className="text-sm text-text" data-testid="card-on-file">
          {brandName(m.brand)} •••• {m.last4}
          <span className="ml-3 text-muted">
            Expires {String(m.exp_month).padStart(2, '0')}/{m.exp_year}
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted">No card on file.</p>
      )}
      <Modal open={editing} onClose={() => setEditing(false)} title={m ? 'Update card' : 'Add card'}>
        <div className="flex flex-col gap-4">
          <TestModeBanner provider={plans?.provider} />
          <CardForm provider={plans?.provider} submitLabel="Save card" onSubmit={submit} error={error} />
        </div>
      </Modal>
      <ConfirmationModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Remove card"
        message="Remove this card from your account?"
        confirmText="Remove"
        cancelText="Keep"
        destructive
        onConfirm={() => void removeCard()}
      />
    </Card>
  )
}

const STATUS_TONE = { succeeded: 'success', failed: 'danger', pending: 'warning' } as const
const COLUMNS: Array<Column<PaymentRecord>> = [
  { key: 'date', header: 'Date', cell: (r) => longDate(r.created_at) },
  { key: 'description', header: 'Description', cell: (r) => r.description },
  { key: 'amount', header: 'Amount', cell: (r) => money(r.amount_cents, r.currency) },
  {
    key: 'status',
    header: 'Status',
    cell: (r) => (
      <Badge tone={STATUS_TONE[r.status]}>
        {r.status === 'succeeded' ? 'Paid' : r.status === 'failed' ? 'Failed' : 'Pending'}
      </Badge>
    ),
  },
  { key: 'details', header: 'Details', cell: (r) => r.failure_message ?? '', hideOnMobile: true },
]

function PaymentHistory() {
  const [page, setPage] = useState(1)
  const history = useQuery(historyQuery(page))
  return (
    <Card title="Payment history">
      <div className="flex flex-col gap-4">
        <DataTable
          caption="Payment history"
          columns={COLUMNS}
          rows={history.data?.list}
          rowKey={(r) => r.id}
          loading={history.isPending}
          error={history.error ? messageOf(history.error) : undefined}
          onRetry={() => void history.refetch()}
          emptyText="No payments yet."
        />
        {history.data ? <Pagination page={page} lastPage={history.data.lastPage} onChange={setPage} /> : null}
      </div>
    </Card>
  )
}

/**
 * The billing section of the account page (profile menu "Manage Billing / Payment", #billing):
 * current plan with cancel and resume, the card on file, payment history.
 */
export function BillingSection() {
  const { data: plans } = useQuery(plansQuery)
  return (
    <section id="billing" aria-labelledby="billing-title" className="flex scroll-mt-28 flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="billing-title" className="text-xl font-semibold text-text">
            Billing and payment
          </h2>
          <p className="mt-1 text-sm text-muted">Your plan, your card and your payments.</p>
        </div>
      </div>
      <TestModeBanner provider={plans?.provider} />
      <CurrentPlanCard />
      <CardOnFile />
      <PaymentHistory />
    </section>
  )
}
