import { useRef } from 'react'
import { SCENE_MAX_CHARS } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import { GenerationFlow, RENDER_STATUS_LABEL } from '@mouthpiece/contracts/statuses'
import { currentTake, sceneSpans } from '@mouthpiece/editor/timeline'
import { Badge } from '../../../components/ui/card'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import type { ProjectEditor } from './use-project-editor'
import type { Playback } from './use-playback'

function VoiceState({ scene, saving }: { scene: Scene; saving: boolean }) {
  const take = currentTake(scene)
  const { status } = scene.audioData
  if (status.flow === GenerationFlow.audioFailed)
    return <Badge tone="danger">{status.error ?? 'The voice could not be made'}</Badge>
  if (take) return <Badge tone="success">Voice ready · {take.duration.toFixed(1)} s</Badge>
  if (!scene.text.trim()) return <Badge>Write a line</Badge>
  return <Badge tone="accent">{saving ? 'Recording the voice…' : RENDER_STATUS_LABEL[status.status]}</Badge>
}

/**
 * A scene whose captions do not follow the project's caption style (decision 0074) says so on its
 * card, so a creator sees which scenes differ without opening each in the inspector.
 */
export function CaptionOverride({ scene }: { scene: Scene }) {
  if (!scene.captionData.ownStyle) return null
  return (
    <span title="This scene has its own caption style" data-testid="caption-override">
      <Badge tone="warning">Custom captions</Badge>
    </span>
  )
}

/** The script: one text box per scene (SPEC: scenes hold text), in play order, with scene actions. */
export function ScriptPanel({
  editor,
  playback,
  currentId,
}: {
  editor: ProjectEditor
  playback: Playback
  currentId: string | undefined
}) {
  const spans = sceneSpans(editor.doc)
  const boxes = useRef(new Map<string, HTMLTextAreaElement>())
  const saving = editor.saveState === 'saving' || editor.saveState === 'unsaved'
  return (
    <section aria-label="Script" className="flex min-h-0 flex-col rounded-xl border border-border bg-surface">
      <header className="flex items-center justify-between border-b border-border px-4 py-3">
        <h2 className="text-sm font-semibold text-text">Scenes</h2>
        <Button size="sm" variant="secondary" onClick={() => editor.run('scene.add', { afterId: currentId })}>
          + Add scene
        </Button>
      </header>
      <ol className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
        {spans.map(({ scene, index, start }) => {
          const current = scene.id === currentId
          return (
            <li
              key={scene.id}
              data-testid="scene"
              className={cn(
                'rounded-lg border p-3 transition-colors',
                current ? 'border-accent bg-accent/5' : 'border-border bg-[#11141c]',
              )}
              onFocus={() => !current && playback.seek(start + 0.001)}
            >
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    className="text-sm font-semibold text-text hover:text-accent"
                    onClick={() => playback.seek(start + 0.001)}
                  >
                    Scene {index + 1}
                  </button>
                  <CaptionOverride scene={scene} />
                </span>
                {/* Kept on one line: the scene's name and marks wrap instead. */}
                <span className="shrink-0">
                  <VoiceState scene={scene} saving={saving} />
                </span>
              </div>
              <textarea
                ref={(el) => void (el ? boxes.current.set(scene.id, el) : boxes.current.delete(scene.id))}
                aria-label={`Scene ${index + 1} text`}
                value={scene.text}
                maxLength={SCENE_MAX_CHARS}
                rows={3}
                placeholder="What should the avatar say?"
                onChange={(e) => editor.run('scene.setText', { sceneId: scene.id, text: e.target.value })}
                className="w-full resize-y rounded-md border border-border bg-bg px-3 py-2 text-sm text-text focus:border-accent focus:outline-none"
              />
              <div className="mt-2 flex items-center justify-between text-xs text-muted">
                <span>
                  {scene.text.length}/{SCENE_MAX_CHARS}
                </span>
                <span className="flex gap-1">
                  <Button
                    size="sm"
                    variant="tertiary"
                    title="Split at the cursor (Ctrl+B)"
                    onClick={() =>
                      editor.run('scene.split', {
                        sceneId: scene.id,
                        at: boxes.current.get(scene.id)?.selectionStart ?? Math.floor(scene.text.length / 2),
                      })
                    }
                  >
                    Split
                  </Button>
                  <Button
                    size="sm"
                    variant="tertiary"
                    title="Duplicate (Ctrl+D)"
                    onClick={() => editor.run('scene.duplicate', { sceneId: scene.id })}
                  >
                    Duplicate
                  </Button>
                  <Button
                    size="sm"
                    variant="tertiary"
                    destructive
                    disabled={spans.length < 2}
                    title="Delete scene"
                    onClick={() => editor.run('scene.delete', { sceneId: scene.id })}
                  >
                    Delete
                  </Button>
                </span>
              </div>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
