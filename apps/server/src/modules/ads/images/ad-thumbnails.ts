import sharp from 'sharp'
import type { Storage } from '../../../platform/storage/storage'
import { admission } from '../../../platform/admission/admission'
import { readStored } from './ad-render'

/** Longest side of an admin preview: sharp on a detail page's cards, a few kB each. */
export const THUMBNAIL_SIDE = 480

/**
 * A stored picture made small for the admin detail pages (WebP keeps cut-outs' transparency).
 * Resizing is CPU work a request starts, so it passes the images gate (503 when busy).
 */
export async function thumbnailOf(storage: Storage, key: string): Promise<Buffer> {
  const bytes = await readStored(storage, key)
  return admission('images').run(() =>
    sharp(bytes, { density: 144 })
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
  )
}
