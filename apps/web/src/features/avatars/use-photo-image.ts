import { useEffect, useState } from 'react'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import { getPhotoImage, photoPictures, setPhotoImage } from '@mouthpiece/avatar/photo-images'
import { API_BASE_URL } from '../../lib/api'

const loading = new Map<string, Promise<void>>()

/** Loads a photo avatar's portrait once per page into packages/avatar's image table (the session cookie goes with it). */
export function loadPhotoImage(src: string): Promise<void> {
  if (getPhotoImage(src)) return Promise.resolve()
  let p = loading.get(src)
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const img = new Image()
      img.onload = () => {
        setPhotoImage(src, img)
        resolve()
      }
      img.onerror = () => {
        loading.delete(src)
        reject(new Error(`The photo ${src} did not load`))
      }
      img.src = src.startsWith('/') ? `${API_BASE_URL}${src}` : src
    })
    loading.set(src, p)
  }
  return p
}

/** True once the look's pictures (portrait or cut-out, picked background) are drawable (always true for a cartoon); the caller redraws when it flips. */
export function usePhotoImage(look: AvatarLook): boolean {
  const srcs = look.photo ? photoPictures(look.photo).map((p) => p.src) : []
  const key = srcs.join('|')
  const loaded = () => srcs.every((s) => Boolean(getPhotoImage(s)))
  const [ready, setReady] = useState(loaded)
  useEffect(() => {
    if (loaded()) return setReady(true)
    setReady(false)
    let live = true
    Promise.all(srcs.map(loadPhotoImage)).then(
      () => live && setReady(true),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [key]) // eslint-disable-line react-hooks/exhaustive-deps -- the sources, keyed by their joined string
  return ready
}
