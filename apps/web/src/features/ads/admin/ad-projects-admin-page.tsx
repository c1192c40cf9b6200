import { Link, useNavigate, useParams } from 'react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  adminAdProject,
  adminAdProjects,
  adminAdProjectsStats,
  adminAdsTypeBreakdown,
  adminExportAdProjects,
} from '@mouthpiece/contracts/ads/admin.contract'
import type { AdminAdProject } from '@mouthpiece/contracts/ads/admin.contract'
import type { RouteInput } from '@mouthpiece/contracts/define-route'
import { AD_PROJECT_STATUSES } from '@mouthpiece/contracts/ads/projects.schemas'
import { PLACEMENTS } from '@mouthpiece/contracts/ads/placements'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader, StatusTile } from '../../../components/ui/card'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'
import { FilterSelect, ListToolbar, SearchBox } from '../../../components/ui/list-toolbar'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { LoadingBlock } from '../../../components/ui/spinner'
import { request } from '../../../lib/api'
import { useListParams } from '../../../lib/list-params'
import { failureText } from '../api'

const date = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })
const link = (id: number) => `/admin/ad-projects/${id}`
const tone = (s: string) =>
  s === 'ready' ? 'success' : s === 'failed' ? 'danger' : s === 'generating' ? 'accent' : 'neutral'

const columns: Array<ServerColumn<AdminAdProject>> = [
  {
    id: 'id',
    header: 'ID',
    sortKey: 'id',
    className: 'w-16',
    cell: ({ row }) => <span className="text-muted">{row.original.id}</span>,
  },
  {
    id: 'name',
    header: 'Project',
    sortKey: 'name',
    cell: ({ row: { original: p } }) => (
      <div className="min-w-0">
        <Link
          to={link(p.id)}
          onClick={(e) => e.stopPropagation()}
          className="font-medium text-text hover:text-accent"
        >
          {p.name}
        </Link>
        <p className="truncate text-xs text-muted">{p.username}</p>
      </div>
    ),
  },
  {
    id: 'brand',
    header: 'Brand',
    hideOnMobile: true,
    cell: ({ row }) => row.original.brand_name ?? <span className="text-muted">—</span>,
  },
  { id: 'goal', header: 'Goal', hideOnMobile: true, cell: ({ row }) => row.original.goal.replace('_', ' ') },
  {
    id: 'placements',
    header: 'Placements',
    hideOnMobile: true,
    cell: ({ row }) => <span className="text-xs text-muted">{row.original.placements.length}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <Badge tone={tone(row.original.status)}>{row.original.status}</Badge>,
  },
  {
    id: 'updated_at',
    header: 'Updated',
    sortKey: 'updated_at',
    hideOnMobile: true,
    cell: ({ row }) => date(row.original.updated_at),
  },
]

function Overview() {
  const stats = useQuery({
    queryKey: ['admin', 'ads', 'overview'],
    queryFn: ({ signal }) => request(adminAdProjectsStats, { signal }),
  })
  const types = useQuery({
    queryKey: ['admin', 'ads', 'types'],
    queryFn: ({ signal }) => request(adminAdsTypeBreakdown, { signal }),
  })
  if (!stats.data || !types.data) return null
  const s = stats.data
  return (
    <dl aria-label="Ads overview" className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4">
      <StatusTile
        label="Ad projects"
        value={String(s.projects)}
        detail={
          Object.entries(s.projects_by_status)
            .map(([k, n]) => `${n} ${k}`)
            .join(' · ') || undefined
        }
      />
      <StatusTile label="Brand kits" value={String(s.brands)} />
      <StatusTile
        label="Site reads"
        value={String(s.scrapes.completed)}
        tone={s.scrapes.failed ? 'warning' : 'neutral'}
        detail={`${s.scrapes.failed} failed · ${s.scrapes.running} running`}
      />
      <StatusTile
        label="Made, by type"
        value={String(types.data.types.reduce((n, t) => n + t.count, 0))}
        detail={types.data.types.map((t) => `${t.count} ${t.label.toLowerCase()}`).join(' · ')}
      />
    </dl>
  )
}

