import { useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  CONSENT_TEXT,
  MIN_CLONE_SAMPLE_SECONDS,
  sampleTooShortMessage,
} from '@mouthpiece/contracts/voices/personal-voices.contract'
import type { PersonalVoice } from '@mouthpiece/contracts/voices/personal-voices.contract'
import { uploadAudio } from '@mouthpiece/contracts/voices/voices.contract'
import type { AudioProcess } from '@mouthpiece/contracts/voices/voices.contract'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ApiError } from '../../../lib/api'
import {
  audioCheckQuery,
  personalVoicesQuery,
  useCreatePersonalVoice,
  useDeletePersonalVoice,
  usePreviewVoice,
  useRenamePersonalVoice,
} from '../api'
import { uploadFile } from '../../../lib/upload'

const errorText = (e: unknown) =>
  e instanceof ApiError ? e.failure.message : 'Something went wrong. Try again!'

/** Records from the microphone until stopped; the recording is handed over as a WebM/Ogg file. */
function useRecorder(onDone: (file: File) => void) {
  const recorder = useRef<MediaRecorder>(null)
  const [recording, setRecording] = useState(false)
  const [error, setError] = useState<string>()
  const start = async () => {
    setError(undefined)
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const rec = new MediaRecorder(stream)
      const chunks: Blob[] = []
      rec.ondataavailable = (e) => chunks.push(e.data)
      rec.onstop = () => {
        stream.getTracks().forEach((t) => t.stop())
        const type = rec.mimeType || 'audio/webm'
        onDone(new File(chunks, `recording.${type.includes('ogg') ? 'ogg' : 'webm'}`, { type }))
      }
      rec.start()
      recorder.current = rec
      setRecording(true)
    } catch {
      setError('The microphone is not available. Allow it in your browser, or upload a recording instead.')
    }
  }
  const stop = () => {
    recorder.current?.stop()
    setRecording(false)
  }
  return { recording, error, start, stop }
}

function VoiceRow({ voice, onUse }: { voice: PersonalVoice; onUse: (voiceId: string) => void }) {
  const preview = usePreviewVoice()
  const rename = useRenamePersonalVoice()
  const remove = useDeletePersonalVoice()
  const [name, setName] = useState(voice.name)
  const [audio, setAudio] = useState<string>()
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-border p-3" data-testid="personal-voice">
      <div className="flex flex-wrap items-center gap-2">
        <input
          aria-label="Voice name"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          className="h-9 min-w-0 flex-1 rounded-lg border border-border bg-[#0f1218] px-3 text-sm text-text"
        />
        <Button
          size="sm"
          variant="tertiary"
          disabled={!name.trim() || name === voice.name}
          loading={rename.isPending}
          onClick={() => rename.mutate({ id: voice.id, name })}
        >
          Rename
        </Button>
      </div>
      <p className="text-xs text-muted">
        {voice.label} · {voice.sample_seconds.toFixed(1)} s sample · {voice.median_f0} Hz
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          loading={preview.isPending}
          onClick={() =>
            preview.mutate(
              { text: `Hi, this is ${voice.name}. How do I sound?`, voice_id: voice.voice_id },
              { onSuccess: (s) => setAudio(s.audio) },
            )
          }
        >
          Listen
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onUse(voice.voice_id)}>
          Use in the editor
        </Button>
        <Button
          size="sm"
          variant="quaternary"
          destructive
          loading={remove.isPending}
          onClick={() => remove.mutate(voice.id)}
        >
          Delete
        </Button>
      </div>
      {audio ? (
        <audio src={audio} controls autoPlay className="w-full" data-testid="personal-voice-audio" />
      ) : null}
      {preview.error ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(preview.error)}
        </p>
      ) : null}
    </li>
  )
}

