/**
 * Logo, image and font files of a brand: recognised by decoding their content (sharp for images,
 * the font's own header for fonts), never by name, `sizes=` or content type, then stored.
 */
import { readFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { inflateSync } from 'node:zlib'
import sharp from 'sharp'
import { BRAND_NOT_IMAGE_MESSAGE } from '@mouthpiece/contracts/ads/brands.schemas'
import { AppError } from '../../../platform/http/errors'
import type { Storage } from '../../../platform/storage/storage'

const IMAGE_MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
}
/** Largest picture side we accept (a decompression bomb is refused before it is decoded). */
const MAX_PIXELS = 8192 * 8192

export interface ProbedImage {
  mime: string
  format: string
  width: number
  height: number
  bytes: number
}

/** What an image really is; null when it is not one we can use. ICO files are read by their header. */
export async function probeImage(data: Buffer): Promise<ProbedImage | null> {
  const ico = probeIco(data)
  if (ico) return ico
  const meta = await sharp(data, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => null)
  if (!meta?.format || !IMAGE_MIME[meta.format] || !meta.width || !meta.height) return null
  return {
    mime: IMAGE_MIME[meta.format]!,
    format: meta.format,
    width: meta.width,
    height: meta.height,
    bytes: data.length,
  }
}

/** ICO: the largest entry's size (0 in the directory means 256). */
function probeIco(data: Buffer): ProbedImage | null {
  if (data.length < 22 || data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1) return null
  const count = data.readUInt16LE(4)
  if (count < 1 || count > 64 || data.length < 6 + count * 16) return null
  let best = { w: 0, h: 0 }
  for (let i = 0; i < count; i++) {
    const w = data[6 + i * 16]! || 256
    const h = data[7 + i * 16]! || 256
    if (w * h > best.w * best.h) best = { w, h }
  }
  return { mime: 'image/x-icon', format: 'ico', width: best.w, height: best.h, bytes: data.length }
}

export const notAnImage = () =>
  new AppError('not_image', BRAND_NOT_IMAGE_MESSAGE, 422, { file: [BRAND_NOT_IMAGE_MESSAGE] })

export type FontFormat = 'ttf' | 'otf' | 'woff' | 'woff2'
/** A font file's format from its first bytes (sfnt version / WOFF signatures). */
export function fontFormat(data: Buffer): FontFormat | null {
  if (data.length < 12) return null
  const tag = data.subarray(0, 4).toString('latin1')
  if (tag === 'wOFF') return 'woff'
  if (tag === 'wOF2') return 'woff2'
  if (tag === 'OTTO') return 'otf'
  if (data.readUInt32BE(0) === 0x00010000 || tag === 'true') return 'ttf'
  return null
}
export const FONT_MIME: Record<FontFormat, string> = {
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
}

export const brandFileKey = (userId: number, brandId: number, ext: string) =>
  `ad-brands/${userId}/${brandId}/${randomUUID()}.${ext}`

/** Stores an image as a brand file; answers where and what it is. Refuses what is not an image. */
export async function storeBrandImage(storage: Storage, userId: number, brandId: number, data: Buffer) {
  const probed = await probeImage(data)
  if (!probed) throw notAnImage()
  const key = brandFileKey(userId, brandId, probed.format === 'jpeg' ? 'jpg' : probed.format)
  await storage.put(key, data, probed.mime)
  return { key, ...probed }
}

export const readLocal = (file: string) => readFile(file)

/**
 * WOFF 1.0 → TTF/OTF (https://www.w3.org/TR/WOFF/): the same sfnt tables, each zlib-compressed.
 * Renderers (sharp/librsvg, canvas) load TTF/OTF files, so a WOFF face is stored as its sfnt.
 */
export function woffToSfnt(woff: Buffer): { data: Buffer; format: 'ttf' | 'otf' } {
  if (woff.subarray(0, 4).toString('latin1') !== 'wOFF') throw new Error('not a WOFF file')
  const flavor = woff.readUInt32BE(4)
  const numTables = woff.readUInt16BE(12)
  const tables: Array<{ tag: Buffer; checksum: number; data: Buffer }> = []
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20
    const offset = woff.readUInt32BE(at + 4)
    const compLength = woff.readUInt32BE(at + 8)
    const origLength = woff.readUInt32BE(at + 12)
    const raw = woff.subarray(offset, offset + compLength)
    const data = compLength < origLength ? inflateSync(raw) : Buffer.from(raw)
    if (data.length !== origLength) throw new Error('broken WOFF table')
    tables.push({ tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data })
  }
  let pow = 1
  let log = 0
  while (pow * 2 <= numTables) {
    pow *= 2
    log++
  }
  const head = Buffer.alloc(12 + numTables * 16)
  head.writeUInt32BE(flavor, 0)
  head.writeUInt16BE(numTables, 4)
  head.writeUInt16BE(pow * 16, 6)
  head.writeUInt16BE(log, 8)
  head.writeUInt16BE(numTables * 16 - pow * 16, 10)
  const bodies: Buffer[] = []
  let offset = head.length
  tables.forEach((t, i) => {
    const rec = 12 + i * 16
    t.tag.copy(head, rec)
    head.writeUInt32BE(t.checksum, rec + 4)
    head.writeUInt32BE(offset, rec + 8)
    head.writeUInt32BE(t.data.length, rec + 12)
    const padded = Buffer.alloc((t.data.length + 3) & ~3)
    t.data.copy(padded)
    bodies.push(padded)
    offset += padded.length
  })
  return { data: Buffer.concat([head, ...bodies]), format: flavor === 0x4f54544f ? 'otf' : 'ttf' }
}
