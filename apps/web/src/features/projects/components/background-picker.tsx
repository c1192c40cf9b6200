import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  listProjectBackgrounds,
  uploadProjectBackground,
} from '@mouthpiece/contracts/projects/projects.contract'
import type { ProjectBackground } from '@mouthpiece/contracts/projects/project-document.schemas'
import { FormError } from '../../../components/ui/field'
import { API_BASE_URL, isSuccess, request } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { uploadFile } from '../../../lib/upload'
import { FileButton } from '../../../components/ui/file-button'

/** Ready colours: the studio default first, then the brand coral and a few calm ones. */
export const BACKGROUND_COLORS = [
  '#1B1F2A',
  '#243B55',
  '#0F3D3E',
  '#3A1C71',
  '#FF6A59',
  '#F2C94C',
  '#FFFFFF',
  '#000000',
] as const
export const DEFAULT_BACKGROUND: ProjectBackground = { type: 'color', color: BACKGROUND_COLORS[0] }

const backgroundsKey = ['project-backgrounds'] as const
const swatch = 'h-10 w-14 rounded-lg border-2 transition-colors'

/**
 * One background picker for the editor, the create-project tabs and Quick Create: a colour (ready
 * swatches or any colour), or — where `uploads` is on — one of my uploaded pictures and videos, with
 * an upload whose bytes are counted as they go (XHR upload progress; the server then checks the file
 * by its content).
 */
export function BackgroundPicker({
  value,
  onChange,
  uploads = true,
}: {
  value: ProjectBackground
  onChange: (bg: ProjectBackground) => void
  uploads?: boolean
}) {
  const client = useQueryClient()
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string>()
  const list = useQuery({
    queryKey: backgroundsKey,
    queryFn: ({ signal }) => request(listProjectBackgrounds, { signal }),
    enabled: uploads,
  })
  const color = value.type === 'color' ? value.color.toUpperCase() : null
  const custom = color !== null && !(BACKGROUND_COLORS as readonly string[]).includes(color)

  const upload = async (file: File) => {
    setError(undefined)
    setProgress(0)
    const res = await uploadFile(uploadProjectBackground, file, { onProgress: setProgress })
    setProgress(null)
    if (!isSuccess(res)) return setError(res.message)
    await client.invalidateQueries({ queryKey: backgroundsKey })
    onChange({ type: res.background.type, id: res.background.id })
  }

  return (
    <div className="flex flex-col gap-4" data-testid="background-picker">
      <div role="radiogroup" aria-label="Background colour" className="flex flex-wrap items-center gap-2">
        {BACKGROUND_COLORS.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={color === c}
            aria-label={c}
            onClick={() => onChange({ type: 'color', color: c })}
            className={cn(
              swatch,
              color === c ? 'border-accent ring-2 ring-accent/40' : 'border-border hover:border-muted',
            )}
            style={{ background: c }}
          />
        ))}
        <label
          className={cn(
            swatch,
            'relative flex cursor-pointer items-center justify-center overflow-hidden text-[10px] text-muted',
            custom ? 'border-accent' : 'border-dashed border-border',
          )}
          style={custom ? { background: color } : undefined}
        >
          <span className={custom ? 'sr-only' : ''}>Other</span>
          <input
            type="color"
            aria-label="Other colour"
            className="absolute inset-0 cursor-pointer opacity-0"
            value={color ?? '#1B1F2A'}
            onChange={(e) => onChange({ type: 'color', color: e.target.value.toUpperCase() })}
          />
        </label>
      </div>
      {uploads ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs text-muted">Your pictures and videos</span>
            <FileButton
              size="sm"
              variant="secondary"
              loading={progress !== null}
              accept="image/*,video/*"
              inputLabel="Background file"
              onFile={(file) => void upload(file)}
            >
              Upload
            </FileButton>
          </div>
          {progress !== null ? (
            <div className="flex items-center gap-2 text-xs text-muted">
              <div
                role="progressbar"
                aria-label="Background upload"
                aria-valuenow={Math.round(progress * 100)}
                aria-valuemin={0}
                aria-valuemax={100}
                className="h-1.5 flex-1 overflow-hidden rounded-full bg-[#11141c]"
              >
                <span
                  className="block h-full bg-accent"
                  style={{ width: `${Math.round(progress * 100)}%` }}
                />
              </div>
              <span className="w-20 text-right tabular-nums">
                {progress < 1 ? `${Math.round(progress * 100)}%` : 'Checking…'}
              </span>
            </div>
          ) : null}
          <FormError message={error} />
          {list.data?.backgrounds.length ? (
            <div role="radiogroup" aria-label="Uploaded background" className="grid grid-cols-3 gap-2">
              {list.data.backgrounds.map((b) => {
                const on = value.type !== 'color' && value.id === b.id
                return (
                  <button
                    key={b.id}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    aria-label={b.name}
                    title={b.name}
                    onClick={() => onChange({ type: b.type, id: b.id })}
                    className={cn(
                      'relative aspect-video overflow-hidden rounded-lg border-2 bg-black',
                      on ? 'border-accent' : 'border-border hover:border-muted',
                    )}
                  >
                    {b.type === 'image' ? (
                      <img
                        src={API_BASE_URL + b.url}
                        alt=""
                        className="h-full w-full object-cover"
                        loading="lazy"
                      />
                    ) : (
                      <video
                        src={API_BASE_URL + b.url}
                        muted
                        preload="metadata"
                        className="h-full w-full object-cover"
                      />
                    )}
                    {b.type === 'video' ? (
                      <span className="absolute right-1 bottom-1 rounded bg-black/70 px-1 text-[10px] text-white">
                        video
                      </span>
                    ) : null}
                  </button>
                )
              })}
            </div>
          ) : list.isSuccess ? (
            <p className="text-xs text-muted">
              Upload a picture (jpg, png, webp) or a video (mp4, webm, mov) to use behind your avatar.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
