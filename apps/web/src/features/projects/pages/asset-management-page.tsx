import { useState } from 'react'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  ASSET_KINDS,
  deleteStoredAsset,
  listStoredAssets,
} from '@mouthpiece/contracts/projects/asset-library.contract'
import type {
  AssetKind,
  StorageUse,
  StoredAsset,
} from '@mouthpiece/contracts/projects/asset-library.contract'
import { Button, buttonClass } from '../../../components/ui/button'
import { PageHeader } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { Pagination } from '../../../components/ui/pagination'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ErrorBlock } from '../../../components/ui/error-block'
import { useToast } from '../../../components/ui/toast'
import { API_BASE_URL, request } from '../../../lib/api'
import { cn } from '../../../lib/cn'

const KIND_LABEL: Record<AssetKind, string> = {
  uploads: 'Uploads',
  audio: 'Audio takes',
  renders: 'Renders',
  avatars: 'Custom avatars',
}
const EMPTY: Record<AssetKind, string> = {
  uploads:
    'Pictures, videos and recordings you upload into projects, backgrounds or voice match show up here.',
  audio: 'Every take the editor speaks for a scene is kept here until you delete it.',
  renders: 'Quick Create videos, short audio and final project videos show up here.',
  avatars: 'Avatars you design in the avatar editor show up here.',
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let v = n / 1024
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i += 1
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`
}

const libraryKey = ['asset-library'] as const

function StorageBar({ storage }: { storage: StorageUse }) {
  const colors: Record<AssetKind, string> = {
    uploads: '#FF6A59',
    audio: '#05FBCA',
    renders: '#9146FF',
    avatars: '#F2C94C',
  }
  const total = storage.total_bytes || 1
  return (
    <section
      aria-label="Storage used"
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold text-text">Storage used</h2>
        <span className="text-lg font-semibold text-text tabular-nums" data-testid="storage-total">
          {formatBytes(storage.total_bytes)}
        </span>
      </div>
      <div className="flex h-2.5 overflow-hidden rounded-full bg-[#11141c]" aria-hidden>
        {ASSET_KINDS.map((k) =>
          storage.by_kind[k] ? (
            <span
              key={k}
              style={{ width: `${(storage.by_kind[k] / total) * 100}%`, background: colors[k] }}
            />
          ) : null,
        )}
      </div>
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted">
        {ASSET_KINDS.map((k) => (
          <li key={k} className="flex items-center gap-1.5">
            <span className="h-2 w-2 rounded-full" style={{ background: colors[k] }} aria-hidden />
            {KIND_LABEL[k]}: {formatBytes(storage.by_kind[k])} ({storage.counts[k]})
          </li>
        ))}
      </ul>
    </section>
  )
}

function Preview({ asset }: { asset: StoredAsset }) {
  const url = asset.preview_url ? API_BASE_URL + asset.preview_url : null
  if (!url)
    return (
      <div className="flex aspect-video items-center justify-center bg-[#11141c] text-xs text-muted">
        Not ready yet
      </div>
    )
  if (asset.media === 'image')
    return <img src={url} alt="" loading="lazy" className="aspect-video w-full bg-[#11141c] object-contain" />
  if (asset.media === 'video')
    return (
      <video
        src={url}
        controls
        preload="metadata"
        className="aspect-video w-full bg-black"
        aria-label={`Play ${asset.name}`}
      />
    )
  return (
    <div className="flex aspect-video flex-col items-center justify-center gap-3 bg-gradient-to-br from-[#1d1416] to-[#11141c] px-3">
      <span className="text-2xl" aria-hidden>
        ♪
      </span>
      <audio src={url} controls preload="none" className="w-full" aria-label={`Play ${asset.name}`} />
    </div>
  )
}

/** /dashboard/asset-management: what I have stored (uploads, audio takes, renders, custom avatars), its size, and a way to clean up. */
export function AssetManagementPage() {
  const [kind, setKind] = useState<AssetKind>('uploads')
  const [page, setPage] = useState(1)
  const [deleting, setDeleting] = useState<StoredAsset | null>(null)
  const toast = useToast()
  const client = useQueryClient()
  const list = useQuery({
    queryKey: [...libraryKey, kind, page],
    queryFn: ({ signal }) => request(listStoredAssets, { query: { kind, page }, signal }),
    placeholderData: keepPreviousData,
  })
  const remove = useMutation({
    mutationFn: (id: string) => request(deleteStoredAsset, { body: { id } }),
    onSuccess: () => {
      toast.success('Deleted')
      void client.invalidateQueries({ queryKey: libraryKey })
    },
    onError: (e) => toast.error(e.message),
  })
  const data = list.data
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Asset management"
        description="Everything you have stored on Mouthpiece: preview it, download it, or delete what you no longer need."
      />
      {data ? <StorageBar storage={data.storage} /> : null}
      <div
        role="tablist"
        aria-label="Kind of file"
        className="flex flex-wrap gap-1 rounded-lg border border-border bg-[#11141c] p-1 sm:w-fit"
      >
        {ASSET_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            onClick={() => {
              setKind(k)
              setPage(1)
            }}
            className={cn(
              'flex-1 rounded-md px-3 py-1.5 text-sm whitespace-nowrap transition-colors sm:flex-none',
              kind === k ? 'bg-surface-2 text-text shadow' : 'text-muted hover:text-text',
            )}
          >
            {KIND_LABEL[k]}
            {data ? (
              <span className="ml-1.5 text-xs text-muted tabular-nums">{data.storage.counts[k]}</span>
            ) : null}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <LoadingBlock label="Loading your files…" />
      ) : list.isError ? (
        <ErrorBlock message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !data?.list.length ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border p-12 text-center">
          <h2 className="text-lg font-semibold text-text">No {KIND_LABEL[kind].toLowerCase()} yet</h2>
          <p className="max-w-md text-sm text-muted">{EMPTY[kind]}</p>
        </div>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={list.isFetching}>
            {data.list.map((a) => (
              <li
                key={a.id}
                className="flex flex-col overflow-hidden rounded-xl border border-border bg-surface"
                data-testid="stored-asset"
              >
                <Preview asset={a} />
                <div className="flex flex-1 flex-col gap-1 p-3">
                  <h3 className="truncate text-sm font-semibold text-text" title={a.name}>
                    {a.name}
                  </h3>
                  <p className="text-xs text-muted">{a.detail}</p>
                  <p className="text-xs text-muted tabular-nums">
                    {formatBytes(a.bytes)} · {new Date(a.created_at).toLocaleDateString()}
                  </p>
                  <div className="mt-auto flex flex-wrap gap-2 pt-2">
                    {a.download_url ? (
                      <a
                        href={API_BASE_URL + a.download_url}
                        download
                        className={buttonClass('secondary', 'sm')}
                      >
                        Download
                      </a>
                    ) : null}
                    <Button
                      size="sm"
                      variant="tertiary"
                      destructive
                      disabled={Boolean(a.locked)}
                      title={a.locked ?? undefined}
                      onClick={() => setDeleting(a)}
                    >
                      Delete
                    </Button>
                  </div>
                  {a.locked ? <p className="text-[11px] text-muted">{a.locked}</p> : null}
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} lastPage={data.lastPage} total={data.total} onChange={setPage} />
        </>
      )}
      <ConfirmationModal
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title="Delete file"
        message={
          deleting ? `Delete "${deleting.name}" (${formatBytes(deleting.bytes)})? This cannot be undone.` : ''
        }
        confirmText="Delete"
        cancelText="Cancel"
        destructive
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  )
}
