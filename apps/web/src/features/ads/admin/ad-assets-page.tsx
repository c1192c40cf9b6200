import { Link, useNavigate, useParams } from 'react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  adminAdAssetThumbnail,
  adminAdCharacterThumbnail,
  adminExportAdAssets,
  adminGetAdAsset,
  adminListAdAssets,
  adminRetryExtraction,
  EXTRACTION_STATUSES,
} from '@mouthpiece/contracts/ads/images'
import { routePath } from '@mouthpiece/contracts/define-route'
import type { AdminAdAsset } from '@mouthpiece/contracts/ads/images'
import type { RouteInput } from '@mouthpiece/contracts/define-route'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'
import { FilterSelect, ListToolbar, SearchBox } from '../../../components/ui/list-toolbar'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { LoadingBlock } from '../../../components/ui/spinner'
import { request } from '../../../lib/api'
import { useListParams } from '../../../lib/list-params'
import { AdminRetryButton, AdminThumbnail, Facts, LoadFailed, statusTone, when } from './admin-parts'

const link = (id: number) => `/admin/ad-assets/${id}`
const retry = (a: AdminAdAsset) => (
  <AdminRetryButton
    failed={a.status === 'failed'}
    done="Extraction started again"
    run={() => request(adminRetryExtraction, { params: { id: a.id } })}
  />
)

