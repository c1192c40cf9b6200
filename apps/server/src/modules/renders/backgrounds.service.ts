import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import sharp from 'sharp'
import type { Storage } from '../../platform/storage/storage'
import { AppError } from '../../platform/http/errors'

export const MAX_BACKGROUND_BYTES = 10 * 1024 * 1024
export const BACKGROUND_NOT_IMAGE_MESSAGE = 'Please upload a picture (jpg, png or webp).'
const ACCEPTED = new Set(['jpeg', 'png', 'webp'])

export const backgroundKey = (id: string) => `backgrounds/${id}.jpg`

/**
 * A background picture for the demo video: checked by decoding it (not by its name), cropped to
 * 1280×720 and stored as JPEG, so the renderer never reads an arbitrary upload.
 */
export async function acceptBackground(storage: Storage, incoming: { file: Readable & { truncated?: boolean } } | undefined) {
  if (!incoming) throw new AppError('validation', 'Please choose a picture to upload.', 422, { file: ['Please choose a picture to upload.'] })
  const chunks: Buffer[] = []
  for await (const chunk of incoming.file) chunks.push(chunk as Buffer)
  if (incoming.file.truncated) throw new AppError('too_large', 'The picture is too large. Please upload one under 10 MB.', 413)
  const bytes = Buffer.concat(chunks)
  let jpeg: Buffer
  try {
    const meta = await sharp(bytes).metadata()
    if (!meta.format || !ACCEPTED.has(meta.format)) throw new Error(`format ${meta.format}`)
    jpeg = await sharp(bytes).rotate().resize(1280, 720, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer()
  } catch {
    throw new AppError('not_image', BACKGROUND_NOT_IMAGE_MESSAGE, 422, { file: [BACKGROUND_NOT_IMAGE_MESSAGE] })
  }
  const id = randomUUID()
  await storage.put(backgroundKey(id), jpeg, 'image/jpeg')
  return { background: { id, url: `/api/demo/background/${id}` } }
}
