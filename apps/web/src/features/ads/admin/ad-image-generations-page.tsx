import { Link, useNavigate, useParams } from 'react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  adminAdPlacementThumbnail,
  adminExportAdImageGenerations,
  adminGetAdImageGeneration,
  adminListAdImageGenerations,
  adminRetryAdImageGeneration,
  GENERATION_STATUSES,
} from '@mouthpiece/contracts/ads/images'
import { routePath } from '@mouthpiece/contracts/define-route'
import type { AdminAdImageGeneration } from '@mouthpiece/contracts/ads/images'
import { PLACEMENTS } from '@mouthpiece/contracts/ads/placements'
import type { RouteInput } from '@mouthpiece/contracts/define-route'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'
import { FilterSelect, ListToolbar, SearchBox } from '../../../components/ui/list-toolbar'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { LoadingBlock } from '../../../components/ui/spinner'
import { API_BASE_URL, request } from '../../../lib/api'
import { useListParams } from '../../../lib/list-params'
import { AdminRetryButton, AdminThumbnail, Facts, LoadFailed, statusTone, when } from './admin-parts'

type Row = AdminAdImageGeneration
const link = (id: number) => `/admin/ad-image-generations/${id}`
const retry = (g: Row) => (
  <AdminRetryButton
    failed={g.status === 'failed'}
    done="Generation started again"
    run={() => request(adminRetryAdImageGeneration, { params: { id: g.id } })}
  />
)
const status = (g: Row) => (g.status === 'generating' ? `generating ${g.progress}%` : g.status)

/** The list's preview: the square placement when there is one, else the first made. */
function RowThumbnail({ g }: { g: Row }) {
  const p = g.placements.find((x) => x.placement === 'square') ?? g.placements[0]
  if (!p)
    return (
      <span className="flex h-12 w-12 items-center justify-center rounded-md border border-border text-xs text-muted">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No preview yet</span>
      </span>
    )
  return (
    <img
      src={`${API_BASE_URL}${routePath(adminAdPlacementThumbnail.path, { id: g.id, placement: p.placement })}?v=${g.version}`}
      alt={`${g.name}, ${PLACEMENTS[p.placement].label}`}
      loading="lazy"
      width={48}
      height={48}
      className="h-12 w-12 rounded-md border border-border bg-surface-2 object-contain"
    />
  )
}