const columns: Array<ServerColumn<AdminAdAsset>> = [
  {
    id: 'id',
    header: 'ID',
    sortKey: 'id',
    className: 'w-16',
    hideOnMobile: true,
    cell: ({ row }) => <span className="text-muted">{row.original.id}</span>,
  },
  {
    id: 'name',
    header: 'Image',
    sortKey: 'name',
    cell: ({ row: { original: a } }) => (
      <div className="min-w-0">
        <Link
          to={link(a.id)}
          onClick={(e) => e.stopPropagation()}
          className="font-medium text-text hover:text-accent"
        >
          {a.name}
        </Link>
        <p className="truncate text-xs text-muted">
          {a.username} · {a.width}×{a.height}
        </p>
      </div>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    hideOnMobile: true,
    cell: ({ row }) => (row.original.kind === 'upload' ? 'Upload' : 'Custom character'),
  },
  {
    id: 'status',
    header: 'Extraction',
    cell: ({ row: { original: a } }) => (
      <Badge tone={statusTone(a.status)}>
        {a.status === 'extracting' ? `extracting ${a.progress}%` : a.status}
      </Badge>
    ),
  },
  {
    id: 'characters',
    header: 'Characters',
    hideOnMobile: true,
    cell: ({ row }) => <span className="text-xs text-muted">{row.original.characters.length}</span>,
  },
  {
    id: 'created_at',
    header: 'Uploaded',
    sortKey: 'created_at',
    hideOnMobile: true,
    cell: ({ row }) => when(row.original.created_at),
  },
  { id: 'retry', header: '', cell: ({ row }) => retry(row.original) },
]

function Detail({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ['admin', 'ads', 'assets', id],
    queryFn: ({ signal }) => request(adminGetAdAsset, { params: { id }, signal }),
  })
  if (q.isPending) return <LoadingBlock />
  if (q.error) return <LoadFailed error={q.error} />
  const a = q.data.asset
  // A replaced picture or a new extraction changes `updated_at`: the previews follow it.
  const version = encodeURIComponent(a.updated_at)
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={a.name}
        description={`${a.username} · ${a.kind === 'upload' ? 'uploaded image' : 'custom character'} · ${a.width}×${a.height}`}
        actions={
          <>
            {retry(a)}
            <Link to="/admin/ad-assets" className="text-sm text-accent hover:underline">
              All ad assets
            </Link>
          </>
        }
      />
      <Card title="Extraction">
        <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
          <AdminThumbnail
            path={`${routePath(adminAdAssetThumbnail.path, { id: a.id })}?v=${version}`}
            alt={`${a.name}, as uploaded`}
          />
          <Facts
            items={[
              [
                'Status',
                <Badge key="s" tone={statusTone(a.status)}>
                  {a.status}
                </Badge>,
              ],
              ['Mode', a.mode ?? '—'],
              ['Progress', `${a.progress}%`],
              ['Time', a.extract_ms === null ? '—' : `${(a.extract_ms / 1000).toFixed(2)} s`],
              ['Error', a.error ?? '—'],
              [
                'Project',
                a.project_id === null ? (
                  '—'
                ) : (
                  <Link
                    key="p"
                    to={`/admin/ad-projects/${a.project_id}`}
                    className="text-accent hover:underline"
                  >
                    #{a.project_id}
                  </Link>
                ),
              ],
              ['Uploaded', when(a.created_at)],
              ['Updated', when(a.updated_at)],
            ]}
          />
        </div>
      </Card>
      <Card title={`Characters (${a.characters.length})`}>
        {a.characters.length === 0 ? (
          <p className="text-sm text-muted">No characters cut out yet.</p>
        ) : (
          <ul className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {a.characters.map((c) => (
              <li key={c.id} className="rounded-lg border border-border p-3">
                <AdminThumbnail
                  path={`${routePath(adminAdCharacterThumbnail.path, { id: a.id, characterId: c.id })}?v=${version}`}
                  alt={`Character ${c.id}`}
                  caption={
                    <>
                      <span className="font-medium text-text">{c.id}</span> · {c.width}×{c.height} at{' '}
                      {Math.round(c.box.x)},{Math.round(c.box.y)}
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}

const FILTERS = ['q', 'status', 'kind'] as const

/** /admin/ad-assets (+ `{id}`): every uploaded ad image and its extraction, with retry after failure. */
export function AdAssetsAdminPage() {
  const id = Number(useParams().id)
  const list = useListParams(FILTERS)
  const navigate = useNavigate()
  const query = list.query as RouteInput<typeof adminListAdAssets>['query']
  const assets = useQuery({
    queryKey: ['admin', 'ads', 'assets', query],
    queryFn: ({ signal }) => request(adminListAdAssets, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: !id,
  })
  if (id > 0) return <Detail id={id} />
  const filtered = !!(list.filters.q || list.filters.status || list.filters.kind)
  return (
    <div>
      <PageHeader
        title="Ad assets"
        description="Images creators uploaded to the ads studio and the characters cut out of them."
      />
      <ListToolbar
        actions={
          <ExportCsvButton route={adminExportAdAssets} query={list.filterQuery} fileName="ad-assets.csv" />
        }
      >
        <SearchBox
          label="Search ad assets"
          placeholder="Search by image name or username"
          value={list.filters.q ?? ''}
          onChange={(v) => list.setFilter('q', v)}
        />
        <FilterSelect
          label="Extraction"
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
          options={EXTRACTION_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <FilterSelect
          label="Kind"
          value={list.filters.kind}
          onChange={(v) => list.setFilter('kind', v)}
          options={[
            { value: 'upload', label: 'Upload' },
            { value: 'character', label: 'Custom character' },
          ]}
        />
        {filtered ? (
          <Button variant="quaternary" size="sm" onClick={list.clear}>
            Clear filters
          </Button>
        ) : null}
      </ListToolbar>
      <ServerTable
        caption="Ad assets"
        columns={columns}
        data={assets.data}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort ?? 'created_at'}
        dir={list.dir ?? 'desc'}
        onSort={(key) => list.setSort(key, key === 'name' ? 'asc' : 'desc')}
        rowKey={(a) => a.id}
        loading={assets.isPending}
        error={assets.isError ? assets.error.message : undefined}
        onRetry={() => void assets.refetch()}
        emptyText={filtered ? 'No ad asset matches these filters.' : 'No ad assets yet.'}
        onRowClick={(a) => void navigate(link(a.id))}
      />
    </div>
  )
}
