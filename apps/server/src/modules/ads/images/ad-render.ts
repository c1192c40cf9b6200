/**
 * Draws ad canvases on the server with @napi-rs/canvas and the same drawAd the browser editor uses.
 * Pictures come from storage (decoded once, kept in a small cache: a generation draws the same
 * cut-out into ten placements); SVG and other formats napi cannot read are rasterised by sharp.
 */
import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas'
import type { Image } from '@napi-rs/canvas'
import sharp from 'sharp'
import type { AdCanvas } from '@mouthpiece/contracts/ads/canvas'
import { drawAd, measureWith } from '@mouthpiece/editor/ads/draw-ad'
import type { AdCtx } from '@mouthpiece/editor/ads/draw-ad'
import type { Measure } from '@mouthpiece/editor/ads/ad-text'
import { registerCaptionFontsNode } from '@mouthpiece/editor/fonts-node'
import type { Storage } from '../../../platform/storage/storage'
import type { CanvasImage } from './ad-images.table'

const CACHE_SIZE = 64
const cache = new Map<string, Promise<Image | null>>()
const fontsRegistered = new Set<string>()

export async function readStored(storage: Storage, key: string): Promise<Buffer> {
  const { body } = await storage.get(key)
  const chunks: Buffer[] = []
  for await (const c of body) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

async function decode(storage: Storage, key: string): Promise<Image | null> {
  const bytes = await readStored(storage, key)
  try {
    if (/\.(png|jpe?g)$/i.test(key)) return await loadImage(bytes)
  } catch {
    /* fall through to sharp */
  }
  // SVG logos, WebP, GIF… (an ICO sharp cannot read leaves the picture out rather than failing the ad).
  const png = await sharp(bytes, { density: 192 })
    .resize(1200, 1200, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer()
    .catch(() => null)
  return png ? loadImage(png) : null
}

/** The decoded pictures of a canvas's image table, by their keys. */
export async function loadCanvasImages(
  storage: Storage,
  images: Record<string, CanvasImage>,
): Promise<Map<string, Image>> {
  const out = new Map<string, Image>()
  await Promise.all(
    Object.entries(images).map(async ([name, img]) => {
      let pending = cache.get(img.file_key)
      if (!pending) {
        pending = decode(storage, img.file_key).catch(() => null)
        cache.set(img.file_key, pending)
        if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!)
      }
      const image = await pending
      if (image) out.set(name, image)
    }),
  )
  return out
}

/** The caption fonts (once per process) and a brand's own font files (once per file). */
export async function registerAdFonts(
  storage: Storage,
  brandFonts: Array<{ family: string; file_key: string }> = [],
): Promise<void> {
  registerCaptionFontsNode()
  for (const f of brandFonts) {
    if (fontsRegistered.has(f.file_key)) continue
    fontsRegistered.add(f.file_key)
    const bytes = await readStored(storage, f.file_key).catch(() => null)
    if (bytes) GlobalFonts.register(bytes, f.family)
  }
}

let measureCtx: AdCtx | undefined
/** Text measuring for layouts (a 1×1 canvas's context; fonts are global to the process). */
export function serverMeasure(): Measure {
  measureCtx ??= createCanvas(1, 1).getContext('2d') as unknown as AdCtx
  return measureWith(measureCtx)
}

export type ExportFormat = 'png' | 'jpeg'

export function renderCanvas(
  canvas: AdCanvas,
  images: ReadonlyMap<string, Image>,
  format: ExportFormat = 'png',
): Buffer {
  const surface = createCanvas(canvas.width, canvas.height)
  drawAd(surface.getContext('2d'), canvas, images)
  return format === 'png' ? surface.toBuffer('image/png') : surface.toBuffer('image/jpeg', 92)
}