const columns: Array<ServerColumn<Row>> = [
  {
    id: 'id',
    header: 'ID',
    sortKey: 'id',
    className: 'w-16',
    hideOnMobile: true,
    cell: ({ row }) => <span className="text-muted">{row.original.id}</span>,
  },
  {
    id: 'preview',
    header: 'Preview',
    className: 'w-20',
    cell: ({ row }) => <RowThumbnail g={row.original} />,
  },
  {
    id: 'name',
    header: 'Ad image',
    sortKey: 'name',
    cell: ({ row: { original: g } }) => (
      <div className="min-w-0">
        <Link
          to={link(g.id)}
          onClick={(e) => e.stopPropagation()}
          className="font-medium text-text hover:text-accent"
        >
          {g.name}
        </Link>
        <p className="truncate text-xs text-muted">
          {g.username} · {g.headline}
        </p>
      </div>
    ),
  },
  {
    id: 'template',
    header: 'Template',
    hideOnMobile: true,
    cell: ({ row }) => (
      <span className="text-xs text-muted">
        {row.original.template} · {row.original.engine}
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <Badge tone={statusTone(row.original.status)}>{status(row.original)}</Badge>,
  },
  {
    id: 'selected',
    header: 'Picked',
    hideOnMobile: true,
    cell: ({ row }) => (row.original.selected ? 'Yes' : <span className="text-muted">No</span>),
  },
  {
    id: 'created_at',
    header: 'Made',
    sortKey: 'created_at',
    hideOnMobile: true,
    cell: ({ row }) => when(row.original.created_at),
  },
  { id: 'retry', header: '', cell: ({ row }) => retry(row.original) },
]

function Detail({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ['admin', 'ads', 'image-generations', id],
    queryFn: ({ signal }) => request(adminGetAdImageGeneration, { params: { id }, signal }),
  })
  if (q.isPending) return <LoadingBlock />
  if (q.error) return <LoadFailed error={q.error} />
  const g = q.data.generation
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={g.name}
        description={`${g.username} · ${g.template} template · ${g.engine} engine`}
        actions={
          <>
            {retry(g)}
            <Link to="/admin/ad-image-generations" className="text-sm text-accent hover:underline">
              All ad image generations
            </Link>
          </>
        }
      />
      <Card title="Generation">
        <Facts
          items={[
            [
              'Status',
              <Badge key="s" tone={statusTone(g.status)}>
                {status(g)}
              </Badge>,
            ],
            ['Error', g.error ?? '—'],
            ['Headline', g.headline],
            ['Text', g.body || '—'],
            ['Button', g.cta || '—'],
            ['Picked by the creator', g.selected ? 'Yes' : 'No'],
            [
              'Project',
              g.project_id === null ? (
                '—'
              ) : (
                <Link
                  key="p"
                  to={`/admin/ad-projects/${g.project_id}`}
                  className="text-accent hover:underline"
                >
                  #{g.project_id}
                </Link>
              ),
            ],
            ['Edits', String(g.version)],
            ['Made', when(g.created_at)],
            ['Updated', when(g.updated_at)],
          ]}
        />
      </Card>
      <Card title={`Placements (${g.placements.length})`}>
        {g.placements.length === 0 ? (
          <p className="text-sm text-muted">No placement was made yet.</p>
        ) : (
          <ul className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {g.placements.map((p) => (
              <li key={p.placement} className="rounded-lg border border-border p-3">
                {/* `v` is the edit count: a canvas edit shows the new picture. */}
                <AdminThumbnail
                  path={`${routePath(adminAdPlacementThumbnail.path, { id: g.id, placement: p.placement })}?v=${g.version}`}
                  alt={`${g.name}, ${PLACEMENTS[p.placement].label}`}
                  caption={
                    <>
                      <span className="font-medium text-text">{PLACEMENTS[p.placement].label}</span> ·{' '}
                      {p.width}×{p.height}
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

const FILTERS = ['q', 'status', 'engine'] as const

/** /admin/ad-image-generations (+ `{id}`): every generated ad image, with retry after failure. */
export function AdImageGenerationsAdminPage() {
  const id = Number(useParams().id)
  const list = useListParams(FILTERS)
  const navigate = useNavigate()
  const query = list.query as RouteInput<typeof adminListAdImageGenerations>['query']
  const rows = useQuery({
    queryKey: ['admin', 'ads', 'image-generations', query],
    queryFn: ({ signal }) => request(adminListAdImageGenerations, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: !id,
  })
  if (id > 0) return <Detail id={id} />
  const filtered = !!(list.filters.q || list.filters.status || list.filters.engine)
  return (
    <div>
      <PageHeader
        title="Ad image generations"
        description="Ad images made in every placement. A failed one can be made again."
      />
      <ListToolbar
        actions={
          <ExportCsvButton
            route={adminExportAdImageGenerations}
            query={list.filterQuery}
            fileName="ad-image-generations.csv"
          />
        }
      >
        <SearchBox
          label="Search ad images"
          placeholder="Search by name, headline or username"
          value={list.filters.q ?? ''}
          onChange={(v) => list.setFilter('q', v)}
        />
        <FilterSelect
          label="Status"
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
          options={GENERATION_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        <FilterSelect
          label="Engine"
          value={list.filters.engine}
          onChange={(v) => list.setFilter('engine', v)}
          options={[
            { value: 'offline', label: 'Offline' },
            { value: 'hosted', label: 'Hosted model' },
          ]}
        />
        {filtered ? (
          <Button variant="quaternary" size="sm" onClick={list.clear}>
            Clear filters
          </Button>
        ) : null}
      </ListToolbar>
      <ServerTable
        caption="Ad image generations"
        columns={columns}
        data={rows.data}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort ?? 'created_at'}
        dir={list.dir ?? 'desc'}
        onSort={(key) => list.setSort(key, key === 'name' ? 'asc' : 'desc')}
        rowKey={(g) => g.id}
        loading={rows.isPending}
        error={rows.isError ? rows.error.message : undefined}
        onRetry={() => void rows.refetch()}
        emptyText={filtered ? 'No ad image matches these filters.' : 'No ad images yet.'}
        onRowClick={(g) => void navigate(link(g.id))}
      />
    </div>
  )
}
