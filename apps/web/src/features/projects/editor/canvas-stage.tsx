import { useEffect, useMemo, useRef, useState } from 'react'
import type { PointerEvent as ReactPointerEvent } from 'react'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { Box } from '@mouthpiece/editor/commands'
import { canvasSize, drawFrame } from '@mouthpiece/editor/draw-frame'
import type { FrameAssets } from '@mouthpiece/editor/draw-frame'
import { snapBox } from '@mouthpiece/editor/snapping'
import type { Guide } from '@mouthpiece/editor/snapping'
import { sceneAt } from '@mouthpiece/editor/timeline'
import { cn } from '../../../lib/cn'
import { loadCaptionFonts } from '../../../lib/caption-fonts-browser'
import { OVERLAY_NAME } from './overlays-panel'
import type { ProjectEditor } from './use-project-editor'
import type { Playback } from './use-playback'
import { useFrameAssets } from './use-frame-assets'

/**
 * A box the user can move, resize and rotate on the canvas: the avatar, the caption and every
 * overlay on screen at the playhead (sounds have none). `set` runs the box's command with the drag's
 * gesture id, so one drag is one undo step and is autosaved like any edit.
 */
interface Handle {
  key: string
  name: string
  testId: string
  box: Box
  /** Resizing keeps the width:height ratio (avatar, pictures, videos). */
  keepRatio: boolean
  set: (box: Partial<Box>, gesture: string) => void
}

function handlesOf(editor: ProjectEditor, scene: Scene, local: number): Handle[] {
  const sceneId = scene.id
  const handles: Handle[] = []
  if (scene.avatarData.showAvatar)
    handles.push({
      key: 'avatar',
      name: 'Avatar',
      testId: 'avatar-box',
      box: { ...scene.avatarData.position },
      keepRatio: true,
      set: (box, gesture) => editor.run('avatar.setBox', { sceneId, box, gesture }),
    })
  const c = scene.captionData
  if (c.display)
    handles.push({
      key: 'caption',
      name: 'Caption',
      testId: 'caption-box',
      box: { x: c.x, y: c.y, width: c.w, height: c.h, angle: c.angle },
      keepRatio: false,
      set: (box, gesture) => editor.run('caption.setBox', { sceneId, box, gesture }),
    })
  // Drawn in layer order (drawFrame's order), so the top box takes the pointer.
  const shown = scene.assets
    .filter((a) => a.type !== 'audio' && local >= a.start && local < a.end)
    .sort((a, b) => a.layer - b.layer)
  for (const a of shown)
    handles.push({
      key: a.id,
      name: `${OVERLAY_NAME[a.type]} overlay`,
      testId: 'overlay-box',
      box: { x: a.x, y: a.y, width: a.w, height: a.h, angle: a.angle },
      keepRatio: a.type !== 'text',
      set: (box, gesture) => editor.run('asset.setBox', { sceneId, assetId: a.id, box, gesture }),
    })
  return handles
}

