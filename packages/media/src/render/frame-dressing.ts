/**
 * What a video wears besides the avatar and its captions: pictures over the frame (a logo for the
 * whole video, a product that comes in) and a still end card after the speech. Each picture and the
 * card are drawn once here (@napi-rs/canvas) into a PNG of their own size; ffmpeg lays the pictures
 * over the composed frame (only their rectangles are blended) and appends the card with `concat`, in
 * the same run that encodes the video — no second pass over the frames.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas'
import type { Image, SKRSContext2D } from '@napi-rs/canvas'
import type { EndCard, FrameBox, FramePicture, Overlay } from '@mouthpiece/contracts/media/render.schemas'
import { captionAlias, resolveCaptionFont } from '../captions/caption-fonts'

interface PixelBox {
  x: number
  y: number
  w: number
  h: number
}

export const pixelBox = (b: FrameBox, width: number, height: number): PixelBox => {
  const x = Math.round(b.x * width)
  const y = Math.round(b.y * height)
  return {
    x,
    y,
    w: Math.max(2, Math.min(width - x, Math.round(b.w * width))),
    h: Math.max(2, Math.min(height - y, Math.round(b.h * height))),
  }
}

/** The picture's file decoded, or null when it cannot be read (the picture is left out, not the video). */
async function decode(file: string): Promise<Image | null> {
  try {
    const image = await loadImage(await readFile(file))
    return image.width > 0 && image.height > 0 ? image : null
  } catch {
    return null
  }
}

function roundRect(ctx: SKRSContext2D, b: PixelBox, r: number, fill: string) {
  ctx.fillStyle = fill
  ctx.beginPath()
  ctx.roundRect(b.x, b.y, b.w, b.h, r)
  ctx.fill()
}

/** Draws `pic` contained in `box` (its plate too); answers where the picture itself landed. */
async function drawPicture(ctx: SKRSContext2D, pic: FramePicture, box: PixelBox): Promise<PixelBox | null> {
  const image = await decode(pic.path)
  if (!image) return null
  // A plate needs room around the picture inside the box.
  const pad = pic.plate ? Math.max(4, Math.min(box.w, box.h) * 0.12) : 0
  const inner = { x: box.x + pad, y: box.y + pad, w: box.w - 2 * pad, h: box.h - 2 * pad }
  const k = Math.min(inner.w / image.width, inner.h / image.height)
  const w = image.width * k
  const h = image.height * k
  const x =
    pic.align === 'left'
      ? inner.x
      : pic.align === 'right'
        ? inner.x + inner.w - w
        : inner.x + (inner.w - w) / 2
  const y = inner.y + (inner.h - h) / 2
  if (pic.plate) roundRect(ctx, { x: x - pad, y: y - pad, w: w + 2 * pad, h: h + 2 * pad }, pad, pic.plate)
  if (pic.knockout) {
    // One flat colour where the picture has ink, its alpha kept.
    const tint = createCanvas(Math.max(1, Math.ceil(w)), Math.max(1, Math.ceil(h)))
    const t = tint.getContext('2d')
    t.drawImage(image, 0, 0, w, h)
    t.globalCompositeOperation = 'source-in'
    t.fillStyle = pic.knockout
    t.fillRect(0, 0, w, h)
    ctx.drawImage(tint, x, y)
  } else ctx.drawImage(image, x, y, w, h)
  return { x, y, w, h }
}

export interface PlacedOverlay {
  file: string
  x: number
  y: number
  width: number
  height: number
  enter?: Overlay['enter']
}

/** Each overlay drawn into a transparent PNG the size of its box; unreadable pictures are left out. */
export async function prepareOverlays(
  overlays: readonly Overlay[],
  width: number,
  height: number,
  dir: string,
): Promise<PlacedOverlay[]> {
  const placed: PlacedOverlay[] = []
  for (const [i, overlay] of overlays.entries()) {
    const box = pixelBox(overlay.box, width, height)
    const surface = createCanvas(box.w, box.h)
    const drawn = await drawPicture(surface.getContext('2d'), overlay, { x: 0, y: 0, w: box.w, h: box.h })
    if (!drawn) continue
    const file = path.join(dir, `overlay-${i}.png`)
    await writeFile(file, surface.toBuffer('image/png'))
    placed.push({ file, x: box.x, y: box.y, width: box.w, height: box.h, enter: overlay.enter })
  }
  return placed
}

/**
 * A still picture made a stream at the video's rate: decoded and converted to `pix` once, then the
 * one frame repeated (`loop`) — `-loop 1` on the input would decode and convert the PNG every frame.
 * `frames` -1 repeats it for as long as the stream it is laid over runs.
 */
export const repeatedStill = (input: string, pix: string, fps: number, frames: number, out: string) =>
  `[${input}]format=${pix},loop=loop=${frames < 0 ? -1 : Math.max(0, frames - 1)}:size=1:start=0,setpts=N/${fps}/TB[${out}]`