function Detail({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ['admin', 'ads', 'project', id],
    queryFn: ({ signal }) => request(adminAdProject, { params: { id }, signal }),
  })
  if (q.isPending) return <LoadingBlock />
  if (q.error)
    return (
      <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
        {failureText(q.error)}
      </p>
    )
  const { project: p, stats } = q.data
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={p.name}
        description={`${p.username} · ${p.brand_name ?? 'no brand'} · ${p.goal.replace('_', ' ')}`}
        actions={
          <Link to="/admin/ad-projects" className="text-sm text-accent hover:underline">
            All ad projects
          </Link>
        }
      />
      <dl aria-label="Project numbers" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatusTile label="Placements" value={String(stats.placements)} />
        <StatusTile label="Images made" value={String(stats.image_generations)} />
        <StatusTile
          label="Videos"
          value={String(stats.videos_completed)}
          tone={stats.videos_failed ? 'warning' : 'neutral'}
          detail={`${stats.videos_failed} failed`}
        />
        <StatusTile label="Site reads" value={String(stats.scrapes)} />
      </dl>
      <Card title="Details">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">Status</dt>
            <dd>
              <Badge tone={tone(p.status)}>{p.status}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-muted">Placements</dt>
            <dd>{p.placements.map((k) => PLACEMENTS[k].label).join(', ')}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted">Copy</dt>
            <dd className="whitespace-pre-wrap">{p.copy || '—'}</dd>
          </div>
          <div>
            <dt className="text-muted">Created</dt>
            <dd>{date(p.created_at)}</dd>
          </div>
          <div>
            <dt className="text-muted">Last activity</dt>
            <dd>{stats.last_activity_at ? date(stats.last_activity_at) : '—'}</dd>
          </div>
        </dl>
      </Card>
    </div>
  )
}

const FILTERS = ['q', 'status'] as const

/** /admin/ad-projects (+ `{id}`): every ad project, searched by name or user, with the ads overview. */
export function AdProjectsAdminPage() {
  const id = Number(useParams().id)
  const list = useListParams(FILTERS)
  const navigate = useNavigate()
  const query = list.query as RouteInput<typeof adminAdProjects>['query']
  const projects = useQuery({
    queryKey: ['admin', 'ads', 'projects', query],
    queryFn: ({ signal }) => request(adminAdProjects, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: !id,
  })
  if (id > 0) return <Detail id={id} />
  const filtered = !!(list.filters.q || list.filters.status)
  return (
    <div>
      <PageHeader
        title="Ad projects"
        description="Every creator's ad projects and what the ads studio made."
      />
      <Overview />
      <ListToolbar
        actions={
          <ExportCsvButton
            route={adminExportAdProjects}
            query={list.filterQuery}
            fileName="ad-projects.csv"
          />
        }
      >
        <SearchBox
          label="Search ad projects"
          placeholder="Search by project or username"
          value={list.filters.q ?? ''}
          onChange={(v) => list.setFilter('q', v)}
        />
        <FilterSelect
          label="Status"
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v)}
          options={AD_PROJECT_STATUSES.map((s) => ({ value: s, label: s }))}
        />
        {filtered ? (
          <Button variant="quaternary" size="sm" onClick={list.clear}>
            Clear filters
          </Button>
        ) : null}
      </ListToolbar>
      <ServerTable
        caption="Ad projects"
        columns={columns}
        data={projects.data}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort ?? 'updated_at'}
        dir={list.dir ?? 'desc'}
        onSort={(key) => list.setSort(key, key === 'name' ? 'asc' : 'desc')}
        rowKey={(p) => p.id}
        loading={projects.isPending}
        error={projects.isError ? projects.error.message : undefined}
        onRetry={() => void projects.refetch()}
        emptyText={filtered ? 'No ad project matches these filters.' : 'No ad projects yet.'}
        onRowClick={(p) => void navigate(link(p.id))}
      />
    </div>
  )
}