/** Voice cloning: record or upload ≥ 6 s of your own voice, confirm it is yours, get a personal voice. */
export function PersonalVoicesCard({ onUse }: { onUse: (voiceId: string) => void }) {
  const mine = useQuery(personalVoicesQuery)
  const create = useCreatePersonalVoice()
  const [upload, setUpload] = useState<{ progress: number } | { error: string }>()
  const [uuid, setUuid] = useState<string>()
  const check = useQuery({ ...audioCheckQuery(uuid ?? ''), enabled: Boolean(uuid) })
  const sample: AudioProcess | undefined = check.data?.process
  const [name, setName] = useState('My voice')
  const [consent, setConsent] = useState(false)
  const send = async (file: File | undefined) => {
    if (!file) return
    setUuid(undefined)
    setUpload({ progress: 0 })
    const r = await uploadFile(uploadAudio, file, { onProgress: (progress) => setUpload({ progress }) })
    if (r.status !== 1) return setUpload({ error: r.message })
    setUpload(undefined)
    setUuid(r.process.uuid_path)
  }
  const recorder = useRecorder((f) => void send(f))
  useEffect(() => create.reset(), [uuid]) // eslint-disable-line react-hooks/exhaustive-deps -- a new sample clears the last answer
  const short =
    sample?.status === 2 && (sample.duration ?? 0) < MIN_CLONE_SAMPLE_SECONDS
      ? sampleTooShortMessage(sample.duration ?? 0)
      : undefined
  const problem =
    (upload && 'error' in upload ? upload.error : undefined) ??
    (sample?.status === 0 ? sample.error : undefined) ??
    short ??
    recorder.error ??
    (create.error ? errorText(create.error) : undefined)

  return (
    <Card
      title="My voices"
      description={`Clone your own voice: record or upload at least ${MIN_CLONE_SAMPLE_SECONDS} seconds of you talking. Offline it becomes a voice match on the closest built-in voice.`}
      className="mt-6"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            {recorder.recording ? (
              <Button variant="secondary" onClick={recorder.stop}>
                Stop recording
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => void recorder.start()}>
                Record
              </Button>
            )}
            <label className="inline-flex cursor-pointer items-center rounded-lg border border-border px-4 py-2 text-sm font-semibold text-text hover:border-[#3a4154]">
              Upload a sample
              <input
                type="file"
                accept="audio/*"
                className="sr-only"
                aria-label="Voice sample"
                onChange={(e) => void send(e.target.files?.[0]).finally(() => (e.target.value = ''))}
              />
            </label>
          </div>
          {upload && 'progress' in upload ? (
            <p className="text-sm text-muted">Uploading… {Math.round(upload.progress * 100)}%</p>
          ) : null}
          {sample?.status === 1 ? <p className="text-sm text-muted">Listening to your sample…</p> : null}
          {sample?.status === 2 && !short ? (
            <p className="text-sm text-text">Sample ready: {(sample.duration ?? 0).toFixed(1)} s.</p>
          ) : null}
          <label className="flex flex-col gap-1.5 text-sm">
            <span className="text-[#c9cedb]">Name</span>
            <input
              value={name}
              maxLength={60}
              onChange={(e) => setName(e.target.value)}
              className="h-10 rounded-lg border border-border bg-[#0f1218] px-3 text-text"
            />
          </label>
          <label className="flex items-start gap-2 text-sm text-text">
            <input
              type="checkbox"
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              className="mt-1 accent-[#FF6A59]"
            />
            {CONSENT_TEXT}
          </label>
          <Button
            disabled={!uuid || sample?.status !== 2 || Boolean(short)}
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { name, sample_uuid_path: uuid!, consent },
                {
                  onSuccess: (r) => {
                    setUuid(undefined)
                    onUse(r.voice.voice_id)
                  },
                },
              )
            }
          >
            Save personal voice
          </Button>
          {problem ? (
            <p role="alert" className="text-sm text-danger">
              {problem}
            </p>
          ) : null}
        </div>
        <div>
          {mine.isPending ? (
            <p className="text-sm text-muted">Loading…</p>
          ) : mine.data?.voices.length ? (
            <ul className="flex flex-col gap-3">
              {mine.data.voices.map((v) => (
                <VoiceRow key={v.id} voice={v} onUse={onUse} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">No personal voices yet.</p>
          )}
        </div>
      </div>
    </Card>
  )
}
