/**
 * The triangle mesh a photo avatar is warped with: the 68 face landmarks, a forehead row above the
 * brows, a ring around the head and the crop's border, triangulated once per photo (Delaunay).
 */
import type { FacePoint, PhotoFace } from '@mouthpiece/contracts/media/avatar.schemas'

export type Pt = [number, number]

/** How a mesh point follows the head (1 face, 0 fixed border). */
export interface PhotoMesh {
  /** Source points in the photo's pixels. */
  points: Pt[]
  /** 0..1: how much each point follows head motion. */
  follow: number[]
  triangles: [number, number, number][]
  /** Triangles inside the inner lips: painted as the mouth interior, never textured. */
  mouthInside: boolean[]
  /** The square crop of the photo shown in the avatar box. */
  crop: { x: number; y: number; side: number }
  faceWidth: number
  mouthWidth: number
  /** The neck pivot the head turns about. */
  pivot: Pt
}

export const INNER_LIPS = [60, 61, 62, 63, 64, 65, 66, 67]
const dist = (a: FacePoint, b: FacePoint) => Math.hypot(a[0] - b[0], a[1] - b[1])

/** Bowyer–Watson; fine for the ~110 points here, run once per photo. */
export function delaunay(points: readonly Pt[]): [number, number, number][] {
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  const minX = Math.min(...xs),
    minY = Math.min(...ys)
  const d = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY) * 20 + 1
  const all: Pt[] = [...points, [minX - d, minY - d], [minX + 2 * d, minY - d], [minX - d, minY + 2 * d]]
  const n = points.length
  type Tri = { a: number; b: number; c: number; cx: number; cy: number; r2: number }
  const make = (a: number, b: number, c: number): Tri => {
    const [ax, ay] = all[a]!,
      [bx, by] = all[b]!,
      [cx, cy] = all[c]!
    const D = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by)) || 1e-12
    const ux =
      ((ax * ax + ay * ay) * (by - cy) + (bx * bx + by * by) * (cy - ay) + (cx * cx + cy * cy) * (ay - by)) /
      D
    const uy =
      ((ax * ax + ay * ay) * (cx - bx) + (bx * bx + by * by) * (ax - cx) + (cx * cx + cy * cy) * (bx - ax)) /
      D
    return { a, b, c, cx: ux, cy: uy, r2: (ax - ux) ** 2 + (ay - uy) ** 2 }
  }
  let tris: Tri[] = [make(n, n + 1, n + 2)]
  for (let i = 0; i < n; i++) {
    const [px, py] = all[i]!
    const bad = tris.filter((t) => (px - t.cx) ** 2 + (py - t.cy) ** 2 < t.r2)
    const edges = new Map<string, [number, number]>()
    for (const t of bad) {
      for (const [u, v] of [
        [t.a, t.b],
        [t.b, t.c],
        [t.c, t.a],
      ] as const) {
        const key = u < v ? `${u},${v}` : `${v},${u}`
        if (edges.has(key)) edges.delete(key)
        else edges.set(key, [u, v])
      }
    }
    tris = tris.filter((t) => !bad.includes(t))
    for (const [u, v] of edges.values()) tris.push(make(u, v, i))
  }
  return tris.filter((t) => t.a < n && t.b < n && t.c < n).map((t) => [t.a, t.b, t.c])
}

const meshes = new WeakMap<PhotoFace, PhotoMesh>()

export function meshFor(photo: PhotoFace): PhotoMesh {
  let mesh = meshes.get(photo)
  if (!mesh) {
    mesh = buildMesh(photo)
    meshes.set(photo, mesh)
  }
  return mesh
}

function buildMesh(photo: PhotoFace): PhotoMesh {
  const L = photo.landmarks
  const faceWidth = dist(L[0]!, L[16]!)
  const mouthWidth = dist(L[48]!, L[54]!)
  const noseLen = dist(L[27]!, L[33]!)
  const cx = (L[0]![0] + L[16]![0]) / 2
  const cy = (L[27]![1] + L[8]![1]) / 2
  // A square about 2.3 face widths: the head with some hair, neck and shoulders, inside the photo.
  const side = Math.min(faceWidth * 2.3, photo.width, photo.height)
  const x = Math.min(Math.max(cx - side / 2, 0), photo.width - side)
  const y = Math.min(Math.max(cy - side * 0.47, 0), photo.height - side)
  const points: Pt[] = L.map((p) => [p[0], p[1]])
  const follow = L.map(() => 1)
  // Forehead: above each brow point by ~0.8 nose lengths, so the forehead moves with the face.
  for (const i of [17, 19, 21, 22, 24, 26]) {
    points.push([L[i]![0], L[i]![1] - noseLen * 0.8])
    follow.push(1)
  }
  // Ring around the head (hair, ears, neck) following half-way, so the motion fades into the picture.
  const ringR = faceWidth * 0.78
  const ringCy = cy - noseLen * 0.3
  for (let k = 0; k < 12; k++) {
    const a = (k / 12) * Math.PI * 2
    points.push([cx + Math.cos(a) * ringR, ringCy + Math.sin(a) * ringR * 1.15])
    follow.push(0.45)
  }
  // The crop border stays put.
  for (let k = 0; k < 4; k++) {
    const t = k / 4
    points.push(
      [x + side * t, y],
      [x + side, y + side * t],
      [x + side * (1 - t), y + side],
      [x, y + side * (1 - t)],
    )
    follow.push(0, 0, 0, 0)
  }
  // Triangulate as if the mouth were a little open, so no triangle joins the upper lip to the lower one.
  const gap = mouthWidth * 0.12
  const virtual = points.map((p, i): Pt =>
    i >= 65 && i <= 67 ? [p[0], p[1] + gap] : i >= 61 && i <= 63 ? [p[0], p[1] - gap * 0.3] : p,
  )
  const triangles = delaunay(virtual)
  const inner = new Set(INNER_LIPS)
  return {
    points,
    follow,
    triangles,
    mouthInside: triangles.map((t) => t.every((i) => inner.has(i))),
    crop: { x, y, side },
    faceWidth,
    mouthWidth,
    pivot: [L[8]![0], L[8]![1] + noseLen * 0.6],
  }
}
