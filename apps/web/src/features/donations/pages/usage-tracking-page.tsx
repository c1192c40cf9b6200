import { useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { AlertKind } from '@mouthpiece/contracts/donations/donations.schemas'
import { Card, PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import { cn } from '../../../lib/cn'
import { KIND_LABELS } from '../../overlay'
import { useMySubscription } from '../../payments'
import { tipsQuery, usageQuery } from '../api'
import { PanelState } from '../components/panel-state'

type Day = { day: string; played: number; skipped: number; failed: number }
const PERIODS = [7, 30, 90] as const
const KIND_SAMPLE = 100

/** Every day of the period, oldest first, with zeros where the server had no rows. */
export function fillDays(rows: readonly Day[], days: number, today = new Date()): Day[] {
  const byDay = new Map(rows.map((r) => [r.day, r]))
  const out: Day[] = []
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(end - i * 86_400_000).toISOString().slice(0, 10)
    out.push(byDay.get(day) ?? { day, played: 0, skipped: 0, failed: 0 })
  }
  return out
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-5">
      <p className="text-xs font-medium tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-2 text-2xl font-semibold text-text">{value}</p>
      {hint ? <div className="mt-2 text-xs text-muted">{hint}</div> : null}
    </div>
  )
}

function DayChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((d) => d.played + d.skipped + d.failed))
  return (
    <div aria-hidden className="flex h-44 items-end gap-[2px] sm:gap-1">
      {days.map((d) => {
        const total = d.played + d.skipped + d.failed
        return (
          <div
            key={d.day}
            title={`${d.day}: ${d.played} played, ${d.skipped} skipped, ${d.failed} failed`}
            className="flex h-full min-w-0 flex-1 flex-col justify-end"
          >
            <div
              className="flex flex-col-reverse overflow-hidden rounded-t-sm"
              style={{ height: `${(total / max) * 100}%` }}
            >
              <span className="bg-success" style={{ flexGrow: d.played }} />
              <span className="bg-[#4b5163]" style={{ flexGrow: d.skipped }} />
              <span className="bg-danger" style={{ flexGrow: d.failed }} />
            </div>
          </div>
        )
      })}
    </div>
  )
}

function Legend() {
  const item = (cls: string, label: string) => (
    <span className="inline-flex items-center gap-1.5">
      <span className={cn('h-2.5 w-2.5 rounded-sm', cls)} />
      {label}
    </span>
  )
  return (
    <div className="flex gap-4 text-xs text-muted">
      {item('bg-success', 'Played')}
      {item('bg-[#4b5163]', 'Skipped')}
      {item('bg-danger', 'Failed')}
    </div>
  )
}

/** Counts per kind among the latest alerts: the usage call counts by day only, so this says what it is drawn from. */
function KindBreakdown() {
  const tips = useQuery({ ...tipsQuery(1, KIND_SAMPLE), refetchInterval: false })
  const rows = useMemo(() => {
    const counts = new Map<AlertKind, { played: number; total: number }>()
    for (const t of tips.data?.list ?? []) {
      const c = counts.get(t.kind) ?? { played: 0, total: 0 }
      c.total++
      if (t.status === 'played') c.played++
      counts.set(t.kind, c)
    }
    return [...counts].map(([kind, c]) => ({ kind, ...c })).sort((a, b) => b.total - a.total)
  }, [tips.data])
  return (
    <Card
      title="By kind"
      description={`Among your latest ${Math.min(KIND_SAMPLE, tips.data?.total ?? KIND_SAMPLE)} alerts.`}
    >
      <DataTable
        caption="Alerts by kind"
        rows={tips.data ? rows : undefined}
        rowKey={(r) => r.kind}
        loading={tips.isPending}
        error={tips.error?.message}
        onRetry={() => void tips.refetch()}
        emptyText="No alerts yet. Send a test alert from Alert Card Settings."
        columns={[
          { key: 'kind', header: 'Kind', cell: (r) => KIND_LABELS[r.kind] },
          { key: 'total', header: 'Received', cell: (r) => r.total },
          { key: 'played', header: 'Played', cell: (r) => r.played },
        ]}
      />
    </Card>
  )
}

/** /usage-tracking — alert usage: spoken alerts per day, this month against the plan's allowance. */
export function UsageTrackingPage() {
  const [days, setDays] = useState<number>(30)
  const usage = useQuery(usageQuery(days))
  const plan = useMySubscription()
  const allowance = plan.data?.entitlements.alerts_per_month
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Usage Tracking"
        description="How many alerts played on your stream."
        actions={
          <div
            role="radiogroup"
            aria-label="Period"
            className="inline-flex rounded-lg border border-border bg-[#11141c] p-1"
          >
            {PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={days === p}
                onClick={() => setDays(p)}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium',
                  days === p ? 'bg-accent text-on-accent' : 'text-muted hover:text-text',
                )}
              >
                {p} days
              </button>
            ))}
          </div>
        }
      />
      <PanelState query={usage} label="Loading usage…">
        {(u) => {
          const filled = fillDays(u.days, days)
          const skipped = u.days.reduce((n, d) => n + d.skipped, 0)
          const failed = u.days.reduce((n, d) => n + d.failed, 0)
          const used = allowance ? Math.min(100, (u.this_month_played / allowance) * 100) : 0
          return (
            <>
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
                <Stat
                  label="Played this month"
                  value={u.this_month_played.toLocaleString('en-US')}
                  hint={
                    allowance ? (
                      <>
                        <div className="mb-1.5 h-1.5 overflow-hidden rounded-full bg-[#262b38]">
                          <div
                            className={cn('h-full rounded-full', used >= 100 ? 'bg-danger' : 'bg-accent')}
                            style={{ width: `${used}%` }}
                          />
                        </div>
                        of {allowance.toLocaleString('en-US')} on the {plan.data?.entitlements.plan_name} plan
                      </>
                    ) : undefined
                  }
                />
                <Stat label={`Played, last ${days} days`} value={u.total_played.toLocaleString('en-US')} />
                <Stat
                  label="Skipped"
                  value={skipped.toLocaleString('en-US')}
                  hint="Muted, turned off, below minimum or filtered"
                />
                <Stat
                  label="Failed"
                  value={failed.toLocaleString('en-US')}
                  hint="The overlay could not play them"
                />
              </div>
              <Card title="Alerts per day" actions={<Legend />}>
                <DayChart days={filled} />
                <div className="mt-2 flex justify-between text-xs text-muted">
                  <span>{filled[0]?.day}</span>
                  <span>{filled[filled.length - 1]?.day}</span>
                </div>
                <div className="mt-6">
                  <DataTable
                    caption="Alerts per day"
                    rows={[...u.days].reverse().filter((d) => d.played + d.skipped + d.failed > 0)}
                    rowKey={(d) => d.day}
                    emptyText={`No alerts in the last ${days} days.`}
                    columns={[
                      { key: 'day', header: 'Day', cell: (d) => d.day },
                      { key: 'played', header: 'Played', cell: (d) => d.played },
                      { key: 'skipped', header: 'Skipped', cell: (d) => d.skipped },
                      { key: 'failed', header: 'Failed', cell: (d) => d.failed },
                    ]}
                  />
                </div>
              </Card>
            </>
          )
        }}
      </PanelState>
      <KindBreakdown />
    </div>
  )
}
