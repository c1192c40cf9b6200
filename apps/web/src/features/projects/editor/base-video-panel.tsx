import { useEffect, useState } from 'react'
import { updateVideoSetting } from '@mouthpiece/contracts/projects/projects.contract'
import { uploadBaseVideo } from '@mouthpiece/contracts/projects/project-media.contract'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { OriginVideoMode } from '@mouthpiece/contracts/statuses'
import { FormError } from '../../../components/ui/field'
import { api } from '../../../lib/api'
import { subscribe } from '../../../lib/socket'
import { uploadFile } from '../../../lib/upload'
import type { ProjectEditor } from './use-project-editor'
import { FileButton } from '../../../components/ui/file-button'

/**
 * The base video under the avatar (SPEC §4 origin video modes; reaction by default): upload with
 * the bytes counted in the browser, then the server's own steps (`base-video-upload-event` on the
 * owner's socket: checking the video, ready); and the origin video duration change — how much of it
 * the project uses.
 */
export function BaseVideoPanel({ editor }: { editor: ProjectEditor }) {
  const origin = editor.doc.origin
  const [sent, setSent] = useState<number | null>(null)
  const [stage, setStage] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [trim, setTrim] = useState<number | null>(null)

  useEffect(
    () =>
      subscribe(RealtimeEvent.baseVideoUpload, (payload) => {
        if (Number(payload.project_id) === editor.projectId && typeof payload.stage === 'string')
          setStage(payload.stage)
      }),
    [editor.projectId],
  )

  const upload = async (file: File) => {
    setError(null)
    setStage(null)
    setSent(0)
    const mode = origin.mode === OriginVideoMode.none ? OriginVideoMode.reaction : origin.mode
    const message = await editor.action((version) =>
      uploadFile(uploadBaseVideo, file, {
        params: { projectId: editor.projectId },
        fields: { version, mode },
        onProgress: setSent,
      }),
    )
    setSent(null)
    setError(message)
    if (message) setStage(null)
  }
  const setDuration = async (seconds: number) => {
    setError(
      await editor.action((version) =>
        api(updateVideoSetting, {
          params: { projectId: editor.projectId },
          body: { version, origin_duration: seconds },
        }),
      ),
    )
    setTrim(null)
  }

  const busy = sent !== null
  const full = origin.duration ?? 0
  const used = trim ?? origin.trimDuration ?? full
  return (
    <div className="flex flex-col gap-3" data-testid="base-video">
      <p className="text-xs text-muted">
        {origin.file
          ? `${origin.mode === OriginVideoMode.origin ? 'Original' : 'Reaction'} video, ${full.toFixed(1)} s. Your avatar plays over it and both sounds are mixed.`
          : 'Add a video to react to: your avatar plays over it and both sounds are mixed.'}
      </p>
      <div>
        <FileButton
          size="sm"
          variant="secondary"
          loading={busy}
          accept="video/*"
          inputLabel="Base video file"
          onFile={(file) => void upload(file)}
        >
          {origin.file ? 'Replace video' : 'Upload video'}
        </FileButton>
      </div>
      {busy || stage ? (
        <div className="flex items-center gap-2 text-xs text-muted" aria-live="polite">
          <div
            role="progressbar"
            aria-label="Base video upload"
            aria-valuenow={Math.round((sent ?? 1) * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-[#11141c]"
          >
            <span className="block h-full bg-accent" style={{ width: `${Math.round((sent ?? 1) * 100)}%` }} />
          </div>
          <span className="w-28 text-right" data-testid="base-video-stage">
            {sent !== null && sent < 1 ? `Uploading ${Math.round(sent * 100)}%` : (stage ?? 'Processing…')}
          </span>
        </div>
      ) : null}
      {origin.file && full > 1 ? (
        <label className="flex flex-col gap-1 text-xs text-muted">
          <span className="flex justify-between">
            <span>Use the first</span>
            <span className="tabular-nums">
              {used.toFixed(1)} s of {full.toFixed(1)} s
            </span>
          </span>
          {/* The origin video duration change is one server call, made when the slider is let go. */}
          <input
            type="range"
            aria-label="Base video duration"
            min={1}
            max={Math.round(full * 10) / 10}
            step={0.1}
            value={Math.round(used * 10) / 10}
            className="w-full accent-[#FF6A59]"
            onChange={(e) => setTrim(Number(e.target.value))}
            onPointerUp={(e) => void setDuration(Number(e.currentTarget.value))}
            onKeyUp={(e) => void setDuration(Number(e.currentTarget.value))}
          />
        </label>
      ) : null}
      <FormError message={error ?? undefined} />
    </div>
  )
}
