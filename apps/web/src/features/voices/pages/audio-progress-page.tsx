import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { AudioProcess } from '@mouthpiece/contracts/voices/voices.contract'
import { ButtonLink, buttonClass } from '../../../components/ui/button'
import { Badge, Card, PageHeader } from '../../../components/ui/card'
import { ConfirmationModal } from '../../../components/ui/confirmation-modal'
import { Pagination } from '../../../components/ui/pagination'
import { API_BASE_URL } from '../../../lib/api'
import { audioProcessesQuery, useRemoveAudio } from '../api'

const tone = (s: AudioProcess['status']) =>
  s === 2 ? 'success' : s === 1 ? 'accent' : s === 0 ? 'danger' : 'neutral'
const size = (b: number) =>
  b > 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(b / 1024))} kB`

/** /audio-progress: my uploaded audio files and their processing, with download and remove. */
export function AudioProgressPage() {
  const [page, setPage] = useState(1)
  const { data, isPending, isError, refetch } = useQuery(audioProcessesQuery(page))
  const remove = useRemoveAudio()
  const [removing, setRemoving] = useState<AudioProcess>()
  return (
    <div>
      <PageHeader
        title="Audio files"
        description="Recordings you uploaded: for lip sync and for voice match (offline)."
        actions={<ButtonLink to="/audio-progress/upload">Upload audio</ButtonLink>}
      />
      <Card>
        {isPending ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : isError ? (
          <p className="text-sm text-danger">
            Your audio files could not be loaded.{' '}
            <button type="button" className="underline" onClick={() => void refetch()}>
              Try again
            </button>
          </p>
        ) : !data.list.length ? (
          <p className="text-sm text-muted">
            No audio yet. Upload a recording to lip-sync it or to match a voice to it.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {data.list.map((p) => (
              <li key={p.uuid_path} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-text">{p.original_name}</p>
                  <p className="text-xs text-muted">
                    {p.format ?? '?'} · {size(p.size_bytes)} ·{' '}
                    {p.duration ? `${p.duration.toFixed(1)} s` : '—'}
                    {p.profile ? ` · voice around ${p.profile.medianF0.toFixed(0)} Hz` : ''} ·{' '}
                    {new Date(p.created_at).toLocaleString()}
                  </p>
                  {p.status === 1 ? (
                    <div
                      className="mt-2 h-1.5 max-w-sm overflow-hidden rounded-full bg-[#232838]"
                      role="progressbar"
                      aria-valuenow={p.progress}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-label={`Processing ${p.original_name}`}
                    >
                      <div
                        className="h-full bg-accent transition-[width]"
                        style={{ width: `${p.progress}%` }}
                      />
                    </div>
                  ) : null}
                  {p.error ? <p className="mt-1 text-xs text-danger">{p.error}</p> : null}
                </div>
                <Badge tone={tone(p.status)}>
                  {p.status === 1 ? `${p.status_label} · ${p.stage}` : p.status_label}
                </Badge>
                <div className="flex gap-2">
                  {p.download_url ? (
                    <a
                      className={buttonClass('tertiary', 'sm')}
                      href={`${API_BASE_URL}${p.download_url}&download=1`}
                      download
                    >
                      Download
                    </a>
                  ) : null}
                  <button
                    type="button"
                    className={buttonClass('quaternary', 'sm')}
                    onClick={() => setRemoving(p)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {data && data.lastPage > 1 ? (
          <Pagination page={page} lastPage={data.lastPage} total={data.total} onChange={setPage} />
        ) : null}
      </Card>
      <ConfirmationModal
        open={Boolean(removing)}
        title="Remove this audio file?"
        message={removing ? `${removing.original_name} will be deleted.` : ''}
        onConfirm={() => removing && remove.mutate(removing.uuid_path)}
        onClose={() => setRemoving(undefined)}
      />
    </div>
  )
}
