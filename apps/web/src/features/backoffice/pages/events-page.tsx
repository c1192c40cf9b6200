import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Badge, PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import type { Column } from '../../../components/ui/data-table'
import { PATHS } from '../../../app/paths'
import { analysisEventsQuery } from '../../tracking'

type EventRow = { category: 'usage' | 'payment'; code: number; name: string; label: string; total: number }

/**
 * /admin/events: the analysis events (SPEC §9 tracking codes) with how often each happened; each
 * opens the analysis data sorted by that event (who did it most).
 */
export function EventsPage() {
  const events = useQuery(analysisEventsQuery)
  const rows = events.data?.events ?? []
  const max = Math.max(1, ...rows.map((r) => r.total))
  const sortedData = (r: EventRow) =>
    `${r.category === 'usage' ? PATHS.adminUsageData : PATHS.adminCustomerTracking}?sort=event:${r.code}`
  const columns: Array<Column<EventRow>> = [
    {
      key: 'code',
      header: 'Code',
      className: 'w-16',
      cell: (r) => <span className="font-mono text-muted">{r.code}</span>,
    },
    {
      key: 'label',
      header: 'Event',
      cell: (r) => (
        <div>
          <p className="font-medium text-text">{r.label}</p>
          <p className="font-mono text-xs text-muted">{r.name}</p>
        </div>
      ),
    },
    {
      key: 'category',
      header: 'Kind',
      hideOnMobile: true,
      cell: (r) => (
        <Badge tone={r.category === 'usage' ? 'accent' : 'warning'}>
          {r.category === 'usage' ? 'Usage' : 'Payment step'}
        </Badge>
      ),
    },
    {
      key: 'total',
      header: 'Recorded',
      cell: (r) => (
        <div className="flex min-w-32 items-center gap-3">
          <span className="w-14 text-right tabular-nums text-text">{r.total.toLocaleString()}</span>
          <span
            className="hidden h-2 flex-1 overflow-hidden rounded-full bg-surface-2 sm:block"
            aria-hidden="true"
          >
            <span
              className="block h-full rounded-full bg-accent"
              style={{ width: `${(r.total / max) * 100}%` }}
            />
          </span>
        </div>
      ),
    },
    {
      key: 'sorted',
      header: '',
      className: 'text-right',
      cell: (r) => (
        <Link to={sortedData(r)} className="text-sm text-accent hover:underline">
          Who did it most
        </Link>
      ),
    },
  ]
  return (
    <div>
      <PageHeader
        title="Events"
        description="Every tracked event and how often it was recorded. Open one to see the customers sorted by it."
      />
      <DataTable
        caption="Analysis events"
        columns={columns}
        rows={events.data ? rows : undefined}
        rowKey={(r) => `${r.category}-${r.code}`}
        loading={events.isPending}
        error={events.isError ? events.error.message : undefined}
        onRetry={() => void events.refetch()}
        emptyText="No events are defined."
      />
    </div>
  )
}
