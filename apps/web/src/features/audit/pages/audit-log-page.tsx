import { useQuery } from '@tanstack/react-query'
import { adminExportAuditLog } from '@mouthpiece/contracts/audit/audit.contract'
import type { AuditEntry } from '@mouthpiece/contracts/audit/audit.contract'
import { Badge, PageHeader } from '../../../components/ui/card'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'
import { FilterSelect, ListToolbar } from '../../../components/ui/list-toolbar'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { useListParams } from '../../../lib/list-params'
import { auditLogQuery } from '../api'

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/** The fields that differ between before and after, each as `field: before → after`. */
function changes(before: unknown, after: unknown): Array<{ field: string; from: string; to: string }> {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>
  const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v))
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((field) => ({ field, from: show(b[field]), to: show(a[field]) }))
}

function Change({ entry }: { entry: AuditEntry }) {
  const diff = entry.before !== null && entry.after !== null ? changes(entry.before, entry.after) : []
  if (diff.length)
    return (
      <ul className="flex flex-col gap-0.5 text-xs" data-testid="audit-change">
        {diff.map((d) => (
          <li key={d.field}>
            <span className="text-muted">{d.field}:</span>{' '}
            <span className="text-danger/90 line-through decoration-1">{d.from}</span> →{' '}
            <span className="text-success">{d.to}</span>
          </li>
        ))}
      </ul>
    )
  const whole = entry.after ?? entry.before ?? entry.meta
  if (whole === null) return <span className="text-muted">—</span>
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-muted hover:text-text">
        {entry.after ? 'Created' : entry.before ? 'Removed' : 'Details'}
      </summary>
      <pre className="mt-1 max-w-md overflow-x-auto rounded bg-[#0f1218] p-2 text-[11px] text-[#c9cedb]">
        {JSON.stringify(whole, null, 2)}
      </pre>
    </details>
  )
}

const columns: Array<ServerColumn<AuditEntry>> = [
  {
    id: 'at',
    header: 'When',
    sortKey: 'at',
    className: 'whitespace-nowrap',
    cell: ({ row }) => <span className="text-muted">{formatTime(row.original.at)}</span>,
  },
  {
    id: 'actor_name',
    header: 'Who',
    sortKey: 'actor_name',
    cell: ({ row: { original: e } }) => (
      <span className="font-medium text-text">
        {e.actor_name}
        {e.actor_kind === 'system' ? <Badge>system</Badge> : null}
      </span>
    ),
  },
  {
    id: 'action',
    header: 'Action',
    sortKey: 'action',
    cell: ({ row }) => (
      <code className="rounded bg-surface-2 px-1.5 py-0.5 text-xs text-accent">{row.original.action}</code>
    ),
  },
  {
    id: 'target',
    header: 'On',
    hideOnMobile: true,
    cell: ({ row: { original: e } }) =>
      e.target_type ? (
        <span className="text-[#c9cedb]">
          {e.target_type} {e.target_id}
        </span>
      ) : (
        <span className="text-muted">—</span>
      ),
  },
  { id: 'change', header: 'Before → after', cell: ({ row }) => <Change entry={row.original} /> },
]

const FILTERS = ['q', 'action', 'target_type', 'target_id', 'from', 'to'] as const

/** /admin/audit-log: every admin action, append-only, searchable; filters in the URL; CSV export (itself audited). */
export function AuditLogPage() {
  const list = useListParams(FILTERS)
  const log = useQuery(auditLogQuery(list.query as Parameters<typeof auditLogQuery>[0]))
  const filtered = FILTERS.some((k) => list.filters[k])

  return (
    <div>
      <PageHeader
        title="Audit log"
        description="Every admin action — who, when, what and the values before and after. Entries can never be changed or removed."
      />
      <ListToolbar
        list={list}
        search={{ key: 'q', label: 'Search the audit log', placeholder: 'Search action, admin or target id' }}
        dates={['from', 'to']}
        actions={
          <ExportCsvButton route={adminExportAuditLog} query={list.filterQuery} fileName="audit-log.csv" />
        }
      >
        <FilterSelect
          label="Action"
          value={list.filters.action}
          onChange={(v) => list.setFilter('action', v)}
          options={(log.data?.actions ?? []).map((a) => ({ value: a, label: a }))}
          anyLabel="All actions"
        />
        {list.filters.target_id ? (
          <Badge tone="accent">
            {list.filters.target_type ?? 'target'} {list.filters.target_id}
          </Badge>
        ) : null}
      </ListToolbar>
      <ServerTable
        caption="Audit log"
        columns={columns}
        data={log.data}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort ?? 'at'}
        dir={list.dir ?? 'desc'}
        onSort={(key) => list.setSort(key, key === 'at' ? 'desc' : 'asc')}
        rowKey={(e) => e.id}
        loading={log.isPending}
        error={log.isError ? log.error.message : undefined}
        onRetry={() => void log.refetch()}
        emptyText={filtered ? 'No entry matches these filters.' : 'No admin action yet.'}
      />
    </div>
  )
}
