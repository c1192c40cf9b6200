import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { adminMetaAdData } from '@mouthpiece/contracts/adimport/meta-ads.contract'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table'
import { Pagination } from '../../../components/ui/pagination'
import { useToast } from '../../../components/ui/toast'
import { ApiError, isSuccess } from '../../../lib/api'
import { downloadFile } from '../../../lib/download'
import { adminMetaAccountsQuery } from '../api'

/** /admin/meta-accounts: every social ad account connected, whose login it came from, rows held, CSV. */
export function MetaAccountsAdminPage() {
  const [page, setPage] = useState(1)
  const list = useQuery(adminMetaAccountsQuery(page))
  const toast = useToast()
  type Row = NonNullable<typeof list.data>['list'][number]
  const download = async (id: number) => {
    const r = await downloadFile(adminMetaAdData, `meta-ads-${id}.csv`, { id: String(id) })
    if (!isSuccess(r)) toast.error(r.message)
  }
  return (
    <>
      <PageHeader
        title="Meta accounts"
        description="Social ad accounts connected by creators, with their imported rows."
      />
      <DataTable<Row>
        caption="Meta accounts"
        rows={list.data?.list}
        rowKey={(r) => String(r.db_id)}
        loading={list.isFetching}
        error={
          list.error
            ? list.error instanceof ApiError
              ? list.error.failure.message
              : 'Something went wrong. Try again!'
            : undefined
        }
        onRetry={() => void list.refetch()}
        emptyText="No Meta ad accounts yet."
        columns={[
          {
            key: 'name',
            header: 'Ad account',
            cell: (r) => (
              <div>
                <p className="font-medium text-text">{r.name}</p>
                <p className="font-mono text-xs text-muted">{r.id}</p>
              </div>
            ),
          },
          {
            key: 'who',
            header: 'Meta login / user',
            cell: (r) => (
              <div>
                <p>{r.meta_user}</p>
                <p className="text-xs text-muted">{r.username ?? 'not signed in'}</p>
              </div>
            ),
            hideOnMobile: true,
          },
          {
            key: 'status',
            header: 'Status',
            cell: (r) => (
              <Badge tone={r.connected ? 'success' : 'neutral'}>
                {r.connected ? 'tracked' : (r.status ?? 'seen')}
              </Badge>
            ),
          },
          {
            key: 'rows',
            header: 'Rows',
            cell: (r) => <span className="tabular-nums">{r.rows.toLocaleString()}</span>,
          },
          {
            key: 'import',
            header: 'Last import',
            cell: (r) =>
              r.last_import
                ? `${r.last_import.status}${r.last_import.finished_at ? ` · ${new Date(r.last_import.finished_at).toLocaleDateString()}` : ''}`
                : '—',
            hideOnMobile: true,
          },
          {
            key: 'csv',
            header: '',
            cell: (r) => (
              <Button size="sm" variant="secondary" disabled={!r.rows} onClick={() => void download(r.db_id)}>
                CSV
              </Button>
            ),
          },
        ]}
      />
      {list.data ? (
        <div className="mt-4">
          <Pagination page={page} lastPage={list.data.lastPage} total={list.data.total} onChange={setPage} />
        </div>
      ) : null}
    </>
  )
}
