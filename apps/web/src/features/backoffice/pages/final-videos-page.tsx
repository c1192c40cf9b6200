import { useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { adminExportFinalVideos } from '@mouthpiece/contracts/backoffice/final-videos.contract'
import type { FinalVideo, FinalVideoFilter } from '@mouthpiece/contracts/backoffice/final-videos.contract'
import { RenderSource } from '@mouthpiece/contracts/renders/renders.schemas'
import { Button } from '../../../components/ui/button'
import { Badge, PageHeader } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { ExportCsvButton } from '../../../components/ui/export-csv-button'
import { DateFilter, FilterSelect, ListToolbar, SearchBox } from '../../../components/ui/list-toolbar'
import { Modal } from '../../../components/ui/modal'
import { ServerTable } from '../../../components/ui/server-table'
import type { ServerColumn } from '../../../components/ui/server-table'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { useListParams } from '../../../lib/list-params'
import { SelectionBar, selectedFilter, useRowSelection } from '../../../components/ui/row-selection'
import { to } from '../../../app/paths'
import { BulkActionModal } from '../../operations'
import { finalVideosQuery, useDeleteFinalVideo } from '../api'
import { formatDate, formatSeconds } from '../format'

const FILTERS = ['keySearch', 'source', 'created_from', 'created_to'] as const
const SOURCE_LABEL: Record<RenderSource, string> = {
  quick_create: 'Quick create',
  demo: 'Demo',
  short_audio: 'Short audio',
  showcase: 'Showcase',
  tip_video: 'Tip video',
  setup_preview: 'Alert preview',
  project: 'Project',
  ad_video: 'Ad video',
  ad_audio: 'Ad voice-over',
  conference_event: 'Conference event',
}

function describeFilter(f: Record<string, string | undefined>): string {
  const parts = [
    f.keySearch && `the search “${f.keySearch}”`,
    f.source && `source ${SOURCE_LABEL[f.source as RenderSource] ?? f.source}`,
    f.created_from && `made from ${f.created_from}`,
    f.created_to && `made to ${f.created_to}`,
  ].filter(Boolean)
  return parts.length ? parts.join(', ') : 'no filter (all finished videos)'
}

/** /admin/final-videos {page}: every finished video, who made it; play, download, delete, and delete all matching. */
export function FinalVideosPage() {
  const list = useListParams(FILTERS)
  const videos = useQuery(finalVideosQuery(list.query as Parameters<typeof finalVideosQuery>[0]))
  const remove = useDeleteFinalVideo()
  const toast = useToast()
  const [playing, setPlaying] = useState<FinalVideo>()
  const [deleting, setDeleting] = useState<FinalVideo>()
  const [bulkOpen, setBulkOpen] = useState(false)
  const filter = Object.fromEntries(Object.entries(list.filters).filter(([, v]) => v)) as FinalVideoFilter
  const selection = useRowSelection(JSON.stringify(filter))
  const filtered = Object.keys(filter).length > 0

  const confirmDelete = async (v: FinalVideo) => {
    try {
      await remove.mutateAsync(v.id)
      toast.success(`Deleted “${v.title}”`)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.failure.message : undefined)
    }
  }

  const columns: Array<ServerColumn<FinalVideo>> = [
    {
      id: 'title',
      header: 'Video',
      sortKey: 'title',
      cell: ({ row: { original: v } }) => (
        <button
          type="button"
          onClick={() => setPlaying(v)}
          className="group flex min-w-0 items-center gap-3 text-left"
        >
          <span className="relative h-12 w-20 shrink-0 overflow-hidden rounded-md bg-[#0f1218]">
            {v.files.poster_url ? (
              <img src={v.files.poster_url} alt="" className="h-full w-full object-cover" loading="lazy" />
            ) : null}
            <span
              className="absolute inset-0 flex items-center justify-center bg-black/30 text-white opacity-80 group-hover:opacity-100"
              aria-hidden="true"
            >
              ▶
            </span>
          </span>
          <span className="min-w-0">
            <span className="block truncate font-medium text-text group-hover:text-accent">{v.title}</span>
            <span className="block text-xs text-muted">{SOURCE_LABEL[v.source]}</span>
          </span>
        </button>
      ),
    },
    {
      id: 'maker',
      header: 'Made by',
      cell: ({ row: { original: v } }) =>
        v.user_id !== null ? (
          <Link to={to.adminEditUser(v.user_id)} className="text-[#d4d8e3] hover:text-accent">
            {v.username}
          </Link>
        ) : (
          <Badge>Visitor</Badge>
        ),
    },
    {
      id: 'duration',
      header: 'Length',
      hideOnMobile: true,
      cell: ({ row }) => <span className="tabular-nums">{formatSeconds(row.original.duration)}</span>,
    },
    {
      id: 'created_at',
      header: 'Made',
      sortKey: 'created_at',
      hideOnMobile: true,
      cell: ({ row }) => formatDate(row.original.created_at),
    },
    {
      id: 'actions',
      header: '',
      className: 'text-right',
      cell: ({ row: { original: v } }) => (
        <span className="inline-flex gap-2">
          {v.files.video_url ? (
            <a
              href={`${v.files.video_url}?download=1`}
              className="rounded-lg border border-border px-2.5 py-1 text-xs text-[#c9cedb] hover:border-accent hover:text-accent"
              download
            >
              Download
            </a>
          ) : null}
          <Button variant="secondary" size="sm" destructive onClick={() => setDeleting(v)}>
            Delete
          </Button>
        </span>
      ),
    },
  ]

  return (
    <div>
      <PageHeader
        title="Final videos"
        description="Every finished video and who made it. Play, download or delete one, or delete everything a filter matches."
      />
      <ListToolbar
        actions={
          <>
            {videos.isFetching && !videos.isPending ? (
              <span className="text-xs text-muted">Updating…</span>
            ) : null}
            <ExportCsvButton
              route={adminExportFinalVideos}
              query={list.filterQuery}
              fileName="final-videos.csv"
            />
            <Button variant="secondary" size="sm" onClick={() => setBulkOpen(true)}>
              Bulk delete…
            </Button>
          </>
        }
      >
        <SearchBox
          label="Search videos"
          placeholder="Title, text, maker's username or email"
          value={list.filters.keySearch ?? ''}
          onChange={(v) => list.setFilter('keySearch', v)}
        />
        <FilterSelect
          label="Source"
          value={list.filters.source}
          onChange={(v) => list.setFilter('source', v)}
          options={RenderSource.options.map((s) => ({ value: s, label: SOURCE_LABEL[s] }))}
        />
        <DateFilter
          label="From"
          value={list.filters.created_from}
          onChange={(v) => list.setFilter('created_from', v)}
        />
        <DateFilter
          label="To"
          value={list.filters.created_to}
          onChange={(v) => list.setFilter('created_to', v)}
        />
        {filtered ? (
          <Button variant="quaternary" size="sm" onClick={list.clear}>
            Clear filters
          </Button>
        ) : null}
      </ListToolbar>
      <SelectionBar
        selection={selection}
        pageIds={(videos.data?.list ?? []).map((v) => v.id)}
        total={videos.data?.total}
        noun="videos"
      />
      <ServerTable
        selection={selection}
        rowLabel={(v) => v.title}
        perPage={list.perPage ?? 10}
        onPerPage={list.setPerPage}
        caption="Final videos"
        columns={columns}
        data={videos.data}
        page={list.page}
        onPage={list.setPage}
        sort={list.sort ?? 'created_at'}
        dir={list.dir ?? 'desc'}
        onSort={(key) => list.setSort(key, key === 'title' ? 'asc' : 'desc')}
        rowKey={(v) => v.id}
        loading={videos.isPending}
        error={videos.isError ? videos.error.message : undefined}
        onRetry={() => void videos.refetch()}
        emptyText={filtered ? 'No finished video matches these filters.' : 'No finished videos yet.'}
      />
      <Modal
        open={playing !== undefined}
        onClose={() => setPlaying(undefined)}
        title={playing?.title ?? ''}
        size="lg"
      >
        {playing?.files.video_url ? (
          <div className="flex flex-col gap-3">
            <video
              src={playing.files.video_url}
              poster={playing.files.poster_url ?? undefined}
              controls
              autoPlay
              className="w-full rounded-lg bg-black"
              data-testid="final-video-player"
            />
            <p className="text-sm text-muted">
              Made by {playing.username ?? 'a visitor'} on {formatDate(playing.created_at)} ·{' '}
              <a
                href={playing.share_path}
                target="_blank"
                rel="noreferrer"
                className="text-accent hover:underline"
              >
                Share page
              </a>
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted">This video has no playable file.</p>
        )}
      </Modal>
      <ConfirmationModal
        open={deleting !== undefined}
        onClose={() => setDeleting(undefined)}
        title="Delete this video?"
        message={
          deleting
            ? `“${deleting.title}” by ${deleting.username ?? 'a visitor'} and its files are deleted for good. Its share link stops working.`
            : ''
        }
        confirmText="Delete video"
        destructive
        onConfirm={() => {
          if (deleting) void confirmDelete(deleting)
        }}
      />
      <BulkActionModal
        open={bulkOpen}
        onClose={() => setBulkOpen(false)}
        target="final_videos"
        filter={selectedFilter(filter, selection)}
        describe={describeFilter(list.filters)}
      />
    </div>
  )
}
