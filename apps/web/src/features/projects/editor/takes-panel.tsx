import { useState } from 'react'
import {
  generateAudio,
  selectAudio,
  uploadSceneAudio,
} from '@mouthpiece/contracts/projects/project-media.contract'
import { MAX_SAMPLES } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/field'
import { api, API_BASE_URL } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { Slider } from '../../voices'
import { uploadFile } from '../../../lib/upload'
import type { ProjectEditor } from './use-project-editor'
import { FileButton } from '../../../components/ui/file-button'

/** A take's length as players show it: 0:02.4. */
function takeLength(seconds: number): string {
  const tenths = Math.round(seconds * 10)
  const m = Math.floor(tenths / 600)
  const s = (tenths % 600) / 10
  return `${m}:${s < 10 ? '0' : ''}${s.toFixed(1)}`
}

/**
 * SPEC audioData takes: make `numberOfSamples` takes of the scene (default 4), listen, pick one —
 * the picked take's words re-time the captions and the mouth.
 */
export function TakesPanel({ editor, scene }: { editor: ProjectEditor; scene: Scene }) {
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const { audioData } = scene
  const projectId = editor.projectId
  const run = async (what: string, call: Parameters<ProjectEditor['action']>[0]) => {
    setBusy(what)
    setError(await editor.action(call))
    setBusy(null)
  }
  const make = () =>
    run('make', (version) =>
      api(generateAudio, {
        params: { projectId },
        body: {
          version,
          sceneId: scene.id,
          voice_id: audioData.voiceId ?? undefined,
          emotion: audioData.emotion,
          intensity: audioData.intensity,
          numberOfSamples: audioData.numberOfSamples,
        },
      }),
    )
  const [sent, setSent] = useState<number | null>(null)
  // Own recording: the server probes it, times the words and the mouth from it, and makes it the scene's take.
  const record = async (f: File) => {
    setSent(0)
    await run('upload', (version) =>
      uploadFile(uploadSceneAudio, f, {
        params: { projectId },
        fields: { version, sceneId: scene.id },
        onProgress: setSent,
      }),
    )
    setSent(null)
  }
  const pick = (takeId: string) =>
    run(takeId, (version) =>
      api(selectAudio, { params: { projectId }, body: { version, sceneId: scene.id, takeId } }),
    )
  return (
    <div className="flex flex-col gap-3" data-testid="takes">
      <Slider
        label="Takes"
        value={audioData.numberOfSamples}
        min={1}
        max={MAX_SAMPLES}
        step={1}
        onChange={(numberOfSamples) =>
          editor.run('audio.set', { sceneId: scene.id, settings: { numberOfSamples } })
        }
      />
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void make()}
        loading={busy === 'make'}
        disabled={!scene.text.trim()}
      >
        Make {audioData.numberOfSamples} take{audioData.numberOfSamples === 1 ? '' : 's'}
      </Button>
      {audioData.generatedLinks.length > 1 ? (
        <p className="text-xs text-muted">New takes replace the ones not in use; the one in use is kept.</p>
      ) : null}
      <FileButton
        size="sm"
        variant="tertiary"
        accept="audio/*"
        inputLabel="Recording file"
        onFile={(f) => void record(f)}
        loading={busy === 'upload'}
        disabled={!scene.text.trim()}
        title="Your recording of this scene's text"
      >
        {sent !== null && sent < 1 ? `Uploading ${Math.round(sent * 100)}%` : 'Upload my recording'}
      </FileButton>
      {audioData.generatedLinks.length ? (
        <ul className="flex flex-col gap-2">
          {audioData.generatedLinks.map((take, i) => (
            <li
              key={take.id}
              className={cn(
                'flex items-center gap-2 rounded-md border px-2 py-1.5',
                take.id === audioData.audioFile ? 'border-accent bg-accent/10' : 'border-border',
              )}
            >
              <span className="flex w-16 shrink-0 flex-col text-xs leading-tight">
                <span className="font-semibold text-text">Take {i + 1}</span>
                <span className="text-muted tabular-nums" data-testid="take-length">
                  {takeLength(take.duration)}
                </span>
              </span>
              <audio
                src={API_BASE_URL + take.url}
                controls
                preload="metadata"
                className="h-8 min-w-0 flex-1"
                aria-label={`Take ${i + 1}, ${takeLength(take.duration)}`}
              />
              {take.id === audioData.audioFile ? (
                <span className="text-xs font-semibold text-accent">In use</span>
              ) : (
                <Button
                  size="sm"
                  variant="tertiary"
                  onClick={() => void pick(take.id)}
                  loading={busy === take.id}
                >
                  Use
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <FormError message={error ?? undefined} />
    </div>
  )
}
