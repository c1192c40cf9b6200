/**
 * Draws a talking photo: the portrait's face mesh is moved per frame (jaw and lips by the mouth
 * shape, eyelids by the blink, brows by the expression, the head by the idle motion) and each moved
 * triangle is texture-mapped with one clip + affine transform + drawImage, which the browser's
 * canvas and @napi-rs/canvas both do. The opened mouth is painted (interior, teeth, tongue).
 */
import type { PhotoFace } from '@mouthpiece/contracts/media/avatar.schemas'
import type { AvatarPose } from './animation'
import type { Ctx2D, PatternLike } from './canvas-context'
import type { PhotoImage } from './photo-images'
import { getPhotoImage } from './photo-images'
import { INNER_LIPS, meshFor } from './photo-mesh'
import { rasterPhoto } from './photo-raster'
import type { PhotoMesh, Pt } from './photo-mesh'

const UNITS = 256
/** A triangle is redrawn when one of its corners moved more than this (units). */
const MOVED = 0.05

const UPPER_OUTER = [49, 50, 51, 52, 53]
const LOWER_OUTER = [55, 56, 57, 58, 59]
const UPPER_INNER = [61, 62, 63]
const LOWER_INNER = [65, 66, 67]
const CORNERS = [48, 54, 60, 64]
/** How much each jaw point drops with the chin (the chin most, the jaw angles not at all). */
const JAW_DROP: Record<number, number> = {
  4: 0.15,
  5: 0.4,
  6: 0.7,
  7: 0.92,
  8: 1,
  9: 0.92,
  10: 0.7,
  11: 0.4,
  12: 0.15,
}
const RIGHT_EYE = { upper: [37, 38], lower: [41, 40] }
const LEFT_EYE = { upper: [43, 44], lower: [47, 46] }

/** Where every mesh point goes for this pose, in the photo's pixels. */
export function movedPoints(mesh: PhotoMesh, photo: PhotoFace, pose: AvatarPose): Pt[] {
  const L = photo.landmarks
  const out: Pt[] = mesh.points.map((p) => [p[0], p[1]])
  const m = pose.mouth
  const mw = mesh.mouthWidth
  const move = (i: number, dx: number, dy: number) => {
    out[i]![0] += dx
    out[i]![1] += dy
  }
  // Jaw: the lower lip and chin drop together; the upper lip lifts a little.
  const drop = m.open * mw * 0.34
  for (const [i, w] of Object.entries(JAW_DROP)) move(Number(i), 0, drop * w)
  for (const i of LOWER_OUTER) move(i, 0, drop * 0.95)
  for (const i of LOWER_INNER) move(i, 0, drop * 1.05 + m.open * mw * 0.06)
  for (const i of UPPER_OUTER) move(i, 0, -m.open * mw * 0.04 - m.teeth * mw * 0.03)
  for (const i of UPPER_INNER) move(i, 0, -m.open * mw * 0.08 - m.teeth * mw * 0.05)
  // Width and rounding pull the corners out or in; the smile lifts them; corners sit half-way down the opening.
  const cx = (L[48]![0] + L[54]![0]) / 2
  const widen = (m.wide - 0.5) * 0.22 - m.round * 0.16
  for (const i of CORNERS)
    move(i, Math.sign(L[i]![0] - cx) * widen * mw, drop * 0.45 - pose.smile * mw * 0.04)
  // Rounded lips push forward: the middle of both lips bulges out a little.
  for (const i of [50, 51, 52]) move(i, 0, -m.round * mw * 0.05)
  for (const i of [56, 57, 58]) move(i, 0, m.round * mw * 0.05)
  // Eyelids: the upper lid comes down to the lower one.
  const shut = Math.min(1, Math.max(0, pose.blink + (1 - pose.eyeOpen) * 0.5))
  for (const eye of [RIGHT_EYE, LEFT_EYE]) {
    eye.upper.forEach((u, k) => {
      const l = eye.lower[k]!
      move(u, 0, (L[l]![1] - L[u]![1]) * shut * 0.92)
    })
  }
  // Brows: raised or lowered, inner ends tilted by the emotion.
  const browLift = -pose.browRaise * mw * 0.12
  for (let i = 17; i <= 26; i++) {
    const inner = i === 21 || i === 22 ? 1 : i === 20 || i === 23 ? 0.5 : 0
    move(i, 0, browLift - pose.browTilt * inner * mw * 0.06)
  }
  for (let i = 68; i < 74; i++) move(i, 0, browLift * 0.5)
  // Head: turn about the neck and shift; units of the avatar box → photo pixels.
  const k = mesh.crop.side / UNITS
  const rot = pose.headRot * 0.7
  const cos = Math.cos(rot),
    sin = Math.sin(rot)
  const [px, py] = mesh.pivot
  for (let i = 0; i < out.length; i++) {
    const f = mesh.follow[i]!
    if (!f) continue
    const dx = out[i]![0] - px,
      dy = out[i]![1] - py
    const rx = px + dx * cos - dy * sin,
      ry = py + dx * sin + dy * cos
    out[i] = [
      out[i]![0] + (rx - out[i]![0]) * f + pose.headX * k * f * 0.8,
      out[i]![1] + (ry - out[i]![1]) * f + pose.headY * k * f * 0.8,
    ]
  }
  return out
}

