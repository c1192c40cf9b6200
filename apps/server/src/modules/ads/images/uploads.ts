/**
 * Incoming pictures for ad images: read whole under the size limit, probed by decoding (never by
 * name or MIME), turned upright and capped in size. Shared by uploads, character uploads, replace
 * and canvas picture uploads.
 */
import type { Readable } from 'node:stream'
import sharp from 'sharp'
import {
  AD_IMAGE_MISSING_MESSAGE,
  AD_IMAGE_NOT_IMAGE_MESSAGE,
  AD_IMAGE_TOO_LARGE_MESSAGE,
  MAX_AD_IMAGE_MB,
} from '@mouthpiece/contracts/ads/images'
import { AppError } from '../../../platform/http/errors'

export const MAX_AD_IMAGE_BYTES = MAX_AD_IMAGE_MB * 1024 * 1024
/** Pictures are kept at most this large: more than any placement draws. */
const MAX_SIDE = 2048

export interface IncomingFile {
  filename: string
  file: Readable & { truncated?: boolean }
  fields?: Record<string, unknown>
}

export interface StoredPicture {
  bytes: Buffer
  mime: 'image/png' | 'image/jpeg'
  width: number
  height: number
  hasAlpha: boolean
}

const invalid = (message: string, code = 'validation') =>
  new AppError(code, message, 422, { file: [message] })

export function textField(incoming: IncomingFile | undefined, name: string): string | undefined {
  const field = incoming?.fields?.[name] as { value?: unknown } | undefined
  return typeof field?.value === 'string' && field.value.trim() ? field.value.trim() : undefined
}

export async function readUpload(incoming: IncomingFile | undefined): Promise<Buffer> {
  if (!incoming) throw invalid(AD_IMAGE_MISSING_MESSAGE)
  const chunks: Buffer[] = []
  for await (const chunk of incoming.file) chunks.push(chunk as Buffer)
  if (incoming.file.truncated)
    throw new AppError('too_large', AD_IMAGE_TOO_LARGE_MESSAGE, 413, { file: [AD_IMAGE_TOO_LARGE_MESSAGE] })
  const bytes = Buffer.concat(chunks)
  if (!bytes.length) throw invalid(AD_IMAGE_MISSING_MESSAGE)
  return bytes
}

/** Upright, at most 2048 px; PNG when it has transparency (cut-outs keep it), else JPEG. */
export async function normalisePicture(bytes: Buffer): Promise<StoredPicture> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: 60_000_000 }).metadata()
    if (
      !meta.width ||
      !meta.height ||
      !['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'].includes(meta.format ?? '')
    )
      throw new Error('not an image')
    const pipeline = sharp(bytes, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    const hasAlpha = Boolean(meta.hasAlpha)
    const out = hasAlpha
      ? await pipeline.png().toBuffer({ resolveWithObject: true })
      : await pipeline.jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true })
    return {
      bytes: out.data,
      mime: hasAlpha ? 'image/png' : 'image/jpeg',
      width: out.info.width,
      height: out.info.height,
      hasAlpha,
    }
  } catch {
    throw invalid(AD_IMAGE_NOT_IMAGE_MESSAGE, 'not_image')
  }
}
