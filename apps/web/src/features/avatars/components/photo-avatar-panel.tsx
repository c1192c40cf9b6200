import { useMemo, useState } from 'react'
import { updatePhotoBackground, uploadPhotoAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import type { CustomAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import type { FacePoint } from '@mouthpiece/contracts/media/avatar.schemas'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { useToast } from '../../../components/ui/toast'
import { uploadFile } from '../../../lib/upload'
import { useReloadAvatars, useUpdateLandmarks } from '../api'
import { LandmarkEditor } from './landmark-editor'
import { KEEP_BACKGROUND, PhotoBackgroundPicker, backgroundForm } from './photo-background-picker'
import type { BackgroundDraft } from './photo-background-picker'
import { SpeakingPreview, errorMessage } from './speaking-preview'

/**
 * Talking photo: upload a portrait (the server finds the face and 68 landmarks), drag any point
 * that is off, save, and watch the photo speak.
 */
export function PhotoAvatarPanel({
  avatar,
  onChange,
}: {
  avatar?: CustomAvatar
  onChange: (a: CustomAvatar) => void
}) {
  const toast = useToast()
  const reload = useReloadAvatars()
  const save = useUpdateLandmarks()
  const [uploading, setUploading] = useState<number>()
  const [error, setError] = useState<string>()
  const photo = avatar?.look.photo
  // Points being dragged; a new photo (or a save) starts again from the stored ones.
  const [draft, setDraft] = useState<{ photo: typeof photo; points: FacePoint[] }>()
  const points = useMemo(
    () => (draft && draft.photo === photo ? draft.points : (photo?.landmarks ?? [])),
    [draft, photo],
  )
  const setPoints = (p: FacePoint[]) => setDraft({ photo, points: p })
  const changed = Boolean(photo) && points !== photo?.landmarks
  const look = useMemo(
    () => (avatar && photo ? { ...avatar.look, photo: { ...photo, landmarks: points } } : undefined),
    [avatar, photo, points],
  )

  // The background choice goes with the next upload, or is applied to the current photo.
  const stored = photo?.background
  const [bg, setBg] = useState<BackgroundDraft>(() =>
    stored?.mode === 'color'
      ? { ...KEEP_BACKGROUND, mode: 'color', color: stored.color }
      : stored?.mode === 'image'
        ? { ...KEEP_BACKGROUND, mode: 'image' }
        : KEEP_BACKGROUND,
  )
  const [applying, setApplying] = useState(false)

  const upload = async (file: File | undefined) => {
    if (!file) return
    setError(undefined)
    setUploading(0)
    const form = bg.mode === 'keep' ? {} : backgroundForm(bg)
    const r = await uploadFile(uploadPhotoAvatar, file, { onProgress: (f) => setUploading(f), ...form })
    setUploading(undefined)
    if (r.status !== 1) return setError(r.message)
    await reload()
    onChange(r.avatar)
    toast.success(
      bg.mode === 'keep'
        ? 'Face found. Drag any point that is off, then save.'
        : 'Face found and background removed. Drag any point that is off, then save.',
    )
  }

  const applyBackground = async () => {
    if (!avatar) return
    setError(undefined)
    setApplying(true)
    const r = await uploadFile(updatePhotoBackground, undefined, {
      params: { id: avatar.id },
      ...backgroundForm(bg),
    })
    setApplying(false)
    if (r.status !== 1) return setError(r.message)
    await reload()
    onChange(r.avatar)
    toast.success(bg.mode === 'keep' ? 'Background kept' : 'Background removed')
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr]">
      <Card
        title="Your portrait"
        description="A clear, front-facing photo (JPEG, PNG or WebP, up to 15 MB). The face is found on our server; nothing leaves it."
      >
        <div className="flex flex-col gap-4">
          <label className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-on-accent hover:brightness-110 focus-within:outline-2 focus-within:outline-accent">
            {uploading !== undefined
              ? `Finding the face… ${Math.round(uploading * 100)}%`
              : photo
                ? 'Upload another portrait'
                : 'Upload a portrait'}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              aria-label="Portrait photo"
              disabled={uploading !== undefined}
              onChange={(e) => void upload(e.target.files?.[0]).finally(() => (e.target.value = ''))}
            />
          </label>
          {error ? (
            <p
              role="alert"
              className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger"
            >
              {error}
            </p>
          ) : null}
          {photo ? (
            <>
              <LandmarkEditor photo={photo} points={points} onChange={setPoints} />
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  disabled={!changed}
                  loading={save.isPending}
                  onClick={() =>
                    save.mutate(
                      { id: avatar.id, landmarks: points },
                      {
                        onSuccess: (r) => {
                          onChange(r.avatar)
                          toast.success('Points saved')
                        },
                        onError: (e) => toast.error(errorMessage(e)),
                      },
                    )
                  }
                >
                  Save points
                </Button>
                <Button variant="quaternary" disabled={!changed} onClick={() => setPoints(photo.landmarks)}>
                  Undo changes
                </Button>
                <span className="text-xs text-muted">
                  Drag a point to move it: eyes, brows, nose, lips and jaw drive the animation.
                </span>
              </div>
            </>
          ) : (
            <p className="text-sm text-muted">Upload a portrait to see the face points we found.</p>
          )}
          <PhotoBackgroundPicker value={bg} onChange={setBg} disabled={uploading !== undefined || applying} />
          {photo ? (
            <div>
              <Button
                size="sm"
                variant="secondary"
                loading={applying}
                disabled={uploading !== undefined}
                onClick={() => void applyBackground()}
              >
                Apply background
              </Button>
            </div>
          ) : null}
        </div>
      </Card>
      <Card
        title="Preview"
        description="Your photo speaking, drawn live by the same code that renders your videos."
      >
        {look && avatar ? (
          <SpeakingPreview look={look} name={avatar.name} label="Photo avatar preview" />
        ) : (
          <p className="text-sm text-muted">The preview appears once a face is found.</p>
        )}
      </Card>
    </div>
  )
}
