import { useRef } from 'react'
import type { PointerEvent as ReactPointerEvent } from 'react'
import { TIMELINE } from '@mouthpiece/contracts/constants'
import type { SceneAsset } from '@mouthpiece/contracts/projects/project-document.schemas'
import { newId } from '@mouthpiece/editor/commands'
import type { SceneSpan } from '@mouthpiece/editor/timeline'
import { cn } from '../../../lib/cn'
import type { ProjectEditor } from './use-project-editor'

/** Vertical gap between layer rows. */
const ROW_GAP = 4
const ROW = TIMELINE.assetHeight + ROW_GAP
const KIND_STYLE: Record<SceneAsset['type'], string> = {
  image: 'border-[#9146FF]/60 bg-[#9146FF]/20',
  video: 'border-[#F2C94C]/60 bg-[#F2C94C]/15',
  text: 'border-[#05FBCA]/50 bg-[#05FBCA]/12',
  audio: 'border-[#FF6A59]/60 bg-[#FF6A59]/15',
}
const label = (a: SceneAsset) =>
  a.type === 'text'
    ? a.text || 'Text'
    : a.type === 'image'
      ? 'Picture'
      : a.type === 'video'
        ? 'Video'
        : 'Sound'

type Edge = 'move' | 'start' | 'end'

/**
 * The overlay layers under the scene clips (SPEC §9: at most 4 layers, asset height 40): drag a clip
 * to move it in time (and up/down between layers), drag either edge to trim it. Each drag is one
 * `asset.update` gesture, so one undo step however long it lasts; times stay inside the scene.
 */
export function TimelineAssets({
  editor,
  spans,
  pxPerSecond,
  selected,
  onSelect,
}: {
  editor: ProjectEditor
  spans: SceneSpan[]
  pxPerSecond: number
  selected: string | null
  onSelect: (assetId: string | null) => void
}) {
  const drag = useRef<{
    sceneId: string
    assetId: string
    edge: Edge
    x: number
    y: number
    start: number
    end: number
    layer: number
    gesture: string
  } | null>(null)
  const used = Math.max(-1, ...spans.flatMap((s) => s.scene.assets.map((a) => a.layer)))
  if (used < 0) return null
  const rows = Math.min(TIMELINE.maxLayer, used + 2)

  const begin = (e: ReactPointerEvent, sceneId: string, asset: SceneAsset, edge: Edge) => {
    e.stopPropagation()
    e.preventDefault()
    ;(e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId)
    onSelect(asset.id)
    drag.current = {
      sceneId,
      assetId: asset.id,
      edge,
      x: e.clientX,
      y: e.clientY,
      start: asset.start,
      end: asset.end,
      layer: asset.layer,
      gesture: newId(),
    }
  }
  const move = (e: ReactPointerEvent) => {
    const d = drag.current
    if (!d) return
    const dt = (e.clientX - d.x) / pxPerSecond
    const data =
      d.edge === 'start'
        ? { start: d.start + dt }
        : d.edge === 'end'
          ? { end: d.end + dt }
          : { start: d.start + dt, end: d.end + dt, layer: d.layer + Math.round((e.clientY - d.y) / ROW) }
    editor.run('asset.update', { sceneId: d.sceneId, assetId: d.assetId, data, gesture: d.gesture })
  }
  const end = () => {
    drag.current = null
  }

  return (
    <div
      className="relative mt-2"
      style={{ height: rows * ROW }}
      role="group"
      aria-label="Overlay layers"
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
    >
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          className="absolute right-0 left-0 rounded border border-dashed border-border/50"
          style={{ top: i * ROW, height: TIMELINE.assetHeight }}
          aria-hidden
        />
      ))}
      {spans.flatMap(({ scene, start }) =>
        scene.assets.map((a) => (
          <div
            key={`${scene.id}:${a.id}`}
            role="button"
            tabIndex={0}
            aria-label={`${label(a)} from ${a.start.toFixed(1)} s to ${a.end.toFixed(1)} s`}
            aria-pressed={selected === a.id}
            data-testid="timeline-asset"
            onPointerDown={(e) => begin(e, scene.id, a, 'move')}
            onKeyDown={(e) => {
              if (e.key === 'Delete' || e.key === 'Backspace') {
                e.stopPropagation()
                editor.run('asset.delete', { sceneId: scene.id, assetId: a.id })
              }
            }}
            className={cn(
              'absolute flex cursor-grab touch-none items-center overflow-hidden rounded-md border text-[11px] whitespace-nowrap text-text select-none',
              KIND_STYLE[a.type],
              selected === a.id && 'ring-2 ring-accent',
            )}
            style={{
              left: (start + a.start) * pxPerSecond,
              width: Math.max(10, (a.end - a.start) * pxPerSecond),
              top: a.layer * ROW,
              height: TIMELINE.assetHeight,
            }}
          >
            <span
              data-testid="trim-start"
              aria-hidden
              className="h-full w-2 shrink-0 cursor-ew-resize bg-white/25 hover:bg-accent"
              onPointerDown={(e) => begin(e, scene.id, a, 'start')}
            />
            <span className="min-w-0 flex-1 truncate px-1.5">{label(a)}</span>
            <span
              data-testid="trim-end"
              aria-hidden
              className="h-full w-2 shrink-0 cursor-ew-resize bg-white/25 hover:bg-accent"
              onPointerDown={(e) => begin(e, scene.id, a, 'end')}
            />
          </div>
        )),
      )}
    </div>
  )
}
