import type { z } from 'zod'
import type { AdRow, AdTotals, ImportSummary } from '@mouthpiece/contracts/adimport/adimport.schemas'
import { Badge } from '../../../components/ui/card'
import { useState } from 'react'
import { DataTable } from '../../../components/ui/data-table'
import { Pagination } from '../../../components/ui/pagination'

type Totals = z.infer<typeof AdTotals>
const money = (n: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(n)
const int = (n: number) => Math.round(n).toLocaleString()

/** Campaigns, ad groups/ad sets or ads summed over the imported days: the same columns on both platforms. */
export function TotalsTable({
  caption,
  rows,
  loading,
  onOpen,
  empty,
}: {
  caption: string
  rows?: Totals[]
  loading?: boolean
  onOpen?: (r: Totals) => void
  empty: string
}) {
  return (
    <DataTable<Totals>
      caption={caption}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      onRowClick={onOpen}
      emptyText={empty}
      columns={[
        {
          key: 'name',
          header: 'Name',
          cell: (r) => (
            <div>
              <p className="font-medium text-text">{r.name}</p>
              <p className="font-mono text-xs text-muted">{r.id}</p>
            </div>
          ),
        },
        {
          key: 'status',
          header: 'Status',
          cell: (r) =>
            r.status ? (
              <Badge tone={r.status === 'ENABLED' || r.status === 'ACTIVE' ? 'success' : 'neutral'}>
                {r.status.toLowerCase()}
              </Badge>
            ) : (
              '—'
            ),
          hideOnMobile: true,
        },
        {
          key: 'impressions',
          header: 'Impressions',
          cell: (r) => <span className="tabular-nums">{int(r.impressions)}</span>,
        },
        {
          key: 'clicks',
          header: 'Clicks',
          cell: (r) => <span className="tabular-nums">{int(r.clicks)}</span>,
        },
        {
          key: 'ctr',
          header: 'CTR',
          cell: (r) => <span className="tabular-nums">{(r.ctr * 100).toFixed(2)}%</span>,
          hideOnMobile: true,
        },
        {
          key: 'spend',
          header: 'Spend',
          cell: (r) => <span className="tabular-nums">{money(r.spend, r.currency)}</span>,
        },
        {
          key: 'conversions',
          header: 'Conv.',
          cell: (r) => <span className="tabular-nums">{int(r.conversions)}</span>,
          hideOnMobile: true,
        },
      ]}
    />
  )
}

/** Rows a page of the by-day table shows (a 30-day import of a busy account holds thousands). */
const ROWS_PER_PAGE = 50

/** The normalised rows (by day), as the CSV has them, a page at a time. */
export function RowsTable({ rows, caption }: { rows?: AdRow[]; caption: string }) {
  const [page, setPage] = useState(1)
  const lastPage = Math.max(1, Math.ceil((rows?.length ?? 0) / ROWS_PER_PAGE))
  const shown = Math.min(page, lastPage)
  return (
    <>
      <DataTable<AdRow>
        caption={caption}
        rows={rows?.slice((shown - 1) * ROWS_PER_PAGE, shown * ROWS_PER_PAGE)}
        rowKey={(r) => `${r.ad_id}-${r.date}`}
        emptyText="No rows imported yet."
        columns={[
          {
            key: 'date',
            header: 'Date',
            cell: (r) => <span className="whitespace-nowrap tabular-nums">{r.date}</span>,
          },
          { key: 'campaign', header: 'Campaign', cell: (r) => r.campaign_name },
          { key: 'group', header: 'Ad group / set', cell: (r) => r.ad_group_name, hideOnMobile: true },
          { key: 'ad', header: 'Ad', cell: (r) => r.ad_name, hideOnMobile: true },
          {
            key: 'impressions',
            header: 'Impr.',
            cell: (r) => <span className="tabular-nums">{int(r.impressions)}</span>,
          },
          {
            key: 'clicks',
            header: 'Clicks',
            cell: (r) => <span className="tabular-nums">{int(r.clicks)}</span>,
          },
          {
            key: 'spend',
            header: 'Spend',
            cell: (r) => <span className="tabular-nums">{money(r.spend, r.currency)}</span>,
          },
        ]}
      />
      {rows ? (
        <div className="mt-3">
          <Pagination page={shown} lastPage={lastPage} total={rows.length} onChange={setPage} />
        </div>
      ) : null}
    </>
  )
}

/** What the last import did; a failed one says so, never passing as complete. */
export function ImportNote({ summary }: { summary: z.infer<typeof ImportSummary> | null | undefined }) {
  if (!summary) return null
  if (summary.status === 'failed')
    return (
      <p role="alert" className="text-sm text-danger">
        Last import failed: {summary.message}
      </p>
    )
  return (
    <p className="text-sm text-muted" data-testid="import-note">
      Imported {summary.rows.toLocaleString()} rows: {summary.inserted.toLocaleString()} new,{' '}
      {summary.changed.toLocaleString()} changed, {summary.unchanged.toLocaleString()} unchanged
      {summary.finished_at ? ` · ${new Date(summary.finished_at).toLocaleString()}` : ''}
    </p>
  )
}
