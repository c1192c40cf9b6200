import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { eventsOf } from '@mouthpiece/contracts/tracking/tracking.schemas'
import type { CustomerSummary, TrackingCategory } from '@mouthpiece/contracts/tracking/tracking.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import type { Column } from '../../../components/ui/data-table'
import { Pagination } from '../../../components/ui/pagination'
import { useToast } from '../../../components/ui/toast'
import { ApiError, isSuccess } from '../../../lib/api'
import {
  downloadTrackingCsv,
  downloadUsageFilesCsv,
  analysisEventsQuery,
  customerSummariesQuery,
} from '../api'

export const TRACKING_SCREENS: Record<
  TrackingCategory,
  { path: string; title: string; description: string }
> = {
  usage: {
    path: '/admin/usage-data',
    title: 'Usage data',
    description:
      'What people do in the product (logins, quick creates, projects, avatars), counted per customer.',
  },
  payment: {
    path: '/admin/customer-tracking',
    title: 'Customer tracking',
    description:
      'How far each customer got towards paying: payment page visits, free-trial clicks, payment details.',
  },
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export const customerTitle = (c: CustomerSummary) =>
  c.user?.username ?? (c.kind === 'user' ? 'Deleted user' : 'Anonymous visitor')

export function CustomerName({ c }: { c: CustomerSummary }) {
  if (c.user)
    return (
      <div>
        <p className="font-medium text-text">{c.user.username}</p>
        <p className="text-xs text-muted">{c.user.email}</p>
      </div>
    )
  return (
    <div>
      <p className="font-medium text-text">{c.kind === 'user' ? 'Deleted user' : 'Anonymous visitor'}</p>
      <p className="font-mono text-xs text-muted">{c.id.slice(0, 8)}</p>
    </div>
  )
}

/**
 * /admin/usage-data and /admin/customer-tracking: per-customer counts of each event, sortable, with a
 * CSV export; the usage screen also exports the stored files per user.
 */
export function CustomerSummariesPage({ category }: { category: TrackingCategory }) {
  const screen = TRACKING_SCREENS[category]
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const sort = params.get('sort') ?? 'recent'
  const query = useQuery(customerSummariesQuery(category, page, sort))
  const events = useQuery(analysisEventsQuery)
  const navigate = useNavigate()
  const toast = useToast()
  const [downloading, setDownloading] = useState<'events' | 'files' | null>(null)
  const known = eventsOf(category)
  const totals = events.data?.events.filter((e) => e.category === category) ?? []

  const setParam = (key: string, value: string) =>
    setParams((prev) => {
      prev.set(key, value)
      if (key !== 'page') prev.delete('page')
      return prev
    })
  const download = async (what: 'events' | 'files') => {
    setDownloading(what)
    const result = await (what === 'files' ? downloadUsageFilesCsv() : downloadTrackingCsv(category))
    setDownloading(null)
    if (!isSuccess(result)) toast.error(result.message)
  }

  const columns: Array<Column<CustomerSummary>> = [
    { key: 'customer', header: 'Customer', cell: (c) => <CustomerName c={c} /> },
    {
      key: 'events',
      header: 'Events',
      hideOnMobile: true,
      cell: (c) => (
        <div className="flex max-w-xl flex-wrap gap-1.5">
          {known
            .filter((e) => c.counts[String(e.code)])
            .map((e) => (
              <Badge key={e.code} tone="neutral">
                {e.label} · {c.counts[String(e.code)]}
              </Badge>
            ))}
        </div>
      ),
    },
    {
      key: 'total',
      header: 'Total',
      cell: (c) => <span className="font-semibold tabular-nums text-text">{c.total}</span>,
    },
    {
      key: 'last',
      header: 'Last event',
      cell: (c) => <span className="whitespace-nowrap text-muted">{when.format(new Date(c.last_at))}</span>,
      hideOnMobile: true,
    },
  ]

  return (
    <>
      <PageHeader
        title={screen.title}
        description={screen.description}
        actions={
          <>
            {category === 'usage' ? (
              <Button
                variant="secondary"
                loading={downloading === 'files'}
                disabled={downloading !== null}
                onClick={() => void download('files')}
              >
                Export usage files
              </Button>
            ) : null}
            <Button
              loading={downloading === 'events'}
              disabled={downloading !== null}
              onClick={() => void download('events')}
            >
              Export CSV
            </Button>
          </>
        }
      />
      <section
        aria-label="Event totals"
        className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
      >
        {(totals.length ? totals : known.map((e) => ({ ...e, total: undefined }))).map((e) => (
          <div key={e.code} className="rounded-xl border border-border bg-surface px-4 py-3">
            <p className="text-xs text-muted">
              {e.label} <span className="text-faint">· {e.code}</span>
            </p>
            <p className="mt-1 text-xl font-semibold tabular-nums text-text">{e.total ?? '–'}</p>
          </div>
        ))}
      </section>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          {query.data ? `${query.data.total} ${query.data.total === 1 ? 'customer' : 'customers'}` : '\u00a0'}
        </p>
        <label className="flex items-center gap-2 text-sm text-muted">
          Sort by
          <select
            value={sort}
            onChange={(e) => setParam('sort', e.target.value)}
            className="h-9 max-w-64 rounded-lg border border-border bg-[#11141c] px-2 text-sm text-text focus:border-accent focus:outline-none"
          >
            <option value="recent">Most recent</option>
            <option value="total">Most events</option>
            {known.map((e) => (
              <option key={e.code} value={`event:${e.code}`}>
                Most “{e.label}”
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        caption={screen.title}
        columns={columns}
        rows={query.data?.list}
        rowKey={(c) => c.id}
        loading={query.isFetching}
        error={
          query.error instanceof ApiError
            ? query.error.failure.message
            : query.error
              ? 'Something went wrong. Try again!'
              : undefined
        }
        onRetry={() => void query.refetch()}
        onRowClick={(c) => void navigate(`${screen.path}/${encodeURIComponent(c.id)}`)}
        emptyText="No events recorded yet."
      />
      {query.data ? (
        <div className="mt-4">
          <Pagination
            page={page}
            lastPage={query.data.lastPage}
            total={query.data.total}
            onChange={(p) => setParam('page', String(p))}
          />
        </div>
      ) : null}
      <p className="mt-6 text-xs text-muted">
        Event codes follow the tracking table; see the other screen for{' '}
        <Link
          className="text-accent underline underline-offset-2"
          to={TRACKING_SCREENS[category === 'usage' ? 'payment' : 'usage'].path}
        >
          {TRACKING_SCREENS[category === 'usage' ? 'payment' : 'usage'].title.toLowerCase()}
        </Link>
        .
      </p>
    </>
  )
}

export const UsageDataPage = () => <CustomerSummariesPage category="usage" />
export const CustomerTrackingPage = () => <CustomerSummariesPage category="payment" />