/** The source → destination affine map [a c e; b d f] of a triangle, or null when it is degenerate. */
function affine(
  s: [Pt, Pt, Pt],
  d: [Pt, Pt, Pt],
): { a: number; b: number; c: number; d: number; e: number; f: number } | null {
  const [s0, s1, s2] = s
  const [d0, d1, d2] = d
  const den = (s1[0] - s0[0]) * (s2[1] - s0[1]) - (s2[0] - s0[0]) * (s1[1] - s0[1])
  if (Math.abs(den) < 1e-6) return null
  const a = ((d1[0] - d0[0]) * (s2[1] - s0[1]) - (d2[0] - d0[0]) * (s1[1] - s0[1])) / den
  const c = ((d2[0] - d0[0]) * (s1[0] - s0[0]) - (d1[0] - d0[0]) * (s2[0] - s0[0])) / den
  const b = ((d1[1] - d0[1]) * (s2[1] - s0[1]) - (d2[1] - d0[1]) * (s1[1] - s0[1])) / den
  const dd = ((d2[1] - d0[1]) * (s1[0] - s0[0]) - (d1[1] - d0[1]) * (s2[0] - s0[0])) / den
  return { a, b, c, d: dd, e: d0[0] - a * s0[0] - c * s0[1], f: d0[1] - b * s0[0] - dd * s0[1] }
}

/** The moved triangle's path (units), grown a little away from its centre to hide seams. */
function trianglePath(ctx: Ctx2D, d: [Pt, Pt, Pt], grow: number): void {
  const gx = (d[0][0] + d[1][0] + d[2][0]) / 3,
    gy = (d[0][1] + d[1][1] + d[2][1]) / 3
  ctx.beginPath()
  for (const [i, p] of d.entries()) {
    const len = Math.hypot(p[0] - gx, p[1] - gy) || 1
    const x = p[0] + ((p[0] - gx) / len) * grow,
      y = p[1] + ((p[1] - gy) / len) * grow
    if (i === 0) ctx.moveTo(x, y)
    else ctx.lineTo(x, y)
  }
  ctx.closePath()
}

/**
 * One triangle of the photo drawn onto the moved triangle: the path filled with the picture as a
 * pattern mapped by the triangle's affine transform: one anti-aliased fill per triangle, where a
 * clip + drawImage made the canvas build and drop a clip mask for each (measured with @napi-rs/canvas:
 * ~20 → ~17 ms of CPU per 390-pixel frame; docs/decisions/0029-photo-avatar-drawing.md).
 */
function drawTriangle(
  ctx: Ctx2D,
  pattern: PatternLike,
  s: [Pt, Pt, Pt],
  d: [Pt, Pt, Pt],
  grow: number,
): void {
  const m = affine(s, d)
  if (!m) return
  trianglePath(ctx, d, grow)
  pattern.setTransform(m)
  ctx.fillStyle = pattern
  ctx.fill()
}

const patterns = new WeakMap<PhotoImage, PatternLike>()

