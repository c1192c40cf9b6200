/**
 * Where a change of mouth shape alone can change pixels, so a renderer can redraw only that part of
 * a frame (through a clip) when the rest of the pose is exactly the one it drew last. Head and body
 * motion are sampled at 15 Hz (animation.ts), so at 30 frames/s about every other frame differs from
 * the one before only in the mouth; the clipped redraw runs the same drawing code, so the pixels are
 * the ones a full redraw would give.
 */
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { AvatarPose } from './animation'
import { AVATAR_UNITS } from './draw-avatar'
import type { DrawBox } from './draw-avatar'
import { movedPoints } from './draw-photo'
import { meshFor } from './photo-mesh'
import { getPhotoImage } from './photo-images'

export interface Region {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** True when the two poses differ at most in the mouth shape. */
export function sameButMouth(a: AvatarPose, b: AvatarPose): boolean {
  return (
    a.headX === b.headX &&
    a.headY === b.headY &&
    a.headRot === b.headRot &&
    a.bodyY === b.bodyY &&
    a.blink === b.blink &&
    a.gazeX === b.gazeX &&
    a.gazeY === b.gazeY &&
    a.browRaise === b.browRaise &&
    a.browTilt === b.browTilt &&
    a.eyeOpen === b.eyeOpen &&
    a.smile === b.smile &&
    a.blush === b.blush
  )
}

const union = (a: Region, b: Region): Region => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
})

/** The cartoon's mouth (draw-face.ts drawMouth: centre 128,146 in head space), generously, with strokes and smile curls. */
function cartoonMouth(pose: AvatarPose): Region {
  const { headX, headY, headRot } = pose
  // The head transform of draw-avatar.ts: about the neck pivot (128,184), then shifted.
  const cos = Math.cos(headRot),
    sin = Math.sin(headRot)
  const corners: [number, number][] = [
    [-36, -18],
    [36, -18],
    [36, 32],
    [-36, 32],
  ].map(([dx, dy]) => {
    const x = 128 + dx! - 128,
      y = 146 + dy! - 184
    return [128 + headX + x * cos - y * sin, 184 + headY + x * sin + y * cos]
  })
  return bounds(corners, 0)
}

const MOUTH_POINTS = new Set([4, 5, 6, 7, 8, 9, 10, 11, 12, ...Array.from({ length: 20 }, (_, i) => 48 + i)])
const mouthTriangles = new WeakMap<object, number[]>()

/** A photo's mouth: every mesh triangle with a corner the mouth shape moves (lips, jaw, chin), as drawn for this pose. */
function photoMouth(look: AvatarLook, pose: AvatarPose): Region {
  const photo = look.photo!
  const mesh = meshFor(photo)
  let points = mouthTriangles.get(mesh)
  if (!points) {
    const set = new Set<number>()
    for (const t of mesh.triangles) if (t.some((v) => MOUTH_POINTS.has(v))) t.forEach((v) => set.add(v))
    points = [...set]
    mouthTriangles.set(mesh, points)
  }
  const moved = movedPoints(mesh, photo, pose)
  const k = AVATAR_UNITS / mesh.crop.side
  return bounds(
    points.map((i) => [(moved[i]![0] - mesh.crop.x) * k, (moved[i]![1] - mesh.crop.y) * k]),
    2,
  )
}

function bounds(points: [number, number][], margin: number): Region {
  let r: Region = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }
  for (const [x, y] of points) r = union(r, { x0: x, y0: y, x1: x, y1: y })
  return { x0: r.x0 - margin, y0: r.y0 - margin, x1: r.x1 + margin, y1: r.y1 + margin }
}

/** The mouth's region in the 256-unit avatar box, covering both poses (what was there and what will be). */
export function mouthRegion(look: AvatarLook, before: AvatarPose, after: AvatarPose): Region {
  const photo = look.photo && getPhotoImage(look.photo.src)
  const of = (p: AvatarPose) => (photo ? photoMouth(look, p) : cartoonMouth(p))
  return union(of(before), of(after))
}

/**
 * A unit-box region in the pixels of the context drawAvatar draws into with `box` (its transform:
 * box centre, angle, scale), rounded out to whole pixels with a margin for anti-aliasing, clamped.
 */
export function regionInPixels(r: Region, box: DrawBox, width: number, height: number): Region {
  const rad = ((box.angle ?? 0) * Math.PI) / 180
  const cos = Math.cos(rad),
    sin = Math.sin(rad)
  const sx = box.width / AVATAR_UNITS,
    sy = box.height / AVATAR_UNITS
  const cx = box.x + box.width / 2,
    cy = box.y + box.height / 2
  const px = ([ux, uy]: [number, number]): [number, number] => {
    const x = (ux - AVATAR_UNITS / 2) * sx,
      y = (uy - AVATAR_UNITS / 2) * sy
    return [cx + x * cos - y * sin, cy + x * sin + y * cos]
  }
  const b = bounds([px([r.x0, r.y0]), px([r.x1, r.y0]), px([r.x1, r.y1]), px([r.x0, r.y1])], 2)
  return {
    x0: Math.max(0, Math.floor(b.x0)),
    y0: Math.max(0, Math.floor(b.y0)),
    x1: Math.min(width, Math.ceil(b.x1)),
    y1: Math.min(height, Math.ceil(b.y1)),
  }
}
