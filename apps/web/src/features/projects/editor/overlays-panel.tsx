import { useState } from 'react'
import { uploadAssetFile } from '@mouthpiece/contracts/projects/projects.contract'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import { newId } from '@mouthpiece/editor/commands'
import { sceneDuration } from '@mouthpiece/editor/timeline'
import { Button } from '../../../components/ui/button'
import { FormError, TextInput } from '../../../components/ui/field'
import { isSuccess } from '../../../lib/api'
import { uploadFile } from '../../../lib/upload'
import type { ProjectEditor } from './use-project-editor'
import { FileButton } from '../../../components/ui/file-button'

/** What an overlay is called in the panel and on the canvas. */
export const OVERLAY_NAME = { image: 'Picture', video: 'Video', text: 'Text', audio: 'Sound' } as const

/**
 * Overlays of the scene on screen (SPEC §3 scene assets): a text, or an uploaded picture, video or
 * sound (recognised by the server from its content). New ones span the whole scene on the first
 * free layer; the timeline moves and trims them.
 */
export function OverlaysPanel({ editor, scene }: { editor: ProjectEditor; scene: Scene }) {
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string>()
  const length = Math.round(sceneDuration(scene) * 100) / 100
  const layer = Math.min(3, scene.assets.length ? Math.max(...scene.assets.map((a) => a.layer)) + 1 : 0)

  const upload = async (file: File) => {
    setError(undefined)
    setProgress(0)
    const res = await uploadFile(uploadAssetFile, file, {
      params: { projectId: editor.projectId },
      onProgress: setProgress,
    })
    setProgress(null)
    if (!isSuccess(res)) return setError(res.message)
    const { kind, file: stored, duration } = res
    const end = kind === 'image' ? length : Math.min(length, duration ?? length)
    // Sounds are heard, not seen: no box. Pictures and videos start as a corner inset.
    editor.run('asset.add', {
      sceneId: scene.id,
      asset: {
        id: newId(),
        type: kind,
        file: stored,
        start: 0,
        end,
        layer,
        ...(kind === 'audio' ? { w: 1, h: 1 } : { x: 640, y: 110, w: 320, h: 180 }),
      },
    })
  }

  return (
    <div className="flex flex-col gap-3" data-testid="overlays">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            editor.run('asset.add', {
              sceneId: scene.id,
              asset: {
                id: newId(),
                type: 'text',
                text: 'Your text',
                start: 0,
                end: length,
                layer,
                x: 420,
                y: 60,
                w: 360,
                h: 56,
              },
            })
          }
        >
          Add text
        </Button>
        <FileButton
          size="sm"
          variant="secondary"
          loading={progress !== null}
          accept="image/*,video/*,audio/*"
          inputLabel="Overlay file"
          onFile={(file) => void upload(file)}
        >
          Upload file
        </FileButton>
      </div>
      {progress !== null ? (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuenow={Math.round(progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
          className="h-1.5 overflow-hidden rounded-full bg-[#11141c]"
        >
          <span
            className="block h-full bg-accent transition-[width]"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      ) : null}
      <FormError message={error} />
      {scene.assets.length ? (
        <ul className="flex flex-col gap-2">
          {scene.assets.map((a) => (
            <li key={a.id} className="flex items-center gap-2 text-xs text-muted">
              <span className="w-12 shrink-0 font-medium text-text">{OVERLAY_NAME[a.type]}</span>
              {a.type === 'text' ? (
                <TextInput
                  aria-label="Overlay text"
                  value={a.text ?? ''}
                  maxLength={500}
                  className="h-8 min-w-0 flex-1 text-xs"
                  onChange={(e) =>
                    editor.run('asset.update', {
                      sceneId: scene.id,
                      assetId: a.id,
                      data: { text: e.target.value },
                    })
                  }
                />
              ) : (
                <span className="flex-1 tabular-nums">
                  {a.start.toFixed(1)}–{a.end.toFixed(1)} s · layer {a.layer + 1}
                </span>
              )}
              <button
                type="button"
                className="rounded px-1.5 py-1 text-danger hover:bg-danger/10"
                aria-label={`Remove ${OVERLAY_NAME[a.type].toLowerCase()}`}
                onClick={() => editor.run('asset.delete', { sceneId: scene.id, assetId: a.id })}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted">
          Add a text, or upload a picture, a video or a sound to show over this scene.
        </p>
      )}
    </div>
  )
}