/** The picture as a pattern, made once per picture. */
function patternOf(ctx: Ctx2D, image: PhotoImage): PatternLike | null {
  let p = patterns.get(image)
  if (!p) {
    p = ctx.createPattern(image as never, 'no-repeat') ?? undefined
    if (!p) return null
    patterns.set(image, p)
  }
  return p
}

function innerMouthPath(ctx: Ctx2D, d: Pt[]): void {
  ctx.beginPath()
  INNER_LIPS.forEach((i, k) => (k === 0 ? ctx.moveTo(d[i]![0], d[i]![1]) : ctx.lineTo(d[i]![0], d[i]![1])))
  ctx.closePath()
}

/** The dark mouth, upper teeth under the upper lip, lower teeth and tongue when wide open. */
/** The inner lips' opening (box units) of moved points `d`: below 0.25 the mouth is drawn closed (nothing painted). */
export function mouthOpening(d: readonly Pt[]): { top: number; bottom: number; open: boolean } {
  const top = Math.min(d[61]![1], d[62]![1], d[63]![1])
  const bottom = Math.max(d[65]![1], d[66]![1], d[67]![1])
  return { top, bottom, open: bottom - top >= 0.25 }
}

function paintMouth(ctx: Ctx2D, d: Pt[], pose: AvatarPose, mw: number): void {
  const { top, bottom, open } = mouthOpening(d)
  const h = bottom - top
  if (!open) return
  const left = d[60]![0],
    right = d[64]![0]
  ctx.save()
  innerMouthPath(ctx, d)
  const g = ctx.createLinearGradient(0, top, 0, bottom)
  g.addColorStop(0, '#2a0a0c')
  g.addColorStop(1, '#5a1a1e')
  ctx.fillStyle = g
  ctx.fill()
  innerMouthPath(ctx, d)
  ctx.clip()
  const m = pose.mouth
  const teethH = Math.min(h * 0.6, mw * (0.1 + 0.06 * m.teeth))
  if (m.teeth > 0.05 || m.open > 0.15) {
    const tg = ctx.createLinearGradient(0, top, 0, top + teethH)
    tg.addColorStop(0, '#f4efe6')
    tg.addColorStop(1, '#cfc6b8')
    ctx.fillStyle = tg
    ctx.beginPath()
    ctx.ellipse((left + right) / 2, top, (right - left) * 0.42, teethH, 0, 0, Math.PI)
    ctx.fill()
  }
  if (m.tongue > 0.1 || m.open > 0.5) {
    ctx.fillStyle = '#b44a52'
    ctx.beginPath()
    ctx.ellipse((left + right) / 2, bottom, (right - left) * 0.3, h * (0.2 + 0.25 * m.tongue), 0, Math.PI, 0)
    ctx.fill()
  }
  if (m.open > 0.55) {
    ctx.fillStyle = 'rgba(236,230,220,0.9)'
    ctx.beginPath()
    ctx.ellipse((left + right) / 2, bottom, (right - left) * 0.3, mw * 0.035, 0, Math.PI, 0)
    ctx.fill()
  }
  ctx.restore()
}

function roundedBox(ctx: Ctx2D, r: number): void {
  ctx.beginPath()
  ctx.moveTo(r, 0)
  ctx.lineTo(UNITS - r, 0)
  ctx.quadraticCurveTo(UNITS, 0, UNITS, r)
  ctx.lineTo(UNITS, UNITS - r)
  ctx.quadraticCurveTo(UNITS, UNITS, UNITS - r, UNITS)
  ctx.lineTo(r, UNITS)
  ctx.quadraticCurveTo(0, UNITS, 0, UNITS - r)
  ctx.lineTo(0, r)
  ctx.quadraticCurveTo(0, 0, r, 0)
  ctx.closePath()
}

/** Shown behind a cut-out until its picked picture has loaded. */
const BACKDROP_FALLBACK = '#2b2f3a'