/**
 * The filter chains laying `placed` (inputs `firstInput`, `firstInput + 1`, …) over `from`, in
 * order; answers the chains and the label of the result. An entering overlay fades in (its alpha)
 * and, for `slide`, eases in from outside the frame (cubic ease-out) over the same seconds.
 */
export function overlayChains(
  from: string,
  placed: readonly PlacedOverlay[],
  firstInput: number,
  fps: number,
  transparent: boolean,
): { filters: string[]; out: string } {
  const filters: string[] = []
  let head = from
  placed.forEach((o, i) => {
    let picture = `still${i}`
    filters.push(repeatedStill(`${firstInput + i}:v`, 'yuva420p', fps, -1, picture))
    let x = String(o.x)
    let y = String(o.y)
    if (o.enter) {
      const { at, seconds, kind, from: side } = o.enter
      filters.push(`[${picture}]fade=t=in:st=${at.toFixed(3)}:d=${seconds.toFixed(3)}:alpha=1[pic${i}]`)
      picture = `pic${i}`
      if (kind === 'slide') {
        const left = `pow(1-clip((t-${at.toFixed(3)})/${seconds.toFixed(3)},0,1),3)`
        if (side === 'right') x = `'${o.x}+(main_w-${o.x})*${left}'`
        else if (side === 'left') x = `'${o.x}+(-overlay_w-${o.x})*${left}'`
        else y = `'${o.y}+(main_h-${o.y})*${left}'`
      }
    }
    const out = `dressed${i}`
    filters.push(
      `[${head}][${picture}]overlay=x=${x}:y=${y}:eval=frame:format=${transparent ? 'auto' : 'yuv420'}:eof_action=pass[${out}]`,
    )
    head = out
  })
  return { filters, out: head }
}

const registeredFaces = new Set<string>()

/** The canvas family name for a text face: a font file registered once, or a caption font's files. */
function faceAlias(face: NonNullable<EndCard['text']>['face'], text: string): string {
  if (face.file) {
    const alias = `mp card ${face.file}`
    if (!registeredFaces.has(alias)) {
      GlobalFonts.registerFromPath(face.file, alias)
      registeredFaces.add(alias)
    }
    return alias
  }
  const font = resolveCaptionFont(face.family, face.weight, text)
  const alias = captionAlias(font)
  if (!registeredFaces.has(alias)) {
    for (const file of font.files) GlobalFonts.registerFromPath(file, alias)
    registeredFaces.add(alias)
  }
  return alias
}

/** Words in lines no wider than `width` at the context's font (a long word gets a line of its own). */
function wrap(ctx: SKRSContext2D, text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (line && ctx.measureText(next).width > width) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

const LINE_HEIGHT = 1.15

/** The biggest size (px) at which `text` wraps inside `box` on at most three lines, and those lines. */
function fitLines(ctx: SKRSContext2D, text: string, alias: string, box: PixelBox) {
  let size = box.h
  for (;;) {
    ctx.font = `${size}px "${alias}"`
    const lines = wrap(ctx, text, box.w)
    const widest = Math.max(...lines.map((l) => ctx.measureText(l).width))
    if ((lines.length <= 3 && lines.length * size * LINE_HEIGHT <= box.h && widest <= box.w) || size <= 12)
      return { size, lines }
    size = Math.max(12, Math.floor(size * 0.92))
  }
}

/** Draws the end card (background, pictures, its text) into a PNG of the frame's size. */
export async function drawEndCard(card: EndCard, width: number, height: number, file: string): Promise<void> {
  const surface = createCanvas(width, height)
  const ctx = surface.getContext('2d')
  ctx.fillStyle = card.background
  ctx.fillRect(0, 0, width, height)
  for (const pic of card.pictures) await drawPicture(ctx, pic, pixelBox(pic.box, width, height))
  const text = card.text
  if (text) {
    const box = pixelBox(text.box, width, height)
    const alias = faceAlias(text.face, text.content)
    // On a pill the text keeps a margin of half a line's height all round.
    const inset = text.pill ? Math.round(box.h * 0.18) : 0
    const inner = { x: box.x + inset * 1.5, y: box.y + inset, w: box.w - inset * 3, h: box.h - inset * 2 }
    const { size, lines } = fitLines(ctx, text.content, alias, inner)
    const blockH = lines.length * size * LINE_HEIGHT
    const top = inner.y + (inner.h - blockH) / 2
    if (text.pill) {
      const widest = Math.max(...lines.map((l) => ctx.measureText(l).width))
      const padX = size * 0.7
      const padY = size * 0.35
      const w = Math.min(box.w, widest + 2 * padX)
      const h = Math.min(box.h, blockH + 2 * padY)
      roundRect(ctx, { x: box.x + (box.w - w) / 2, y: top - padY, w, h }, Math.min(h / 2, size), text.pill)
    }
    ctx.fillStyle = text.color
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    lines.forEach((line, i) =>
      ctx.fillText(line, box.x + box.w / 2, top + (i + 0.5) * size * LINE_HEIGHT, box.w),
    )
  }
  await writeFile(file, surface.toBuffer('image/png'))
}
