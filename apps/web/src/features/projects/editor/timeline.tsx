import { useEffect, useRef, useState } from 'react'
import type { DragEvent } from 'react'
import { TIMELINE } from '@mouthpiece/contracts/constants'
import type { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import { canvasSize, drawFrame } from '@mouthpiece/editor/draw-frame'
import type { FrameAssets } from '@mouthpiece/editor/draw-frame'
import { currentTake, projectDuration, sceneAt, sceneSpans } from '@mouthpiece/editor/timeline'
import { API_BASE_URL } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { loadCaptionFonts } from '../../../lib/caption-fonts-browser'
import { contentHash, getPreview, putPreview } from './preview-images'
import type { ProjectEditor } from './use-project-editor'
import type { Playback } from './use-playback'
import { TimelineAssets } from './timeline-assets'
import { Waveform } from './waveform'
import { useThumbnailAssets } from './use-frame-assets'

/** Height of the audio track under the scene clips (SPEC §9 asset height range 30–50). */
const WAVE_HEIGHT = TIMELINE.assetHeightMin

const formatTime = (t: number) =>
  `${Math.floor(t / 60)}:${String(Math.floor(t % 60)).padStart(2, '0')}.${Math.floor((t % 1) * 10)}`

/** One frame thumbnail (SPEC §9 frame 145×72) at time t, cached in IndexedDB previewImgs. */
function useThumbnail(
  doc: ProjectDocument,
  projectId: number,
  t: number,
  spf: number,
  drawn: { assets: FrameAssets; stamp: string },
): string | undefined {
  const [url, setUrl] = useState<string>()
  const at = sceneAt(doc, t)
  // The decoded images are part of the key: a background picked since is drawn once it has loaded.
  const key = at
    ? `${projectId}:${spf}:${contentHash(JSON.stringify([at.span.scene, doc.background, doc.settings.video_orientation, Math.round(at.local * 10), drawn.stamp]))}`
    : ''
  useEffect(() => {
    if (!key) return
    let live = true
    void getPreview(key).then(async (hit) => {
      if (!live) return
      if (hit) return setUrl(hit.dataUrl)
      // Draw with the caption's own face, never a fallback that would then stay cached.
      if (at) await loadCaptionFonts([at.span.scene.captionData])
      if (!live) return
      const size = canvasSize(doc)
      const canvas = document.createElement('canvas')
      canvas.width = TIMELINE.frameWidth
      canvas.height = Math.round((TIMELINE.frameWidth * size.height) / size.width)
      const ctx = canvas.getContext('2d')
      if (!ctx) return
      drawFrame(ctx, doc, t * 1000, drawn.assets, { width: canvas.width, height: canvas.height })
      const dataUrl = canvas.toDataURL('image/jpeg', 0.7)
      setUrl(dataUrl)
      void putPreview({ id: key, dataUrl, spf, projectId })
      if (t === 0) void putPreview({ id: `${projectId}:cover`, dataUrl, spf, projectId })
    })
    return () => {
      live = false
    }
  }, [key]) // eslint-disable-line react-hooks/exhaustive-deps
  return url
}

function Frame({
  doc,
  projectId,
  t,
  spf,
  drawn,
}: {
  doc: ProjectDocument
  projectId: number
  t: number
  spf: number
  drawn: { assets: FrameAssets; stamp: string }
}) {
  const url = useThumbnail(doc, projectId, t, spf, drawn)
  return (
    <div
      className="shrink-0 border-r border-black/40 bg-black/40"
      style={{ width: TIMELINE.frameWidth, height: TIMELINE.frameHeight }}
    >
      {url ? <img src={url} alt="" className="h-full w-full object-cover" draggable={false} /> : null}
    </div>
  )
}

/**
 * The timeline (SPEC §9: frame seconds 1–8, initial 5; frame 145×72): a ruler, the frames, the
 * scenes as clips (drag one onto another to reorder), the overlay layers (drag to move, edges to
 * trim), the audio, the tracker, zoom.
 */
export function Timeline({ editor, playback }: { editor: ProjectEditor; playback: Playback }) {
  const { doc } = editor
  const drawn = useThumbnailAssets(doc, editor.projectId)
  const [spf, setSpf] = useState<number>(doc.timeline.secondPerFrame)
  const pxPerSecond = TIMELINE.frameWidth / spf
  const total = projectDuration(doc)
  const frames = Math.max(1, Math.ceil(total / spf))
  const spans = sceneSpans(doc)
  const tracker = useRef<HTMLDivElement>(null)
  const timecode = useRef<HTMLSpanElement>(null)
  const dragging = useRef<string | null>(null)
  const [selectedAsset, setSelectedAsset] = useState<string | null>(null)

  // The tracker and the timecode follow the clock outside React (every animation frame).
  useEffect(() => {
    const place = (t: number) => {
      if (tracker.current) tracker.current.style.transform = `translateX(${t * pxPerSecond}px)`
      if (timecode.current) timecode.current.textContent = `${formatTime(t)} / ${formatTime(total)}`
    }
    place(playback.timeRef.current)
    return playback.onFrame(place)
  }, [playback, pxPerSecond, total, playback.time])

  const seekAt = (clientX: number, el: HTMLElement) =>
    playback.seek((clientX - el.getBoundingClientRect().left) / pxPerSecond)
  const drop = (e: DragEvent, sceneId: string) => {
    e.preventDefault()
    const from = dragging.current
    dragging.current = null
    const to = doc.scenes.findIndex((s) => s.id === sceneId)
    if (from && from !== sceneId && to >= 0) editor.run('scene.move', { sceneId: from, to })
  }

  return (
    <section aria-label="Timeline" className="rounded-xl border border-border bg-surface">
      <header className="flex items-center justify-between gap-3 border-b border-border px-4 py-2">
        <span ref={timecode} className="text-xs text-muted tabular-nums" data-testid="timecode" />
        <div className="flex items-center gap-2 text-xs text-muted">
          <button
            type="button"
            aria-label="Zoom out"
            className="h-7 w-7 rounded-md border border-border hover:text-text disabled:opacity-40"
            disabled={spf >= TIMELINE.frameSecondsMax}
            onClick={() => setSpf((s) => Math.min(TIMELINE.frameSecondsMax, s + TIMELINE.frameSecondsStep))}
          >
            −
          </button>
          <span className="w-16 text-center tabular-nums">{spf} s/frame</span>
          <button
            type="button"
            aria-label="Zoom in"
            className="h-7 w-7 rounded-md border border-border hover:text-text disabled:opacity-40"
            disabled={spf <= TIMELINE.frameSecondsMin}
            onClick={() => setSpf((s) => Math.max(TIMELINE.frameSecondsMin, s - TIMELINE.frameSecondsStep))}
          >
            +
          </button>
        </div>
      </header>
      <div className="overflow-x-auto px-4 py-3">
        <div
          className="relative"
          style={{ width: Math.max(total * pxPerSecond, frames * TIMELINE.frameWidth) }}
        >
          <div
            className="relative h-5 cursor-pointer text-[10px] text-muted"
            onPointerDown={(e) => seekAt(e.clientX, e.currentTarget)}
          >
            {Array.from({ length: frames + 1 }, (_, i) => (
              <span
                key={i}
                className="absolute top-0 border-l border-border pl-1"
                style={{ left: i * TIMELINE.frameWidth }}
              >
                {formatTime(i * spf)}
              </span>
            ))}
          </div>
          <div
            className="flex cursor-pointer overflow-hidden rounded-md"
            onPointerDown={(e) => seekAt(e.clientX, e.currentTarget)}
          >
            {Array.from({ length: frames }, (_, i) => (
              <Frame key={i} doc={doc} projectId={editor.projectId} t={i * spf} spf={spf} drawn={drawn} />
            ))}
          </div>
          <div className="relative mt-2" style={{ height: TIMELINE.assetHeight }}>
            {spans.map(({ scene, index, start, end }) => (
              <div
                key={scene.id}
                draggable
                onDragStart={() => (dragging.current = scene.id)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => drop(e, scene.id)}
                onClick={() => playback.seek(start + 0.001)}
                data-testid="timeline-clip"
                title={scene.text}
                className={cn(
                  'absolute top-0 flex h-full cursor-grab items-center overflow-hidden rounded-md border px-2 text-xs whitespace-nowrap',
                  index % 2 ? 'border-[#05FBCA]/50 bg-[#05FBCA]/15' : 'border-accent/60 bg-accent/20',
                )}
                style={{ left: start * pxPerSecond, width: Math.max(8, (end - start) * pxPerSecond - 2) }}
              >
                <b className="mr-1">{index + 1}</b>
                {scene.captionData.ownStyle ? (
                  <span
                    className="mr-1 rounded bg-warning/15 px-1 text-[10px] font-semibold text-warning"
                    title="Custom captions"
                  >
                    <span aria-hidden>CC</span>
                    <span className="sr-only">Custom captions</span>
                  </span>
                ) : null}
                {scene.text || 'Empty scene'}
              </div>
            ))}
          </div>
          <TimelineAssets
            editor={editor}
            spans={spans}
            pxPerSecond={pxPerSecond}
            selected={selectedAsset}
            onSelect={setSelectedAsset}
          />
          <div className="relative mt-1" style={{ height: WAVE_HEIGHT }} role="group" aria-label="Audio">
            {spans.map(({ scene, start, end }) => {
              const take = currentTake(scene)
              return take ? (
                <div key={scene.id} className="absolute top-0" style={{ left: start * pxPerSecond }}>
                  <Waveform
                    url={API_BASE_URL + take.url}
                    width={Math.max(8, Math.round((end - start) * pxPerSecond - 2))}
                    height={WAVE_HEIGHT}
                    seconds={end - start}
                  />
                </div>
              ) : null
            })}
          </div>
          <div
            ref={tracker}
            className="pointer-events-none absolute top-0 bottom-0 left-0 w-0.5 bg-accent"
            aria-hidden
            data-testid="tracker"
          >
            <span className="absolute -top-1 -left-1.5 h-3 w-3.5 rounded-sm bg-accent" />
          </div>
        </div>
      </div>
    </section>
  )
}
