/** Small drawing helpers and the per-frame geometry shared by the avatar's part painters. */
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { AvatarPose } from './animation'
import type { Ctx2D } from './canvas-context'
import { darken, lighten } from './random'

/** Geometry of one frame in the 256-unit avatar box. */
export interface Frame {
  ctx: Ctx2D
  look: AvatarLook
  pose: AvatarPose
  /** Head centre and half sizes. */
  hx: number
  hy: number
  rw: number
  rh: number
  /** Outline width (thicker for the Old model style). */
  lw: number
  flat: boolean
}

export function makeFrame(ctx: Ctx2D, look: AvatarLook, pose: AvatarPose): Frame {
  return {
    ctx,
    look,
    pose,
    hx: 128,
    hy: 106,
    rw: 56 * look.headScale,
    rh: 64 * look.headScale,
    lw: look.modelStyle === 'Old' ? 3.2 : 1.8,
    flat: look.modelStyle === 'Old',
  }
}

export const outlineOf = (f: Frame, color: string) => darken(color, f.flat ? 0.55 : 0.4)

/** Fills the current path with `color` (a soft top-lit gradient in the New style) and outlines it. */
export function paint(f: Frame, color: string, top: number, bottom: number, outline = true): void {
  const { ctx } = f
  if (f.flat) ctx.fillStyle = color
  else {
    const g = ctx.createLinearGradient(0, top, 0, bottom)
    g.addColorStop(0, lighten(color, 0.12))
    g.addColorStop(1, darken(color, 0.12))
    ctx.fillStyle = g
  }
  ctx.fill()
  if (outline) {
    ctx.strokeStyle = outlineOf(f, color)
    ctx.lineWidth = f.lw
    ctx.stroke()
  }
}

export function ellipsePath(ctx: Ctx2D, x: number, y: number, rx: number, ry: number, rot = 0): void {
  ctx.beginPath()
  ctx.ellipse(x, y, Math.max(0.01, rx), Math.max(0.01, ry), rot, 0, Math.PI * 2)
}

export function roundRectPath(ctx: Ctx2D, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2))
  ctx.beginPath()
  ctx.moveTo(x + rr, y)
  ctx.lineTo(x + w - rr, y)
  ctx.quadraticCurveTo(x + w, y, x + w, y + rr)
  ctx.lineTo(x + w, y + h - rr)
  ctx.quadraticCurveTo(x + w, y + h, x + w - rr, y + h)
  ctx.lineTo(x + rr, y + h)
  ctx.quadraticCurveTo(x, y + h, x, y + h - rr)
  ctx.lineTo(x, y + rr)
  ctx.quadraticCurveTo(x, y, x + rr, y)
  ctx.closePath()
}

/** The head outline: a rounded dome over a softly narrowing jaw. */
export function headPath(f: Frame): void {
  const { ctx, hx, hy, rw, rh } = f
  ctx.beginPath()
  ctx.moveTo(hx - rw, hy - 4)
  ctx.bezierCurveTo(hx - rw * 0.98, hy - rh * 1.28, hx + rw * 0.98, hy - rh * 1.28, hx + rw, hy - 4)
  ctx.bezierCurveTo(hx + rw * 1.01, hy + rh * 0.5, hx + rw * 0.6, hy + rh * 0.98, hx, hy + rh)
  ctx.bezierCurveTo(hx - rw * 0.6, hy + rh * 0.98, hx - rw * 1.01, hy + rh * 0.5, hx - rw, hy - 4)
  ctx.closePath()
}

/** The scalp region hair sits on, from the crown down to the hairline. */
export function hairCapPath(f: Frame, grow: number, hairline: number): void {
  const { ctx, hx, hy, rw, rh } = f
  const w = rw + grow
  ctx.beginPath()
  ctx.moveTo(hx - w, hy + hairline)
  ctx.bezierCurveTo(
    hx - w * 1.02,
    hy - rh * 1.34 - grow,
    hx + w * 1.02,
    hy - rh * 1.34 - grow,
    hx + w,
    hy + hairline,
  )
  ctx.closePath()
}
