import { useId, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { BACKGROUND_PRESETS } from '@mouthpiece/contracts/renders/renders.schemas'
import type { BackgroundChoice } from '@mouthpiece/contracts/renders/renders.schemas'
import { uploadDemoBackground } from '@mouthpiece/contracts/renders/renders.contract'
import { Button } from '../../../components/ui/button'
import { ApiError, isSuccess } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { AvatarCanvas, AvatarSelect, usePickedAvatar } from '../../avatars'
import type { AvatarChoice } from '../../avatars'
import { uploadFile } from '../../../lib/upload'
import { fileUrl, useStartDemoVideo } from '../../renders'
import { DemoSteps } from './demo-upload-page'

const presetCss = (colors: readonly [string, string]) => `linear-gradient(135deg, ${colors[0]}, ${colors[1]})`

/** /demo-background: demo step 2 — pick an avatar and a background (or upload a picture), then generate. */
export function DemoBackgroundPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const audio = params.get('audio') ?? undefined
  const text = params.get('text') ?? undefined
  const [avatar, setAvatar] = useState<AvatarChoice>({})
  const picked = usePickedAvatar(avatar, false)
  const [background, setBackground] = useState<BackgroundChoice>({ type: 'preset', id: 'coral' })
  const [uploaded, setUploaded] = useState<{ id: string; url: string }>()
  const [uploadError, setUploadError] = useState<string>()
  const [uploading, setUploading] = useState(false)
  const start = useStartDemoVideo()
  const fileId = useId()

  if (!audio && !text) {
    return (
      <div className="mx-auto max-w-[760px] px-4 py-16 text-center">
        <p className="text-muted">Start with your audio or a line first.</p>
        <Link to="/demo-upload" className="mt-3 inline-block text-accent hover:underline">
          Go to step 1
        </Link>
      </div>
    )
  }

  const upload = async (file: File | undefined) => {
    if (!file) return
    setUploadError(undefined)
    setUploading(true)
    const result = await uploadFile(uploadDemoBackground, file)
    setUploading(false)
    if (!isSuccess(result)) return setUploadError(result.message)
    setUploaded(result.background)
    setBackground({ type: 'upload', id: result.background.id })
  }

  const stageStyle =
    background.type === 'upload' && uploaded
      ? {
          backgroundImage: `url(${fileUrl(uploaded.url)})`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }
      : background.type === 'preset'
        ? { background: presetCss(BACKGROUND_PRESETS.find((p) => p.id === background.id)!.colors) }
        : { background: '#1B1F2A' }

  const generate = () =>
    start.mutate(
      { ...(audio ? { audio_uuid_path: audio } : { text }), ...avatar, background },
      { onSuccess: (res) => void navigate(`/demo-result?id=${res.render.id}`) },
    )

  return (
    <div className="mx-auto max-w-[1100px] px-4 py-10 sm:px-6">
      <DemoSteps step={2} />
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-text sm:text-3xl">
        Pick an avatar and a background
      </h1>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_1.1fr]">
        <div className="flex flex-col gap-6">
          <section>
            <h2 className="mb-2 text-sm font-medium text-[#c9cedb]">Avatar</h2>
            <AvatarSelect value={avatar} onChange={setAvatar} signedIn={false} />
          </section>
          <section>
            <h2 className="mb-2 text-sm font-medium text-[#c9cedb]">Background</h2>
            <div role="radiogroup" aria-label="Background" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {BACKGROUND_PRESETS.map((p) => {
                const on = background.type === 'preset' && background.id === p.id
                return (
                  <button
                    key={p.id}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    onClick={() => setBackground({ type: 'preset', id: p.id })}
                    className={cn(
                      'flex flex-col gap-1 rounded-xl border p-1.5 text-left',
                      on ? 'border-accent' : 'border-border hover:border-[#3a4154]',
                    )}
                  >
                    <span
                      className="block aspect-video w-full rounded-lg"
                      style={{ background: presetCss(p.colors) }}
                    />
                    <span className="px-1 text-xs text-muted">{p.label}</span>
                  </button>
                )
              })}
              <label
                htmlFor={fileId}
                className={cn(
                  'flex cursor-pointer flex-col gap-1 rounded-xl border p-1.5',
                  background.type === 'upload'
                    ? 'border-accent'
                    : 'border-dashed border-border hover:border-[#3a4154]',
                )}
              >
                <span
                  className="flex aspect-video w-full items-center justify-center rounded-lg bg-[#11141c] bg-cover bg-center text-xs text-muted"
                  style={uploaded ? { backgroundImage: `url(${fileUrl(uploaded.url)})` } : undefined}
                >
                  {uploading ? 'Uploading…' : uploaded ? '' : '+ Your picture'}
                </span>
                <span className="px-1 text-xs text-muted">Upload</span>
                <input
                  id={fileId}
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  className="sr-only"
                  onChange={(e) => void upload(e.target.files?.[0])}
                />
              </label>
            </div>
            {uploadError ? (
              <p role="alert" className="mt-2 text-sm text-danger">
                {uploadError}
              </p>
            ) : null}
          </section>
        </div>
        <div className="flex flex-col gap-4">
          <div
            className="relative flex aspect-video items-center justify-center overflow-hidden rounded-2xl border border-border"
            style={stageStyle}
          >
            {picked ? (
              <AvatarCanvas
                look={picked.look}
                emotion={picked.emotion}
                size={200}
                label={`${picked.name} preview`}
              />
            ) : null}
            {text ? (
              <p className="absolute inset-x-6 bottom-3 line-clamp-2 text-center text-lg font-extrabold text-white [text-shadow:0_2px_0_#000,0_0_6px_#000]">
                {text}
              </p>
            ) : null}
          </div>
          <p className="text-sm text-muted">{audio ? 'Your recording will be lip-synced.' : `“${text}”`}</p>
          <div className="flex flex-wrap items-center gap-3">
            <Button size="lg" onClick={generate} loading={start.isPending}>
              Generate video
            </Button>
            <Link to="/demo-upload" className="text-sm text-muted hover:text-text">
              Back
            </Link>
          </div>
          {start.error ? (
            <p role="alert" className="text-sm text-danger">
              {start.error instanceof ApiError
                ? start.error.failure.message
                : 'Something went wrong. Try again!'}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  )
}
