import { Link, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { eventsOf } from '@mouthpiece/contracts/tracking/tracking.schemas'
import type { TrackedEvent, TrackingCategory } from '@mouthpiece/contracts/tracking/tracking.schemas'
import { PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import type { Column } from '../../../components/ui/data-table'
import { ChevronLeftIcon } from '../../../components/ui/icons'
import { Pagination } from '../../../components/ui/pagination'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api'
import { useListParams } from '../../../lib/list-params'
import { customerDetailQuery } from '../api'
import { TRACKING_SCREENS, customerTitle } from './customer-summaries-page'

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/** /admin/usage-data/:id and /admin/customer-tracking/:id: one customer's counts and their events, newest first. */
export function CustomerDetailPage({ category }: { category: TrackingCategory }) {
  const screen = TRACKING_SCREENS[category]
  const { id = '' } = useParams()
  const { page, setPage } = useListParams([])
  const query = useQuery(customerDetailQuery(category, id, page))
  const known = eventsOf(category)
  const label = (code: number) => known.find((e) => e.code === code)?.label ?? `Event ${code}`
  const error =
    query.error instanceof ApiError
      ? query.error.failure.message
      : query.error
        ? 'Something went wrong. Try again!'
        : undefined

  const columns: Array<Column<TrackedEvent>> = [
    {
      key: 'event',
      header: 'Event',
      cell: (e) => <span className="font-medium text-text">{label(e.event)}</span>,
    },
    {
      key: 'code',
      header: 'Code',
      cell: (e) => <span className="tabular-nums text-muted">{e.event}</span>,
      className: 'w-20',
    },
    {
      key: 'data',
      header: 'Data',
      hideOnMobile: true,
      cell: (e) =>
        Object.keys(e.data).length ? (
          <code className="block max-w-lg truncate font-mono text-xs text-[#c9cedb]">
            {JSON.stringify(e.data)}
          </code>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      key: 'at',
      header: 'When',
      cell: (e) => (
        <span className="whitespace-nowrap text-muted">{when.format(new Date(e.created_at))}</span>
      ),
    },
  ]

  return (
    <>
      <Link
        to={screen.path}
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-text"
      >
        <ChevronLeftIcon size={16} /> {screen.title}
      </Link>
      {query.data ? (
        <>
          <PageHeader
            title={customerTitle(query.data.customer)}
            description={[
              query.data.customer.user?.email ??
                `${query.data.customer.kind === 'user' ? 'User' : 'Browser'} ${query.data.customer.id}`,
              `${query.data.customer.total} ${query.data.customer.total === 1 ? 'event' : 'events'}`,
              `first ${when.format(new Date(query.data.customer.first_at))}`,
            ].join(' · ')}
          />
          <section
            aria-label="Counts"
            className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
          >
            {known.map((e) => (
              <div key={e.code} className="rounded-xl border border-border bg-surface px-4 py-3">
                <p className="text-xs text-muted">{e.label}</p>
                <p className="mt-1 text-xl font-semibold tabular-nums text-text">
                  {query.data.customer.counts[String(e.code)] ?? 0}
                </p>
              </div>
            ))}
          </section>
        </>
      ) : error ? null : (
        <LoadingBlock />
      )}
      <DataTable
        caption="Events"
        columns={columns}
        rows={query.data?.events.list}
        rowKey={(e) => e.id}
        loading={query.isFetching}
        error={error}
        onRetry={() => void query.refetch()}
        emptyText="No events."
      />
      {query.data ? (
        <div className="mt-4">
          <Pagination
            page={page}
            lastPage={query.data.events.lastPage}
            total={query.data.events.total}
            onChange={setPage}
          />
        </div>
      ) : null}
    </>
  )
}

export const UsageDataDetailPage = () => <CustomerDetailPage category="usage" />
export const CustomerTrackingDetailPage = () => <CustomerDetailPage category="payment" />