/** Behind a cut-out person: the plain colour, or the picked picture scaled to cover the box. */
function drawBackdrop(ctx: Ctx2D, photo: PhotoFace, backdrop: PhotoImage | undefined): void {
  const bg = photo.background
  ctx.fillStyle = bg?.mode === 'color' ? bg.color : BACKDROP_FALLBACK
  ctx.fillRect(0, 0, UNITS, UNITS)
  if (bg?.mode !== 'image' || !backdrop) return
  const side = Math.min(backdrop.width, backdrop.height)
  ctx.drawImage(
    backdrop as never,
    (backdrop.width - side) / 2,
    (backdrop.height - side) / 2,
    side,
    side,
    0,
    0,
    UNITS,
    UNITS,
  )
}

/** The mesh and where its points go for this pose, in the 256-unit box. */
export function photoPoints(photo: PhotoFace, pose: AvatarPose): { mesh: PhotoMesh; dst: Pt[]; rest: Pt[] } {
  const mesh = meshFor(photo)
  const { x, y, side } = mesh.crop
  const k = UNITS / side
  const toUnits = (p: Pt): Pt => [(p[0] - x) * k, (p[1] - y) * k]
  return { mesh, dst: movedPoints(mesh, photo, pose).map(toUnits), rest: mesh.points.map(toUnits) }
}

/** The photo's rounded box (the picture is clipped to it), as the current path. */
export const photoBoxPath = (ctx: Ctx2D) => roundedBox(ctx, 14)

/**
 * What stands under the picture in the 256-unit box, clipped to the rounded box: white for a photo
 * with its own background (only the coverage counts), the backdrop behind a cut-out.
 */
export function drawPhotoBase(ctx: Ctx2D, photo: PhotoFace): void {
  ctx.save()
  photoBoxPath(ctx)
  ctx.clip()
  const bg = photo.background
  if (bg && bg.mode !== 'keep')
    drawBackdrop(ctx, photo, bg.mode === 'image' ? getPhotoImage(bg.src) : undefined)
  else {
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, UNITS, UNITS)
  }
  ctx.restore()
}

/**
 * Draws the photo avatar in the 256-unit box the caller has set up. With the background removed
 * (`image` is the cut-out) every triangle is drawn over the backdrop: drawing the still first and
 * only the moved triangles over it, as for a kept background, would leave the still's outline
 * showing where the head moved away from it. `mouthOnly`: the caller has put the warped picture
 * there already (photo-raster.ts); only the opened mouth is painted over it.
 */
export function drawPhoto(
  ctx: Ctx2D,
  photo: PhotoFace,
  image: PhotoImage,
  pose: AvatarPose,
  backdrop?: PhotoImage,
  mouthOnly = false,
): void {
  const { mesh, dst, rest } = photoPoints(photo, pose)
  const { x, y, side } = mesh.crop
  const src = mesh.points
  ctx.save()
  // The mouth is far from the box's rounded corners; an anti-aliased path clip costs a mask of the whole box.
  if (!mouthOnly) {
    photoBoxPath(ctx)
    ctx.clip()
  }
  const cutOut = Boolean(photo.background && photo.background.mode !== 'keep')
  if (!mouthOnly) {
    if (cutOut) drawBackdrop(ctx, photo, backdrop)
    // A host with offscreen surfaces (the render worker) warps the pixels in one pass (photo-raster.ts).
    if (!rasterPhoto(ctx, image, mesh, dst, UNITS)) {
      // The still picture first; then only the triangles that moved are drawn over it.
      if (!cutOut) ctx.drawImage(image as never, x, y, side, side, 0, 0, UNITS, UNITS)
      const grow = 0.35
      const pattern = patternOf(ctx, image)
      mesh.triangles.forEach((t, i) => {
        if (mesh.mouthInside[i] || !pattern) return
        const moved = t.some(
          (v) => Math.abs(dst[v]![0] - rest[v]![0]) + Math.abs(dst[v]![1] - rest[v]![1]) > MOVED,
        )
        if (!moved && !cutOut) return
        drawTriangle(
          ctx,
          pattern,
          [src[t[0]]!, src[t[1]]!, src[t[2]]!],
          [dst[t[0]]!, dst[t[1]]!, dst[t[2]]!],
          grow,
        )
      })
    }
  }
  paintMouth(ctx, dst, pose, mesh.mouthWidth * (UNITS / side))
  ctx.restore()
}
