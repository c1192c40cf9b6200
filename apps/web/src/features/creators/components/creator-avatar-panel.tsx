import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Creator, CreatorDatasetItem } from '@mouthpiece/contracts/avatars/creators.contract'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { useToast } from '../../../components/ui/toast'
import { API_BASE_URL } from '../../../lib/api'
import { tokenFor } from '../../../lib/session'
import { KEEP_BACKGROUND, PhotoBackgroundPicker, backgroundForm } from '../../avatars'
import type { BackgroundDraft } from '../../avatars'
import {
  creatorDatasetQuery,
  demoInfluencersQuery,
  useRefreshWebSource,
  useUpdateCreatorAvatar,
} from '../api'
import { errorText } from './creator-status'

/** Dataset pictures are admin-only: fetched with the admin key, shown from a blob link. */
function DatasetPicture({ item }: { item: CreatorDatasetItem }) {
  const [src, setSrc] = useState<string>()
  useEffect(() => {
    let url: string | undefined
    const token = tokenFor('admin')
    void fetch(API_BASE_URL + item.src, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((r) => (r.ok ? r.blob() : undefined))
      .then((b) => b && setSrc((url = URL.createObjectURL(b))))
    return () => {
      if (url) URL.revokeObjectURL(url)
    }
  }, [item.src])
  return src ? (
    <img
      src={src}
      alt={`Dataset picture ${item.index + 1}`}
      className="aspect-square w-full rounded-lg object-cover"
    />
  ) : (
    <div className="aspect-square w-full animate-pulse rounded-lg bg-surface-2" />
  )
}

/**
 * SPEC §7 "update avatar", "AI avatar dataset", "refresh web source" on the creator page: the
 * background of the photo avatar, another dataset picture or a new portrait, and the landing video.
 */
export function CreatorAvatarPanel({ creator }: { creator: Creator }) {
  const toast = useToast()
  const id = creator.id
  const stored = creator.look.photo?.background
  const [bg, setBg] = useState<BackgroundDraft>(
    stored?.mode === 'color'
      ? { ...KEEP_BACKGROUND, mode: 'color', color: stored.color }
      : stored?.mode === 'image'
        ? { ...KEEP_BACKGROUND, mode: 'image' }
        : KEEP_BACKGROUND,
  )
  const update = useUpdateCreatorAvatar()
  const dataset = useQuery(creatorDatasetQuery(id))
  const demo = useQuery(demoInfluencersQuery(1, 100))
  const video = demo.data?.list.find((d) => d.creator.id === id)?.video
  const refresh = useRefreshWebSource()

  const send = (fill: (f: FormData) => void, done: string) => {
    const form = new FormData()
    fill(form)
    update.mutate(
      { id, form },
      {
        onSuccess: () => (toast.success(done), void dataset.refetch()),
        onError: (e) => toast.error(errorText(e)),
      },
    )
  }
  const applyBackground = () =>
    send(
      (f) => {
        const { fields, files } = backgroundForm(bg)
        for (const [k, v] of Object.entries(fields)) f.append(k, v)
        for (const [k, v] of Object.entries(files)) if (v) f.append(k, v)
      },
      bg.mode === 'keep' ? 'Background kept' : 'Background removed',
    )

  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      {creator.look.photo ? (
        <Card
          title="Background"
          description="Keep the photo's background, or cut the creator out onto a plain colour or a picture."
        >
          <div className="flex flex-col gap-3">
            <PhotoBackgroundPicker value={bg} onChange={setBg} disabled={update.isPending} />
            <div>
              <Button size="sm" loading={update.isPending} onClick={applyBackground}>
                Apply background
              </Button>
            </div>
          </div>
        </Card>
      ) : null}
      <Card
        title="AI avatar dataset"
        description="The pictures the photo avatar is made from. Pick another or add a new portrait."
      >
        {dataset.isError ? (
          <p className="text-sm text-danger">{errorText(dataset.error)}</p>
        ) : !dataset.data ? (
          <div className="h-24 animate-pulse rounded-lg bg-surface-2" />
        ) : (
          <div className="flex flex-col gap-3">
            {dataset.data.length ? (
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Dataset pictures">
                {dataset.data.map((item) => (
                  <li key={item.index} className="flex flex-col gap-1 text-xs" data-testid="dataset-item">
                    <DatasetPicture item={item} />
                    {item.in_use ? (
                      <span className="font-medium text-accent">In use</span>
                    ) : item.face ? (
                      <button
                        type="button"
                        className="text-left text-accent hover:underline"
                        disabled={update.isPending}
                        onClick={() =>
                          send((f) => f.append('dataset_index', String(item.index)), 'Avatar updated')
                        }
                      >
                        Use this picture
                      </button>
                    ) : (
                      <span className="text-muted">No face found</span>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">
                No pictures kept for this creator (added before datasets were kept).
              </p>
            )}
            <label className="inline-flex w-fit cursor-pointer items-center rounded-lg border border-border px-3 py-1.5 text-sm text-text hover:border-accent">
              Add a new portrait
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                aria-label="New portrait"
                disabled={update.isPending}
                onChange={(e) => {
                  const file = e.target.files?.[0]
                  if (file) send((f) => f.append('file', file), 'Avatar updated')
                  e.target.value = ''
                }}
              />
            </label>
          </div>
        )}
      </Card>
      <Card
        title="Landing page video"
        description="The intro video visitors see. Make it again after changing the look or the voice."
      >
        <div className="flex flex-col gap-3 text-sm">
          <p className="text-muted" data-testid="web-source-status">
            {video
              ? video.status === 'ready'
                ? 'Ready'
                : video.status === 'rendering'
                  ? 'Being made…'
                  : 'Failed'
              : 'Not made yet'}
          </p>
          {video?.files?.video_url ? (
            <video src={video.files.video_url} controls className="w-full max-w-sm rounded-lg" />
          ) : null}
          <div>
            <Button
              size="sm"
              variant="secondary"
              loading={refresh.isPending}
              onClick={() =>
                refresh.mutate(id, {
                  onSuccess: () => (
                    toast.success('The landing video is being made again'),
                    void demo.refetch()
                  ),
                  onError: (e) => toast.error(errorText(e)),
                })
              }
            >
              Refresh landing video
            </Button>
          </div>
        </div>
      </Card>
    </div>
  )
}
