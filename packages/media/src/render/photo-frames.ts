/**
 * Photo-avatar layer frames composed in JS. The warp (@mouthpiece/avatar/photo-raster) is already a
 * pixel buffer, so a frame is that buffer under the box's rounded-corner mask, and only the opened
 * mouth is painted by the canvas and read back (a small rectangle). Reading the whole layer back from
 * @napi-rs/canvas (which rasterises its recorded drawing on read) cost more than the warp itself.
 * Only the pixels that changed since the previous frame are composed again: the warp's rewritten
 * rectangle and the mouth's, before and after.
 */
import { ImageData } from '@napi-rs/canvas'
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { AvatarPose } from '@mouthpiece/avatar/animation'
import { AVATAR_UNITS, boxTransform, drawAvatar } from '@mouthpiece/avatar/draw-avatar'
import type { DrawBox } from '@mouthpiece/avatar/draw-avatar'
import { drawPhotoBase, mouthOpening, photoPoints } from '@mouthpiece/avatar/draw-photo'
import { getPhotoImage } from '@mouthpiece/avatar/photo-images'
import { hasPhotoRaster, unionRect, warpPhoto } from '@mouthpiece/avatar/photo-raster'
import type { Rect } from '@mouthpiece/avatar/photo-raster'
import { mouthRegion, regionInPixels } from '@mouthpiece/avatar/mouth-region'

const area = (r: Rect) => Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0)
const union = (a: Rect | null, b: Rect): Rect => (!a || !area(a) ? b : !area(b) ? a : unionRect(a, b))

/**
 * A frame drawer for a photo look (frames in `nextBuffer`'s buffers) drawn unrotated in a square box;
 * null otherwise (rotated boxes and a missing picture take the canvas path). `changed` bounds what
 * differs from the frame it drew before.
 */
export function photoFrameDrawer(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  look: AvatarLook,
  box: DrawBox,
  nextBuffer: () => Uint8Array,
): ((pose: AvatarPose) => { rgba: Uint8Array; changed: Rect }) | null {
  const photo = look.photo
  const image = photo && getPhotoImage(photo.src)
  if (!photo || !image || !hasPhotoRaster() || box.angle || box.width !== box.height) return null
  const cutOut = Boolean(photo.background && photo.background.mode !== 'keep')
  const transform = {
    a: box.width / AVATAR_UNITS,
    b: 0,
    c: 0,
    d: box.height / AVATAR_UNITS,
    e: box.x,
    f: box.y,
  }
  // What the picture goes over, as the canvas draws it: the rounded box's anti-aliased coverage
  // (alpha) and, behind a cut-out, the backdrop (colour).
  ctx.clearRect(0, 0, width, height)
  ctx.save()
  boxTransform(ctx, box)
  drawPhotoBase(ctx, photo)
  ctx.restore()
  const base = ctx.getImageData(0, 0, width, height).data
  ctx.clearRect(0, 0, width, height)
  // Per row: the run of fully covered pixels (a straight copy of an opaque warp) and the anti-aliased edge pixels.
  const rows = Array.from({ length: height }, (_, y) => {
    let x0 = width,
      x1 = 0
    const edge: number[] = []
    for (let x = 0; x < width; x++) {
      const a = base[(y * width + x) * 4 + 3]!
      if (a === 255) {
        x0 = Math.min(x0, x)
        x1 = x + 1
      } else if (a) edge.push(x)
    }
    return { x0, x1, edge }
  })
  const scratch = new Uint8ClampedArray(width * height * 4)
  let prev: Uint8Array | null = null
  let prevMouth: Rect | null = null
  return (pose) => {
    const { mesh, dst } = photoPoints(photo, pose)
    const warp = warpPhoto(image, mesh, dst, transform, AVATAR_UNITS)
    if (!warp?.aligned) throw new Error('photo warp unavailable')
    const { out, stride, ox, oy } = warp
    const mouth = regionInPixels(mouthRegion(look, pose, pose), box, width, height)
    let redo: Rect = prev ? union(prevMouth, mouth) : { x0: 0, y0: 0, x1: width, y1: height }
    if (warp.changed) {
      const c = warp.changed
      redo = union(redo, {
        x0: Math.max(0, c.x0 + ox),
        y0: Math.max(0, c.y0 + oy),
        x1: Math.min(width, c.x1 + ox),
        y1: Math.min(height, c.y1 + oy),
      })
    }
    const rgba = nextBuffer()
    if (prev) rgba.set(prev)
    const at = (x: number, y: number) => ((y - oy) * stride + x - ox) * 4
    const inside = (x: number, y: number) => x - ox >= 0 && y - oy >= 0 && x - ox < stride && y - oy < stride
    // One pixel: the warp over the base (src-over), under the box's coverage.
    const blend = (x: number, y: number) => {
      const o = (y * width + x) * 4
      const a = base[o + 3]!
      if (!a || !inside(x, y)) return
      const s = at(x, y)
      if (cutOut) {
        const t = out[s + 3]! / 255
        rgba[o] = base[o]! + (out[s]! - base[o]!) * t
        rgba[o + 1] = base[o + 1]! + (out[s + 1]! - base[o + 1]!) * t
        rgba[o + 2] = base[o + 2]! + (out[s + 2]! - base[o + 2]!) * t
        rgba[o + 3] = a
      } else {
        rgba[o] = out[s]!
        rgba[o + 1] = out[s + 1]!
        rgba[o + 2] = out[s + 2]!
        rgba[o + 3] = (a * out[s + 3]! + 127) / 255
      }
    }
    const straight = warp.state.opaque && !cutOut
    for (let y = redo.y0; y < redo.y1; y++) {
      const row = rows[y]!
      const x0 = Math.max(redo.x0, row.x0, ox),
        x1 = Math.min(redo.x1, row.x1, ox + stride)
      if (straight) {
        if (x1 > x0 && inside(x0, y)) rgba.set(out.subarray(at(x0, y), at(x1, y)), (y * width + x0) * 4)
      } else for (let x = x0; x < x1; x++) blend(x, y)
      for (const x of row.edge) if (x >= redo.x0 && x < redo.x1) blend(x, y)
    }
    // The opened mouth: painted by the same drawing code over these pixels, and read back (a closed one paints nothing).
    const mw = mouth.x1 - mouth.x0,
      mh = mouth.y1 - mouth.y0
    if (mw > 0 && mh > 0 && mouthOpening(dst).open) {
      // Only the rectangle is handed over: an ImageData of the whole layer was converted whole (~2 ms).
      const under = scratch.subarray(0, mw * mh * 4)
      for (let y = 0; y < mh; y++)
        under.set(
          rgba.subarray(((mouth.y0 + y) * width + mouth.x0) * 4, ((mouth.y0 + y) * width + mouth.x1) * 4),
          y * mw * 4,
        )
      ctx.putImageData(new ImageData(under, mw, mh), mouth.x0, mouth.y0)
      ctx.save()
      ctx.beginPath()
      ctx.rect(mouth.x0, mouth.y0, mw, mh)
      ctx.clip()
      drawAvatar(ctx, look, pose, box, true)
      ctx.restore()
      const painted = ctx.getImageData(mouth.x0, mouth.y0, mw, mh).data
      for (let y = 0; y < mh; y++)
        rgba.set(painted.subarray(y * mw * 4, (y + 1) * mw * 4), ((mouth.y0 + y) * width + mouth.x0) * 4)
    }
    prev = rgba
    prevMouth = mouth
    return { rgba, changed: redo }
  }
}
