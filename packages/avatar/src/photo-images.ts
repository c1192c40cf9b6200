/**
 * Decoded portraits of photo avatars, by their `photo.src`. Loading differs per host (an <img> in
 * the page, @napi-rs/canvas's Image in the worker), so hosts put the picture here and the drawing
 * code, which must stay synchronous, only looks it up. Until it is there a photo look draws its cartoon.
 */
import type { PhotoFace } from '@mouthpiece/contracts/media/avatar.schemas'

export interface PhotoImage {
  width: number
  height: number
}

const images = new Map<string, PhotoImage>()
/** Keeps memory bounded in a long-lived overlay or worker that sees many avatars. */
const MAX_IMAGES = 16

export function setPhotoImage(src: string, image: PhotoImage): void {
  images.delete(src)
  images.set(src, image)
  if (images.size > MAX_IMAGES) images.delete(images.keys().next().value!)
}

export function getPhotoImage(src: string): PhotoImage | undefined {
  return images.get(src)
}

/** Every picture a host must load for a photo look: the portrait (or its cut-out) and a picked background picture. */
export function photoPictures(photo: PhotoFace): Array<{ src: string; key: string }> {
  const out = [{ src: photo.src, key: photo.key }]
  if (photo.background?.mode === 'image') out.push({ src: photo.background.src, key: photo.background.key })
  return out
}
