import { useRef, useState } from 'react'
import type { PointerEvent as ReactPointerEvent } from 'react'
import { MAX_STROKE_POINTS, MAX_STROKES } from '@mouthpiece/contracts/ads/images'
import type { AdAsset, ExtractStroke, ImageBox } from '@mouthpiece/contracts/ads/images'
import { API_BASE_URL } from '../../../lib/api'

/** What a drag on the picture does: draw the GrabCut box, or paint a keep / remove stroke. */
export type ExtractTool = 'box' | 'keep' | 'remove'

const STROKE_COLOUR = { keep: '#34D399', remove: '#F43F5E' } as const
/** The on-screen picture is at most this wide; everything sent to the server is in image pixels. */
const STAGE_MAX_PX = 420

/** An SVG path through a stroke's points; a single point draws a dot (zero-length segment, round cap). */
const pathOf = (points: ExtractStroke['points']) => {
  const [first, ...rest] = points
  if (!first) return ''
  return `M${first[0]} ${first[1]} ${(rest.length ? rest : [first]).map(([x, y]) => `L${x} ${y}`).join(' ')}`
}

interface Props {
  asset: AdAsset
  tool: ExtractTool
  /** Brush radius in image pixels. */
  radius: number
  box: ImageBox | null
  onBox: (box: ImageBox | null) => void
  strokes: ExtractStroke[]
  onStrokes: (strokes: ExtractStroke[]) => void
  disabled: boolean
}

/**
 * The uploaded picture with the box and the refinement strokes drawn over it. Strokes are sent
 * as the user painted them (image pixels, the brush radius); a point is added only once the
 * pointer moved a third of the radius, so a long stroke stays well under the server's point cap.
 */
export function ExtractStage({ asset, tool, radius, box, onBox, strokes, onStrokes, disabled }: Props) {
  const ref = useRef<HTMLDivElement>(null)
  const [start, setStart] = useState<{ x: number; y: number } | null>(null)
  const [live, setLive] = useState<ExtractStroke | null>(null)
  const shownW = Math.min(STAGE_MAX_PX, asset.width)
  const k = shownW / asset.width
  const point = (e: ReactPointerEvent): [number, number] => {
    const r = ref.current!.getBoundingClientRect()
    return [
      Math.round(Math.max(0, Math.min(asset.width, (e.clientX - r.left) / k))),
      Math.round(Math.max(0, Math.min(asset.height, (e.clientY - r.top) / k))),
    ]
  }
  const full = strokes.length >= MAX_STROKES

  function down(e: ReactPointerEvent) {
    if (disabled || (tool !== 'box' && full)) return
    ;(e.target as HTMLElement).setPointerCapture(e.pointerId)
    const [x, y] = point(e)
    if (tool === 'box') {
      setStart({ x, y })
      onBox(null)
    } else setLive({ keep: tool === 'keep', radius, points: [[x, y]] })
  }
  function move(e: ReactPointerEvent) {
    const [x, y] = point(e)
    if (start)
      onBox({
        x: Math.min(x, start.x),
        y: Math.min(y, start.y),
        w: Math.abs(x - start.x),
        h: Math.abs(y - start.y),
      })
    if (!live || live.points.length >= MAX_STROKE_POINTS) return
    const [lx, ly] = live.points[live.points.length - 1]!
    if (Math.hypot(x - lx, y - ly) >= Math.max(1, live.radius / 3))
      setLive({ ...live, points: [...live.points, [x, y]] })
  }
  function up() {
    setStart(null)
    if (live) onStrokes([...strokes, live])
    setLive(null)
  }

  const shown = live ? [...strokes, live] : strokes
  return (
    <div
      ref={ref}
      data-testid="extract-stage"
      className={`relative select-none overflow-hidden rounded-xl ${tool === 'box' ? 'cursor-crosshair' : 'cursor-cell'}`}
      style={{ width: shownW, maxWidth: '100%', height: asset.height * k, touchAction: 'none' }}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
    >
      <img src={`${API_BASE_URL}${asset.url}`} alt={asset.name} draggable={false} className="h-full w-full" />
      <svg
        viewBox={`0 0 ${asset.width} ${asset.height}`}
        className="pointer-events-none absolute inset-0 h-full w-full"
        aria-hidden="true"
      >
        {shown.map((s, i) => (
          <path
            key={i}
            d={pathOf(s.points)}
            fill="none"
            stroke={STROKE_COLOUR[s.keep ? 'keep' : 'remove']}
            strokeOpacity={0.55}
            strokeWidth={s.radius * 2}
            strokeLinecap="round"
            strokeLinejoin="round"
            data-stroke={s.keep ? 'keep' : 'remove'}
          />
        ))}
      </svg>
      {box ? (
        <div
          className="absolute border-2 border-dashed border-[#FF6A59] bg-[#FF6A59]/10"
          style={{ left: box.x * k, top: box.y * k, width: box.w * k, height: box.h * k }}
        />
      ) : null}
    </div>
  )
}
