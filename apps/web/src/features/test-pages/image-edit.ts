/**
 * The image editor's geometry, apart from React and the DOM so it is tested alone: rotate (quarter
 * turns) and flip, then crop a rectangle of a fixed or free aspect (zoomed in and panned), then
 * resize to an output width. One `drawEdit` draws the preview and the exported file alike.
 */
export type Rotation = 0 | 90 | 180 | 270
export interface Rect {
  x: number
  y: number
  w: number
  h: number
}
export interface EditState {
  rotation: Rotation
  flip: boolean
  /** width / height of the crop; null keeps the (rotated) image's own. */
  aspect: number | null
  /** 1 = the largest crop that fits; 4 = a quarter of its width. */
  zoom: number
  /** Where the crop sits, 0..1 across the room left on each axis (0.5 = centred). */
  panX: number
  panY: number
  /** Output width in pixels (height follows the crop's aspect). */
  width: number
}

export const MAX_OUTPUT_SIDE = 4096
/** Avatars are square; backgrounds are 16:9 like the 720p landscape default (SPEC §3). */
export const PRESETS = {
  avatar: { label: 'Avatar (1:1, 512 px)', aspect: 1, width: 512 },
  background: { label: 'Background (16:9, 1280 px)', aspect: 16 / 9, width: 1280 },
  portrait: { label: 'Portrait background (9:16, 720 px)', aspect: 9 / 16, width: 720 },
  free: { label: 'Free (keep the image’s shape)', aspect: null, width: 1024 },
} as const
export type PresetId = keyof typeof PRESETS

export const turn = (r: Rotation, by: 90 | -90): Rotation => ((r + by + 360) % 360) as Rotation

export function rotatedSize(w: number, h: number, rotation: Rotation): { w: number; h: number } {
  return rotation === 90 || rotation === 270 ? { w: h, h: w } : { w, h }
}

/** The crop inside the rotated image: the largest rectangle of `aspect`, shrunk by `zoom`, placed by the pans. */
export function cropRect(
  w: number,
  h: number,
  s: Pick<EditState, 'aspect' | 'zoom' | 'panX' | 'panY'>,
): Rect {
  const aspect = s.aspect ?? w / h
  let cw = w
  let ch = w / aspect
  if (ch > h) {
    ch = h
    cw = h * aspect
  }
  const zoom = Math.min(Math.max(s.zoom, 1), 8)
  cw /= zoom
  ch /= zoom
  const clamp01 = (v: number) => Math.min(Math.max(v, 0), 1)
  return { x: (w - cw) * clamp01(s.panX), y: (h - ch) * clamp01(s.panY), w: cw, h: ch }
}

/** The output size: the requested width (capped), the height from the crop's shape; never upscaled past the cap. */
export function outputSize(crop: Rect, width: number): { width: number; height: number } {
  let out = Math.round(Math.min(Math.max(width, 16), MAX_OUTPUT_SIDE))
  let height = Math.round((out * crop.h) / crop.w)
  if (height > MAX_OUTPUT_SIDE) {
    height = MAX_OUTPUT_SIDE
    out = Math.round((height * crop.w) / crop.h)
  }
  return { width: out, height: Math.max(1, height) }
}

/** Draws the edited image filling a canvas of `outputSize` (the caller sizes the canvas). */
export function drawEdit(ctx: CanvasRenderingContext2D, image: ImageBitmap, s: EditState): void {
  const r = rotatedSize(image.width, image.height, s.rotation)
  const crop = cropRect(r.w, r.h, s)
  const { width, height } = ctx.canvas
  ctx.save()
  ctx.clearRect(0, 0, width, height)
  ctx.imageSmoothingQuality = 'high'
  ctx.scale(width / crop.w, height / crop.h)
  ctx.translate(-crop.x, -crop.y)
  ctx.translate(r.w / 2, r.h / 2)
  ctx.rotate((s.rotation * Math.PI) / 180)
  if (s.flip) ctx.scale(-1, 1)
  ctx.drawImage(image, -image.width / 2, -image.height / 2)
  ctx.restore()
}
