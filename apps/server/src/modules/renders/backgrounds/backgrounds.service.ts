import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Storage } from '../../../platform/storage/storage'
import type { Queryable } from '../../../platform/db/client'
import { AppError } from '../../../platform/http/errors'
import { backgroundIdsInUse } from '../renders.repo'

export const MAX_BACKGROUND_BYTES = 10 * 1024 * 1024
export const BACKGROUND_NOT_IMAGE_MESSAGE = 'Please upload a picture (jpg, png or webp).'
const ACCEPTED = new Set(['jpeg', 'png', 'webp'])

const BACKGROUNDS_PREFIX = 'backgrounds/'
export const backgroundKey = (id: string) => `${BACKGROUNDS_PREFIX}${id}.jpg`
/** The id in a key `backgroundKey` made; null for anything else (never swept). */
const backgroundIdOf = (key: string) => /^backgrounds\/([0-9a-f-]{36})\.jpg$/.exec(key)?.[1] ?? null

/**
 * How old a background nobody uses must be before it is swept. A picture is stored before the
 * render that uses it exists: the editor uploads it when it is picked and names it only when the
 * render is submitted, maybe hours later (a tip video writes its card just before its render). A day
 * keeps such a pending upload safe; an older one no render names is a leftover.
 */
export const UNUSED_BACKGROUND_MIN_AGE_MS = 24 * 60 * 60 * 1000
/** Ids checked against the renders per query. */
const SWEEP_BATCH = 500

/**
 * A background picture for the demo video: checked by decoding it (not by its name), cropped to
 * 1280×720 and stored as JPEG, so the renderer never reads an arbitrary upload.
 */
export async function acceptBackground(
  storage: Storage,
  incoming: { file: Readable & { truncated?: boolean } } | undefined,
) {
  if (!incoming)
    throw new AppError('validation', 'Please choose a picture to upload.', 422, {
      file: ['Please choose a picture to upload.'],
    })
  const chunks: Buffer[] = []
  for await (const chunk of incoming.file) chunks.push(chunk as Buffer)
  if (incoming.file.truncated)
    throw new AppError('too_large', 'The picture is too large. Please upload one under 10 MB.', 413)
  const bytes = Buffer.concat(chunks)
  let jpeg: Buffer
  // Loaded on the first upload, not at start-up.
  const { default: sharp } = await import('sharp')
  try {
    const meta = await sharp(bytes).metadata()
    if (!meta.format || !ACCEPTED.has(meta.format)) throw new Error(`format ${meta.format}`)
    jpeg = await sharp(bytes).rotate().resize(1280, 720, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer()
  } catch {
    throw new AppError('not_image', BACKGROUND_NOT_IMAGE_MESSAGE, 422, {
      file: [BACKGROUND_NOT_IMAGE_MESSAGE],
    })
  }
  const id = randomUUID()
  await storage.put(backgroundKey(id), jpeg, 'image/jpeg')
  return { background: { id, url: `/api/demo/background/${id}` } }
}

/**
 * Deletes background pictures (uploads and tip-video cards) that no render names and that are older
 * than `UNUSED_BACKGROUND_MIN_AGE_MS`: those of deleted renders, and uploads never used. Render
 * deletion leaves the background alone because several renders may share one; this sweep frees it.
 */
export async function sweepUnusedBackgrounds(deps: { db: Queryable; storage: Storage }, now = Date.now()) {
  const cutoff = now - UNUSED_BACKGROUND_MIN_AGE_MS
  const old = new Map<string, number>()
  for (const object of await deps.storage.list(BACKGROUNDS_PREFIX)) {
    const id = backgroundIdOf(object.key)
    if (id && object.modifiedAt.getTime() < cutoff) old.set(id, object.size)
  }
  const ids = [...old.keys()]
  const swept = { files: 0, bytes: 0 }
  for (let i = 0; i < ids.length; i += SWEEP_BATCH) {
    const batch = ids.slice(i, i + SWEEP_BATCH)
    // Checked batch by batch right before deleting, so a render made meanwhile keeps its picture.
    const inUse = await backgroundIdsInUse(deps.db, batch)
    for (const id of batch) {
      if (inUse.has(id)) continue
      await deps.storage.delete(backgroundKey(id))
      swept.files += 1
      swept.bytes += old.get(id) ?? 0
    }
  }
  return swept
}