/** The editor canvas (SPEC §9: 840×465): drawn by drawFrame, with handles to move, resize and rotate. */
export function CanvasStage({
  editor,
  playback,
  width,
}: {
  editor: ProjectEditor
  playback: Playback
  width: number
}) {
  const { doc } = editor
  const size = canvasSize(doc)
  const k = width / size.width
  const canvas = useRef<HTMLCanvasElement>(null)
  const assets = useFrameAssets(doc, editor.projectId)
  const [fontsReady, setFontsReady] = useState(0)
  const [guides, setGuides] = useState<Guide[]>([])
  const [selected, setSelected] = useState<string | null>(null)
  const docRef = useRef(doc)
  docRef.current = doc
  const assetsRef = useRef<FrameAssets>(assets)
  assetsRef.current = assets
  const fontKey = doc.scenes.map((s) => `${s.captionData.fontFamily}:${s.captionData.fontWeight}`).join()

  useEffect(() => {
    let live = true
    void loadCaptionFonts(docRef.current.scenes.map((s) => s.captionData)).then(
      () => live && setFontsReady((n) => n + 1),
    )
    return () => {
      live = false
    }
  }, [fontKey])

  const dpr = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1)
  const pxW = Math.round(width * dpr)
  const pxH = Math.round(size.height * k * dpr)

  // Draw on every clock tick and whenever the document, assets or fonts change.
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d')
    if (!ctx) return
    const draw = (t: number) =>
      drawFrame(ctx, docRef.current, t * 1000, assetsRef.current, { width: pxW, height: pxH })
    draw(playback.timeRef.current)
    // The bench (bench/editor-preview.bench.ts) reads when the first frame with its fonts was drawn.
    if (fontsReady && !performance.getEntriesByName('editor:first-frame').length)
      performance.mark('editor:first-frame')
    return playback.onFrame(draw)
  }, [doc, assets, fontsReady, pxW, pxH, playback])

  const at = sceneAt(doc, playback.time)
  const scene = at?.span.scene
  const local = at?.local ?? 0
  const handles = useMemo(
    () => (scene && !playback.playing ? handlesOf(editor, scene, local) : []),
    [editor, scene, local, playback.playing],
  )

  const startDrag = (e: ReactPointerEvent, handle: Handle, mode: 'move' | 'resize' | 'rotate') => {
    e.preventDefault()
    e.stopPropagation()
    setSelected(handle.key)
    const start = handle.box
    const others = handles.filter((h) => h !== handle).map((h) => h.box)
    const origin = { x: e.clientX, y: e.clientY }
    const el = e.currentTarget as HTMLElement
    el.setPointerCapture(e.pointerId)
    const rect = canvas.current!.getBoundingClientRect()
    const gesture = `${handle.key}-${mode}-${e.timeStamp}`
    const move = (ev: PointerEvent) => {
      const dx = (ev.clientX - origin.x) / k
      const dy = (ev.clientY - origin.y) / k
      let box: Partial<Box>
      if (mode === 'move') {
        const snapped = ev.altKey
          ? { x: start.x + dx, y: start.y + dy, guides: [] }
          : snapBox({ ...start, x: start.x + dx, y: start.y + dy }, size, others)
        setGuides(snapped.guides)
        box = { x: snapped.x, y: snapped.y }
      } else if (mode === 'resize') {
        // The bottom-right handle grows the box about its centre; pictures keep their proportions.
        let w = Math.max(24, start.width + dx * 2)
        let h = Math.max(16, start.height + dy * 2)
        if (handle.keepRatio) {
          const ratio = start.width / start.height
          w = Math.max(w, h * ratio)
          h = w / ratio
        }
        box = { width: w, height: h }
      } else {
        const cx = rect.left + start.x * k
        const cy = rect.top + start.y * k
        let angle = (Math.atan2(ev.clientY - cy, ev.clientX - cx) * 180) / Math.PI + 90
        // Snap to the nearest 15° within 4° (Shift rotates freely).
        const near = Math.round(angle / 15) * 15
        if (!ev.shiftKey && Math.abs(angle - near) < 4) angle = near
        box = { angle }
      }
      handle.set(box, gesture)
    }
    const up = () => {
      el.removeEventListener('pointermove', move)
      el.removeEventListener('pointerup', up)
      el.removeEventListener('pointercancel', up)
      setGuides([])
    }
    el.addEventListener('pointermove', move)
    el.addEventListener('pointerup', up)
    el.addEventListener('pointercancel', up)
  }

  return (
    <div
      className="relative select-none"
      style={{ width, height: size.height * k }}
      onPointerDown={() => setSelected(null)}
    >
      <canvas
        ref={canvas}
        width={pxW}
        height={pxH}
        style={{ width, height: size.height * k }}
        className="block rounded-lg bg-black shadow-lg"
        aria-label="Video preview"
        data-testid="editor-canvas"
      />
      {handles.map((handle) => {
        const b = handle.box
        return (
          <div
            key={handle.key}
            data-testid={handle.testId}
            role="button"
            aria-label={`${handle.name}: drag to move`}
            tabIndex={0}
            onPointerDown={(e) => startDrag(e, handle, 'move')}
            className={cn(
              'absolute cursor-move border-2 border-dashed',
              selected === handle.key ? 'border-accent' : 'border-white/30 hover:border-white/70',
            )}
            style={{
              left: (b.x - b.width / 2) * k,
              top: (b.y - b.height / 2) * k,
              width: b.width * k,
              height: b.height * k,
              transform: `rotate(${b.angle}deg)`,
            }}
          >
            <span
              data-testid={`${handle.testId.replace(/-box$/, '')}-resize`}
              aria-label={`Resize ${handle.name.toLowerCase()}`}
              onPointerDown={(e) => startDrag(e, handle, 'resize')}
              className="absolute -right-2 -bottom-2 h-4 w-4 cursor-nwse-resize rounded-sm border-2 border-white bg-accent"
            />
            <span
              data-testid={`${handle.testId.replace(/-box$/, '')}-rotate`}
              aria-label={`Rotate ${handle.name.toLowerCase()}`}
              onPointerDown={(e) => startDrag(e, handle, 'rotate')}
              className="absolute -top-6 left-1/2 h-4 w-4 -translate-x-1/2 cursor-grab rounded-full border-2 border-white bg-accent"
            />
          </div>
        )
      })}
      {guides.map((g) => (
        <div
          key={`${g.axis}${g.at}`}
          className="pointer-events-none absolute bg-[#05FBCA]"
          style={
            g.axis === 'x'
              ? { left: g.at * k, top: 0, width: 1, height: size.height * k }
              : { top: g.at * k, left: 0, height: 1, width }
          }
        />
      ))}
    </div>
  )
}
