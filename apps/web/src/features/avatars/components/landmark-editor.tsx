import { useRef, useState } from 'react'
import type { FacePoint, PhotoFace } from '@mouthpiece/contracts/media/avatar.schemas'
import { API_BASE_URL } from '../../../lib/api'

/** Lines between neighbouring points of the 68-point model, so the user sees which point is which. */
const CHAINS: Array<[number, number, boolean]> = [
  [0, 16, false],
  [17, 21, false],
  [22, 26, false],
  [27, 30, false],
  [31, 35, false],
  [36, 41, true],
  [42, 47, true],
  [48, 59, true],
  [60, 67, true],
]

/**
 * The portrait with its face landmarks drawn over it; any point can be dragged (mouse, touch or
 * pen) to fix what the detector got wrong. Points are in the photo's pixels.
 */
export function LandmarkEditor({
  photo,
  points,
  onChange,
  size = 360,
}: {
  photo: PhotoFace
  points: FacePoint[]
  onChange: (points: FacePoint[]) => void
  size?: number
}) {
  const svg = useRef<SVGSVGElement>(null)
  const [dragging, setDragging] = useState<number>()
  const toPhoto = (e: React.PointerEvent): FacePoint => {
    const r = svg.current!.getBoundingClientRect()
    const x = ((e.clientX - r.left) / r.width) * photo.width
    const y = ((e.clientY - r.top) / r.height) * photo.height
    return [Math.max(0, Math.min(photo.width, x)), Math.max(0, Math.min(photo.height, y))]
  }
  const dot = Math.max(photo.width, photo.height) / 170
  const height = (size * photo.height) / photo.width
  return (
    <div
      className="relative select-none overflow-hidden rounded-xl border border-border"
      style={{ width: size, height }}
    >
      <img
        src={`${API_BASE_URL}${photo.src}`}
        alt="Your portrait"
        className="absolute inset-0 h-full w-full"
        draggable={false}
      />
      <svg
        ref={svg}
        viewBox={`0 0 ${photo.width} ${photo.height}`}
        className="absolute inset-0 h-full w-full touch-none"
        role="group"
        aria-label="Face landmarks"
        onPointerMove={(e) =>
          dragging !== undefined && onChange(points.map((p, i) => (i === dragging ? toPhoto(e) : p)))
        }
        onPointerUp={() => setDragging(undefined)}
        onPointerLeave={() => setDragging(undefined)}
      >
        {CHAINS.map(([from, to, closed]) => (
          <polyline
            key={from}
            points={[...points.slice(from, to + 1), ...(closed ? [points[from]!] : [])]
              .map((p) => p.join(','))
              .join(' ')}
            fill="none"
            stroke="rgba(255,106,89,0.55)"
            strokeWidth={dot * 0.35}
          />
        ))}
        {points.map((p, i) => (
          <circle
            key={i}
            data-landmark={i}
            cx={p[0]}
            cy={p[1]}
            r={dragging === i ? dot * 1.6 : dot}
            fill={dragging === i ? '#FF6A59' : '#ffffff'}
            stroke="#FF6A59"
            strokeWidth={dot * 0.4}
            className="cursor-grab"
            onPointerDown={(e) => {
              e.currentTarget.ownerSVGElement?.setPointerCapture(e.pointerId)
              setDragging(i)
            }}
          />
        ))}
      </svg>
    </div>
  )
}
