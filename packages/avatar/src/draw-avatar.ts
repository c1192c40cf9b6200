/**
 * Draws one avatar frame on any Canvas 2D context, leaving everything outside the character
 * transparent. Geometry is authored in a 256×256 unit box and scaled to the target box.
 */
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { AvatarPose } from './animation'
import type { Ctx2D } from './canvas-context'
import { drawBrows, drawEars, drawEyes, drawMouth, drawNoseAndCheeks } from './draw-face'
import { drawHairBack, drawHairFront } from './draw-hair'
import { ellipsePath, headPath, makeFrame, paint } from './draw-kit'
import type { Frame } from './draw-kit'
import { drawBody, drawEyewear, drawFacialHair, drawHat, drawHeadset } from './draw-outfit'
import { drawPhoto } from './draw-photo'
import { getPhotoImage } from './photo-images'
import { lighten } from './random'

/** Where to draw, in the context's pixels; x,y is the top-left corner, angle in degrees about the centre. */
export interface DrawBox {
  x: number
  y: number
  width: number
  height: number
  angle?: number
}

/** The unit box the drawing is authored in. */
export const AVATAR_UNITS = 256
/** The neck pivot the head turns about. */
const PIVOT = { x: 128, y: 184 }

function withHead(f: Frame, draw: () => void): void {
  const { ctx, pose } = f
  ctx.save()
  ctx.translate(PIVOT.x + pose.headX, PIVOT.y + pose.headY)
  ctx.rotate(pose.headRot)
  ctx.translate(-PIVOT.x, -PIVOT.y)
  draw()
  ctx.restore()
}

function drawHead(f: Frame): void {
  const { ctx, hx, hy, rw, rh, look } = f
  drawEars(f)
  headPath(f)
  paint(f, look.skin, hy - rh, hy + rh)
  if (!f.flat) {
    // Soft light from the upper left.
    const g = ctx.createRadialGradient(
      hx - rw * 0.35,
      hy - rh * 0.45,
      4,
      hx - rw * 0.35,
      hy - rh * 0.45,
      rw * 1.3,
    )
    g.addColorStop(0, 'rgba(255,255,255,0.22)')
    g.addColorStop(1, 'rgba(255,255,255,0)')
    headPath(f)
    ctx.fillStyle = g
    ctx.fill()
  }
  drawFacialHair(f)
  drawNoseAndCheeks(f)
  drawEyes(f)
  drawMouth(f)
}

/** The transform drawAvatar draws the 256-unit box with (onto the context's current one). */
export function boxTransform(ctx: Ctx2D, box: DrawBox): void {
  ctx.translate(box.x + box.width / 2, box.y + box.height / 2)
  if (box.angle) ctx.rotate((box.angle * Math.PI) / 180)
  ctx.scale(box.width / AVATAR_UNITS, box.height / AVATAR_UNITS)
  ctx.translate(-AVATAR_UNITS / 2, -AVATAR_UNITS / 2)
}

/** `photoMouthOnly`: a photo avatar's warped picture is already there (a renderer put it); paint only its mouth. */
export function drawAvatar(
  ctx: Ctx2D,
  look: AvatarLook,
  pose: AvatarPose,
  box: DrawBox,
  photoMouthOnly = false,
): void {
  ctx.save()
  boxTransform(ctx, box)
  ctx.lineJoin = 'round'
  ctx.lineCap = 'round'
  // A photo avatar whose picture the host has loaded; until then its cartoon stands in.
  const image = look.photo && getPhotoImage(look.photo.src)
  if (look.photo && image) {
    const bg = look.photo.background
    drawPhoto(
      ctx,
      look.photo,
      image,
      pose,
      bg?.mode === 'image' ? getPhotoImage(bg.src) : undefined,
      photoMouthOnly,
    )
    ctx.restore()
    return
  }
  const f = makeFrame(ctx, look, pose)
  withHead(f, () => drawHairBack(f))
  // Shoulders sit a little higher than the authored torso so the neck stays short.
  ctx.save()
  ctx.translate(0, -4)
  drawBody(f)
  ctx.restore()
  withHead(f, () => {
    // Chin shadow on the neck.
    ellipsePath(ctx, f.hx, f.hy + f.rh + 2, f.rw * 0.45, 7)
    ctx.fillStyle = 'rgba(0,0,0,0.12)'
    ctx.fill()
    drawHead(f)
    drawHairFront(f)
    drawBrows(f)
    drawHat(f)
    drawEyewear(f)
    drawHeadset(f)
  })
  ctx.restore()
}

/** A soft round backdrop in the look's accent colour, for previews and thumbnails (not in videos). */
export function drawBadge(ctx: Ctx2D, look: AvatarLook, box: DrawBox): void {
  const r = Math.min(box.width, box.height) / 2
  ellipsePath(ctx, box.x + box.width / 2, box.y + box.height / 2, r, r)
  ctx.fillStyle = lighten(look.accentColor, 0.55)
  ctx.fill()
}
