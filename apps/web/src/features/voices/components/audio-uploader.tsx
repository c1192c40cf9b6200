import { useEffect, useId, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  MAX_UPLOAD_MB,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadAudio,
} from '@mouthpiece/contracts/voices/voices.contract'
import type { AudioProcess } from '@mouthpiece/contracts/voices/voices.contract'
import { isSuccess } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { audioCheckQuery } from '../api'
import { uploadFile } from '../../../lib/upload'

/** The browser's hint only; the server checks every file by probing its content. */
const ACCEPT = 'audio/*,.wav,.mp3,.m4a,.webm,.ogg'

function Bar({ value, label }: { value: number; label: string }) {
  return (
    <div>
      <div className="flex justify-between text-xs text-muted">
        <span>{label}</span>
        <span className="tabular-nums">{Math.round(value)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={Math.round(value)}
        aria-valuemin={0}
        aria-valuemax={100}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-[#232838]"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300"
          style={{ width: `${Math.max(2, value)}%` }}
        />
      </div>
    </div>
  )
}

/**
 * Upload an audio file with a progress bar, then follow its processing until it is ready.
 * `onReady` gets the processed file (its uuid_path is what other calls take).
 */
export function AudioUploader({
  onReady,
  compact,
}: {
  onReady?: (p: AudioProcess) => void
  compact?: boolean
}) {
  const inputId = useId()
  const [sent, setSent] = useState<number | null>(null)
  const [error, setError] = useState<string>()
  const [uuid, setUuid] = useState<string>()
  const [name, setName] = useState<string>()
  const [dragging, setDragging] = useState(false)
  const check = useQuery({ ...audioCheckQuery(uuid ?? ''), enabled: Boolean(uuid) })
  const reported = useRef<string | null>(null)
  const process = check.data?.process

  useEffect(() => {
    if (process && check.data?.ready && reported.current !== process.uuid_path) {
      reported.current = process.uuid_path
      onReady?.(process)
    }
  }, [process, check.data?.ready, onReady])

  const send = async (file: File | undefined) => {
    if (!file) return
    setError(undefined)
    setUuid(undefined)
    setName(file.name)
    if (file.size > MAX_UPLOAD_MB * 1024 * 1024) return setError(UPLOAD_TOO_LARGE_MESSAGE)
    setSent(0)
    const result = await uploadFile(uploadAudio, file, { onProgress: (f) => setSent(f * 100) })
    setSent(null)
    if (isSuccess(result)) setUuid(result.process.uuid_path)
    else setError(result.message)
  }

  const failed =
    process?.status === 0 ? (process.error ?? 'The audio file could not be processed.') : undefined
  return (
    <div className="flex flex-col gap-3">
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault()
          setDragging(false)
          void send(e.dataTransfer.files[0])
        }}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-2xl border-2 border-dashed text-center transition-colors',
          compact ? 'px-4 py-6' : 'px-6 py-10',
          dragging ? 'border-accent bg-accent/10' : 'border-border bg-[#11141c] hover:border-[#3a4154]',
        )}
      >
        <span className="text-base font-semibold text-text">Drop an audio file here, or choose one</span>
        <span className="text-xs text-muted">wav, mp3, m4a or webm · up to {MAX_UPLOAD_MB} MB</span>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          onChange={(e) => {
            void send(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </label>
      {sent !== null ? <Bar value={sent} label={`Uploading ${name ?? ''}`} /> : null}
      {process && process.status === 1 ? (
        <Bar value={process.progress} label={`Processing: ${process.stage}`} />
      ) : null}
      {process && check.data?.ready ? (
        <p className="text-sm text-success">
          {process.original_name} is ready ({process.duration?.toFixed(1)} s).
        </p>
      ) : null}
      {error || failed ? (
        <p role="alert" className="text-sm text-danger">
          {error ?? failed}
        </p>
      ) : null}
    </div>
  )
}
