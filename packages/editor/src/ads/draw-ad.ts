/**
 * ONE function draws an ad canvas on any Canvas 2D context: the canvas editor in the page and the
 * export/generation renderer (@napi-rs/canvas) call it with the same document and the same font
 * files, so the editor shows what the exported PNG holds.
 */
import { roundRectPath } from '@mouthpiece/avatar/draw-kit'
import type { AdCanvas, CanvasAsset } from '@mouthpiece/contracts/ads/canvas'
import type { Drawable, FrameCtx } from '../frame-context'
import { fitText, fontString, LINE_HEIGHT } from './ad-text'
import type { Measure } from './ad-text'

export interface AdCtx extends Omit<FrameCtx, 'drawImage'> {
  /** Canvas filter (a knocked-out logo is drawn through `brightness(0)` and `invert(1)`). */
  filter?: string
  drawImage(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each side has its own image types
    image: any,
    sx: number,
    sy: number,
    sw: number,
    sh: number,
    dx: number,
    dy: number,
    dw: number,
    dh: number,
  ): void
}

export interface DrawAdOptions {
  /** Output size in the context's pixels (default: the placement's own size). */
  width?: number
  height?: number
  /** Draw hidden assets faintly (the editor shows them so they can be picked and shown again). */
  ghostHidden?: boolean
}

/** Drawing order: priority, then list order (stable). */
export function drawOrder(assets: readonly CanvasAsset[]): CanvasAsset[] {
  return assets
    .map((a, i) => ({ a, i }))
    .sort((p, q) => p.a.priority - q.a.priority || p.i - q.i)
    .map((p) => p.a)
}

export const measureWith =
  (ctx: Pick<FrameCtx, 'font' | 'measureText'>): Measure =>
  (font, text) => {
    ctx.font = font
    return ctx.measureText(text).width
  }

/** Fills the asset's shape (centred on the origin) with its colour or vertical gradient. */
function fillShape(ctx: AdCtx, a: CanvasAsset, fill: string): void {
  const { w, h } = a
  if (a.fill2) {
    const g = ctx.createLinearGradient(0, -h / 2, 0, h / 2)
    g.addColorStop(0, fill)
    g.addColorStop(1, a.fill2)
    ctx.fillStyle = g
  } else ctx.fillStyle = fill
  if (a.shape === 'ellipse') {
    ctx.beginPath()
    ctx.ellipse(0, 0, w / 2, h / 2, 0, 0, Math.PI * 2)
  } else roundRectPath(ctx, -w / 2, -h / 2, w, h, a.shape === 'pill' ? h / 2 : (a.radius ?? 0))
  ctx.fill()
}

function drawPicture(ctx: AdCtx, a: CanvasAsset, image: Drawable): void {
  const { w, h } = a
  if (!image.width || !image.height) return
  if (a.fit === 'cover') {
    const k = Math.max(w / image.width, h / image.height)
    const sw = w / k
    const sh = h / k
    ctx.drawImage(image, (image.width - sw) / 2, (image.height - sh) / 2, sw, sh, -w / 2, -h / 2, w, h)
    return
  }
  const k = Math.min(w / image.width, h / image.height)
  const dw = image.width * k
  const dh = image.height * k
  const dx = a.anchor === 'left' ? -w / 2 : a.anchor === 'right' ? w / 2 - dw : -dw / 2
  const dy = a.anchor === 'bottom' ? h / 2 - dh : -dh / 2
  if (a.knockout) ctx.filter = a.knockout === 'white' ? 'brightness(0) invert(1)' : 'brightness(0)'
  ctx.drawImage(image, 0, 0, image.width, image.height, dx, dy, dw, dh)
}

/** Padding inside a text asset that has its own background (a call-to-action button). */
export const buttonPadding = (a: Pick<CanvasAsset, 'w' | 'h'>) => ({
  x: Math.min(a.h * 0.55, a.w * 0.12),
  y: a.h * 0.22,
})

function drawText(ctx: AdCtx, a: CanvasAsset): void {
  if (!a.text || !a.font) return
  if (a.fill) fillShape(ctx, { ...a, shape: a.shape ?? 'pill' }, a.fill)
  const pad = a.fill ? buttonPadding(a) : { x: 0, y: 0 }
  const box = { w: a.w - pad.x * 2, h: a.h - pad.y * 2 }
  const fit = fitText(measureWith(ctx), a.text, box, {
    font: a.font,
    maxSize: a.size ?? a.h,
    maxLines: a.maxLines ?? 3,
    uppercase: a.uppercase,
    letterSpacing: a.letterSpacing,
  })
  ctx.font = fontString(a.font, fit.size)
  ctx.fillStyle = a.color ?? '#111111'
  ctx.textBaseline = 'middle'
  const align = a.align ?? 'left'
  ctx.textAlign = align
  const x = align === 'left' ? -box.w / 2 : align === 'right' ? box.w / 2 : 0
  const lineH = fit.size * LINE_HEIGHT
  const top = -fit.height / 2
  const tracking = (a.letterSpacing ?? 0) * fit.size
  fit.lines.forEach((line, i) => {
    const y = top + lineH * (i + 0.5)
    if (!tracking) ctx.fillText(line, x, y)
    else drawTracked(ctx, line, x, y, tracking, align)
  })
}

/** Letter-spaced text (canvas letterSpacing is not everywhere yet): glyph by glyph. */
function drawTracked(
  ctx: AdCtx,
  line: string,
  x: number,
  y: number,
  tracking: number,
  align: 'left' | 'center' | 'right',
): void {
  const chars = [...line]
  const widths = chars.map((c) => ctx.measureText(c).width)
  const total = widths.reduce((s, w) => s + w, 0) + tracking * chars.length
  let cx = align === 'left' ? x : align === 'right' ? x - total : x - total / 2
  ctx.textAlign = 'left'
  chars.forEach((c, i) => {
    ctx.fillText(c, cx, y)
    cx += widths[i]! + tracking
  })
}

export function drawAsset(ctx: AdCtx, a: CanvasAsset, images: ReadonlyMap<string, Drawable>): void {
  ctx.save()
  ctx.translate(a.x + a.w / 2, a.y + a.h / 2)
  if (a.rotation) ctx.rotate((a.rotation * Math.PI) / 180)
  ctx.globalAlpha = a.opacity ?? 1
  if (a.kind === 'shape') fillShape(ctx, a, a.fill ?? '#000000')
  else if (a.kind === 'text') drawText(ctx, a)
  else {
    const image = a.image ? images.get(a.image) : undefined
    if (image) drawPicture(ctx, a, image)
  }
  ctx.restore()
}

/** Draws the whole ad, scaled to the output size. */
export function drawAd(
  ctx: AdCtx,
  canvas: AdCanvas,
  images: ReadonlyMap<string, Drawable>,
  options: DrawAdOptions = {},
): void {
  const width = options.width ?? canvas.width
  const height = options.height ?? canvas.height
  ctx.save()
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.clearRect(0, 0, width, height)
  ctx.scale(width / canvas.width, height / canvas.height)
  ctx.fillStyle = canvas.background
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  for (const a of drawOrder(canvas.assets)) {
    if (a.visible) drawAsset(ctx, a, images)
    else if (options.ghostHidden) {
      ctx.save()
      ctx.globalAlpha = 0.25
      drawAsset(ctx, { ...a, opacity: (a.opacity ?? 1) * 0.25 }, images)
      ctx.restore()
    }
  }
  ctx.restore()
}
