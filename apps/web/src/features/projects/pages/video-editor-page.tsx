import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type { Project } from '@mouthpiece/contracts/projects/projects.schemas'
import { DEFAULT_CAPTION_FONT, DEFAULT_FONT_WEIGHT } from '@mouthpiece/contracts/constants'
import { captionFace } from '@mouthpiece/editor/caption-fonts'
import { sceneAt } from '@mouthpiece/editor/timeline'
import { Button } from '../../../components/ui/button'
import { LoadingBlock } from '../../../components/ui/spinner'
import { ChevronLeftIcon } from '../../../components/ui/icons'
import { PATHS } from '../../../app/paths'
import { cn } from '../../../lib/cn'
import { projectQuery } from '../api'
import { loadFace } from '../../../lib/caption-fonts-browser'
import { CanvasStage } from '../editor/canvas-stage'
import { Inspector } from '../editor/inspector'
import { RenderPanel } from '../editor/render-panel'
import { ScriptPanel } from '../editor/script-panel'
import { Timeline } from '../editor/timeline'
import { useEditorShortcuts } from '../editor/use-editor-shortcuts'
import { usePlayback } from '../editor/use-playback'
import { useProjectEditor } from '../editor/use-project-editor'
import type { SaveState } from '../editor/use-project-editor'

// Most projects caption in the default face: fetch it while the project itself loads.
void loadFace(captionFace(DEFAULT_CAPTION_FONT, DEFAULT_FONT_WEIGHT))

const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'All changes saved',
  unsaved: 'Unsaved changes…',
  saving: 'Saving…',
  error: 'Not saved',
}

/** SPEC §9: above 1920×900 the editor scales by width/1920, so the layout keeps its proportions. */
function usePageZoom(): number {
  const [zoom, setZoom] = useState(1)
  useEffect(() => {
    const update = () =>
      setZoom(window.innerWidth > 1920 && window.innerHeight > 900 ? window.innerWidth / 1920 : 1)
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [])
  return zoom
}

function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const observer = new ResizeObserver(() => setWidth(el.clientWidth))
    observer.observe(el)
    setWidth(el.clientWidth)
    return () => observer.disconnect()
  }, [])
  return [ref, width]
}

function Editor({ project }: { project: Project }) {
  const editor = useProjectEditor(project)
  const playback = usePlayback(editor.doc)
  const [renderOpen, setRenderOpen] = useState(false)
  const zoom = usePageZoom()
  const [stageRef, stageWidth] = useWidth<HTMLDivElement>()
  const current = sceneAt(editor.doc, playback.time)?.span.scene
  useEditorShortcuts(editor, playback, current?.id)

  return (
    <div
      className="flex min-h-0 flex-1 flex-col gap-3 p-3 lg:h-[calc(100vh-89px)] lg:flex-none"
      style={zoom !== 1 ? { zoom } : undefined}
      data-testid="video-editor"
    >
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface px-4 py-2">
        <Link to={PATHS.projects} className="flex items-center gap-1 text-sm text-muted hover:text-text">
          <ChevronLeftIcon size={16} /> Projects
        </Link>
        <h1 className="truncate text-base font-semibold text-text">{editor.name}</h1>
        <span
          data-testid="save-state"
          data-state={editor.saveState}
          className={cn(
            'text-xs',
            editor.saveState === 'error'
              ? 'text-danger'
              : editor.saveState === 'saved'
                ? 'text-success'
                : 'text-muted',
          )}
        >
          {SAVE_TEXT[editor.saveState]}
          {editor.saveError ? `: ${editor.saveError}` : ''}
        </span>
        <div className="ml-auto flex items-center gap-2">
          <Button
            size="sm"
            variant="tertiary"
            onClick={editor.undo}
            disabled={!editor.canUndo}
            title={editor.undoLabel ? `Undo ${editor.undoLabel} (Ctrl+Z)` : 'Undo (Ctrl+Z)'}
          >
            Undo
          </Button>
          <Button
            size="sm"
            variant="tertiary"
            onClick={editor.redo}
            disabled={!editor.canRedo}
            title={editor.redoLabel ? `Redo ${editor.redoLabel} (Ctrl+Shift+Z)` : 'Redo (Ctrl+Shift+Z)'}
          >
            Redo
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={playback.toggle}
            aria-pressed={playback.playing}
            title="Play/pause (Space)"
          >
            {playback.playing ? 'Pause' : 'Play'}
          </Button>
          <Button size="sm" onClick={() => setRenderOpen(true)}>
            Render video
          </Button>
        </div>
      </div>
      {editor.notice ? (
        <div
          role="status"
          className="flex items-center justify-between gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-2 text-sm text-warning"
        >
          {editor.notice}
          <button type="button" className="text-xs underline" onClick={editor.dismissNotice}>
            Dismiss
          </button>
        </div>
      ) : null}
      <div className="grid min-h-0 flex-1 gap-3 lg:grid-cols-[320px_minmax(0,1fr)_300px]">
        <ScriptPanel editor={editor} playback={playback} currentId={current?.id} />
        <div
          ref={stageRef}
          className="order-first flex min-w-0 flex-col items-center justify-start lg:order-none"
        >
          {stageWidth ? (
            <CanvasStage editor={editor} playback={playback} width={Math.min(840, stageWidth)} />
          ) : null}
        </div>
        {current ? <Inspector editor={editor} scene={current} /> : null}
      </div>
      <Timeline editor={editor} playback={playback} />
      <RenderPanel
        editor={editor}
        open={renderOpen}
        onClose={() => setRenderOpen(false)}
        initialRenderId={project.last_render_id}
      />
    </div>
  )
}

/** /video-editor/:id (and the -v1 and -new paths): the project editor. */
export function VideoEditorPage() {
  const { id } = useParams()
  const projectId = Number(id)
  const { data, error, isPending, refetch } = useQuery({
    ...projectQuery(projectId),
    enabled: Number.isInteger(projectId) && projectId > 0,
  })
  if (!Number.isInteger(projectId) || projectId <= 0 || error) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 p-10 text-center">
        <h1 className="text-xl font-semibold text-text">Project not found</h1>
        <p className="text-sm text-muted">
          {error?.message ?? 'This project does not exist or is not yours.'}
        </p>
        <div className="flex gap-2">
          {error ? (
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          ) : null}
          <Link to={PATHS.projects} className="text-sm text-accent">
            Back to projects
          </Link>
        </div>
      </div>
    )
  }
  if (isPending) return <LoadingBlock label="Opening the editor…" className="p-10" />
  return <Editor key={data.project.id} project={data.project} />
}
