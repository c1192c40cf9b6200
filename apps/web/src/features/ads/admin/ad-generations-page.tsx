import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  AD_VIDEO_FRAMES,
  adminAdGeneration,
  adminAdGenerations,
  adminRetryAdGeneration,
} from '@mouthpiece/contracts/ads/videos.contract'
import type { AdminAdGeneration } from '@mouthpiece/contracts/ads/videos.contract'
import { PLACEMENTS } from '@mouthpiece/contracts/ads/placements'
import type { z } from 'zod'
import { Button } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { LoadingBlock } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { request } from '../../../lib/api'
import { RenderPlayer } from '../../renders'
import { failureText } from '../api'

type Row = z.infer<typeof AdminAdGeneration>
const link = (id: string) => `/admin/ad-generations/${id}`
/** Who presented, by the render's name for it: an influencer, or an ad avatar (an admin's talking photo; the row forgets which once it is deleted). */
const presenterOf = (g: Row) =>
  `${g.ad_avatar_id !== null || (g.render && !g.render.influencer_id) ? 'ad avatar' : 'influencer'} ${g.render?.avatar_name ?? ''}`.trim()
const tone = (s: number | undefined) => (s === 3 ? 'success' : s === 4 ? 'danger' : 'accent')

function RetryButton({ row }: { row: Row }) {
  const client = useQueryClient()
  const toast = useToast()
  const retry = useMutation({
    mutationFn: () => request(adminRetryAdGeneration, { params: { id: row.id } }),
    onSuccess: () => {
      toast.success('Video started again')
      void client.invalidateQueries({ queryKey: ['admin', 'ads', 'generations'] })
    },
    onError: (e) => toast.error(failureText(e) ?? undefined),
  })
  if (row.render && row.render.status !== 4) return null
  return (
    <Button
      size="sm"
      variant="tertiary"
      loading={retry.isPending}
      onClick={(e) => {
        e.stopPropagation()
        retry.mutate()
      }}
    >
      Retry
    </Button>
  )
}

const columns: Array<ServerColumn<Row>> = [
  {
    id: 'project',
    header: 'Ad video',
    cell: ({ row: { original: g } }) => (
      <div className="min-w-0">
        <Link
          to={link(g.id)}
          onClick={(e) => e.stopPropagation()}
          className="font-medium text-text hover:text-accent"
        >
          {g.project_name}
        </Link>
        <p className="truncate text-xs text-muted">
          {g.username} · {presenterOf(g)} · {PLACEMENTS[g.placement].aspect} · {g.mode}
        </p>
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: g } }) => (
      <Badge tone={tone(g.render?.status)}>{g.render?.status_label ?? 'Render gone'}</Badge>
    ),
  },
  {
    id: 'voice',
    header: 'Voice',
    hideOnMobile: true,
    cell: ({ row }) => <span className="text-xs text-muted">{row.original.voice_id ?? '—'}</span>,
  },
  {
    id: 'created_at',
    header: 'Made',
    sortKey: 'created_at',
    hideOnMobile: true,
    cell: ({ row }) => new Date(row.original.created_at).toLocaleString(),
  },
  { id: 'retry', header: '', cell: ({ row }) => <RetryButton row={row.original} /> },
]

function Detail({ id }: { id: string }) {
  const q = useQuery({
    queryKey: ['admin', 'ads', 'generations', id],
    queryFn: ({ signal }) => request(adminAdGeneration, { params: { id }, signal }),
  })
  if (q.isPending) return <LoadingBlock />
  if (q.error)
    return (
      <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
        {failureText(q.error)}
      </p>
    )
  const g = q.data.generation
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={g.project_name}
        description={`${g.username} · ${presenterOf(g)} · ${PLACEMENTS[g.placement].label} · ${g.attempts} attempt(s)`}
        actions={
          <>
            <RetryButton row={g} />
            <Link to="/admin/ad-generations" className="text-sm text-accent hover:underline">
              All ad videos
            </Link>
          </>
        }
      />
      <Card title="Video">
        {g.render?.status === 3 ? (
          <RenderPlayer
            files={g.render.files}
            title={g.render.title}
            frame={AD_VIDEO_FRAMES[g.placement]}
            className="max-h-[28rem]"
          />
        ) : (
          <p className="text-sm text-muted">
            {g.render
              ? `${g.render.status_label}: ${g.render.error ?? g.render.stage}`
              : 'The render is gone.'}
          </p>
        )}
        <p className="mt-3 whitespace-pre-wrap text-sm text-muted">{g.text || 'Lip-synced a recording.'}</p>
      </Card>
    </div>
  )
}

/** /admin/ad-generations (+ `{id}`): every avatar ad video, with retry after failure. */
export function AdGenerationsPage() {
  const id = useParams().id
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc'
  const list = useQuery({
    queryKey: ['admin', 'ads', 'generations', page, dir],
    queryFn: ({ signal }) => request(adminAdGenerations, { query: { page, dir }, signal }),
    placeholderData: keepPreviousData,
    enabled: !id,
  })
  if (id) return <Detail id={id} />
  return (
    <div>
      <PageHeader
        title="Ad generations"
        description="Avatar ad videos made by creators. A failed one can be made again."
      />
      <ServerTable
        caption="Ad generations"
        columns={columns}
        data={list.data}
        page={page}
        onPage={(p) =>
          setParams((s) => {
            s.set('page', String(p))
            return s
          })
        }
        sort="created_at"
        dir={dir}
        onSort={() =>
          setParams((s) => {
            s.set('dir', dir === 'desc' ? 'asc' : 'desc')
            return s
          })
        }
        rowKey={(g) => g.id}
        loading={list.isPending}
        error={list.isError ? list.error.message : undefined}
        onRetry={() => void list.refetch()}
        emptyText="No ad videos yet."
        onRowClick={(g) => void navigate(link(g.id))}
      />
    </div>
  )
}
