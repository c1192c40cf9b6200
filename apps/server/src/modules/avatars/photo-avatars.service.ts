/**
 * Talking photos: a portrait becomes a custom avatar whose look carries the picture and its 68 face
 * landmarks (found offline on the server). Nothing is kept unless a face is found.
 */
import type { Readable } from 'node:stream'
import sharp from 'sharp'
import { LookPrompt } from '@mouthpiece/contracts/media/avatar.schemas'
import type { AvatarLook, FacePoint, PhotoFace } from '@mouthpiece/contracts/media/avatar.schemas'
import {
  MAX_CUSTOM_AVATARS,
  MAX_PHOTO_MB,
  PHOTO_BACKGROUND_MODE_MESSAGE,
  PHOTO_MISSING_MESSAGE,
  PHOTO_NO_FACE_MESSAGE,
  PHOTO_NOT_IMAGE_MESSAGE,
} from '@mouthpiece/contracts/avatars/avatars.contract'
import type { CustomAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import { AppError } from '../../platform/http/errors'
import { findFaceLandmarks, lookForPrompt } from '../../platform/media'
import * as repo from './avatars.repo'
import { avatarNotFound, presentCustomAvatar, stillOf, storePreview } from './avatars.service'
import { backgroundChoice, pictureType, withBackground } from './photo-background'
import type { PhotoForm, PhotoPlaces } from './photo-background'
import { storedKey } from '../../platform/storage/stored-key'
import type { StoredKey } from '@mouthpiece/contracts/media/stored-file.schemas'
import type { AvatarsDeps } from './avatars.deps'

export const MAX_PHOTO_BYTES = MAX_PHOTO_MB * 1024 * 1024
/** Portraits are kept at most this large: plenty for a 720p avatar box, quick to warp. */
const PHOTO_SIDE = 1024

const photoKey = (userId: number, id: number, version: number) =>
  storedKey(`avatars/${userId}/photo_${id}_${version}.jpg`)
const photoSrc = (id: number, version: number) => `/api/custom-avatar/${id}/photo?v=${version}`
const invalid = (message: string, code = 'validation') =>
  new AppError(code, message, 422, { file: [message] })

/** Upright (EXIF), at most 1024 px, JPEG; and its RGB pixels for the detector. */
export async function normalise(
  bytes: Buffer,
): Promise<{ jpeg: Buffer; rgb: Buffer; width: number; height: number }> {
  try {
    const upright = sharp(bytes, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
    const jpeg = await upright.clone().jpeg({ quality: 88 }).toBuffer()
    const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    return { jpeg, rgb: data, width: info.width, height: info.height }
  } catch {
    throw invalid(PHOTO_NOT_IMAGE_MESSAGE, 'not_image')
  }
}

/** The upload made upright and small, and its face found; every failure is the spec's message. */
async function portraitOf(bytes: Buffer | undefined, before?: () => Promise<void>) {
  if (!bytes?.length) throw invalid(PHOTO_MISSING_MESSAGE)
  await before?.()
  const photo = await normalise(bytes)
  const t = performance.now()
  const face = await findFaceLandmarks({
    data: photo.rgb,
    width: photo.width,
    height: photo.height,
    channels: 3,
  })
  const detectMs = Math.round(performance.now() - t)
  if (!face) throw invalid(PHOTO_NO_FACE_MESSAGE, 'no_face')
  return { photo, face, detectMs }
}

/** A portrait found to have a face: the upright JPEG to keep and what a photo look needs of it. */
export interface Portrait {
  jpeg: Buffer
  width: number
  height: number
  landmarks: FacePoint[]
  detect_ms: number
}

/**
 * For another module's presenters (ads' ad avatars): the portrait made upright and its face found,
 * or the spec's 422 (`no_face`, `not_image`). Nothing is stored: the caller keeps the JPEG where
 * it owns its files, so its rows and files live and die together.
 */
export async function readPortrait(bytes: Buffer): Promise<Portrait> {
  const { photo, face, detectMs } = await portraitOf(bytes)
  return {
    jpeg: photo.jpeg,
    width: photo.width,
    height: photo.height,
    landmarks: face.landmarks,
    detect_ms: detectMs,
  }
}

/** The look a render draws for a portrait kept at `place.key` and served at `place.src` (the cartoon fields are the stand-in drawn while it loads). */
export function photoLook(
  name: string,
  portrait: Portrait,
  place: { key: StoredKey; src: string },
): AvatarLook {
  return {
    ...lookForPrompt({ positivePrompt: name }, 0),
    photo: {
      src: place.src,
      key: place.key,
      width: portrait.width,
      height: portrait.height,
      landmarks: portrait.landmarks,
    },
  }
}

/** SPEC `validate-custom-avatar`: would this portrait make a photo avatar? Nothing is stored. */
export async function validatePortrait(form: PhotoForm) {
  const { photo, face, detectMs } = await portraitOf(form.file)
  return {
    valid: true as const,
    width: photo.width,
    height: photo.height,
    landmarks: face.landmarks.length,
    detect_ms: detectMs,
  }
}

const placesOf = (userId: number, id: number): PhotoPlaces => ({
  cutoutKey: storedKey(`avatars/${userId}/photo_${id}_cutout.png`),
  backdropKey: storedKey(`avatars/${userId}/photo_${id}_backdrop.jpg`),
  photoSrc: (v) => photoSrc(id, v),
  backdropSrc: (v) => `/api/custom-avatar/${id}/backdrop?v=${v}`,
})

export async function createPhotoAvatar(
  deps: AvatarsDeps,
  userId: number,
  form: PhotoForm,
): Promise<{ avatar: CustomAvatar; detect_ms: number; segment_ms: number | null }> {
  const choice = backgroundChoice(form)
  const { photo, face, detectMs } = await portraitOf(form.file, async () => {
    if ((await repo.countCustomAvatars(deps.db, userId)) >= MAX_CUSTOM_AVATARS)
      throw new AppError(
        'limit_reached',
        `You can keep up to ${MAX_CUSTOM_AVATARS} custom avatars. Delete one to make another.`,
        409,
      )
  })
  const name = form.fields.name?.trim() ? form.fields.name.trim().slice(0, 60) : 'My photo avatar'
  const prompt = LookPrompt.parse({})
  // The cartoon fields stay as the stand-in drawn while the picture loads.
  const base = lookForPrompt({ positivePrompt: name }, 0)
  const created = await repo.insertCustomAvatar(deps.db, {
    user_id: userId,
    name,
    prompt,
    look: base,
    variation: 0,
  })
  try {
    const key = photoKey(userId, created.id, 0)
    await deps.storage.put(key, photo.jpeg, 'image/jpeg')
    let face68: PhotoFace = {
      src: photoSrc(created.id, 0),
      key,
      width: photo.width,
      height: photo.height,
      landmarks: face.landmarks,
    }
    let segmentMs: number | null = null
    if (choice && choice.mode !== 'keep')
      ({ photo: face68, segmentMs } = await withBackground(
        deps.storage,
        face68,
        choice,
        placesOf(userId, created.id),
      ))
    const look: AvatarLook = { ...base, photo: face68 }
    const row = (await repo.updateCustomAvatar(deps.db, userId, created.id, { look }))!
    return {
      avatar: presentCustomAvatar(await storePreview(deps, row, await stillOf(deps, row.look))),
      detect_ms: detectMs,
      segment_ms: segmentMs,
    }
  } catch (error) {
    await repo.deleteCustomAvatar(deps.db, userId, created.id)
    await Promise.all(
      [
        photoKey(userId, created.id, 0),
        placesOf(userId, created.id).cutoutKey,
        placesOf(userId, created.id).backdropKey,
      ].map((k) => deps.storage.delete(k).catch(() => undefined)),
    )
    throw error
  }
}

/** Keep the photo's background, or remove it for a plain colour or a picked picture. */
export async function updateBackground(
  deps: AvatarsDeps,
  userId: number,
  id: number,
  form: PhotoForm,
): Promise<{ avatar: CustomAvatar; segment_ms: number | null }> {
  const current = await repo.findCustomAvatar(deps.db, userId, id)
  const photo = current?.look.photo
  if (!current || !photo) throw avatarNotFound()
  const choice = backgroundChoice(form)
  if (!choice)
    throw new AppError('validation', PHOTO_BACKGROUND_MODE_MESSAGE, 422, {
      background: [PHOTO_BACKGROUND_MODE_MESSAGE],
    })
  const next = await withBackground(deps.storage, photo, choice, placesOf(userId, id))
  const look: AvatarLook = { ...current.look, photo: next.photo }
  const png = await stillOf(deps, look)
  const row = (await repo.updateCustomAvatar(deps.db, userId, id, { look }))!
  return { avatar: presentCustomAvatar(await storePreview(deps, row, png)), segment_ms: next.segmentMs }
}

/** The user dragged landmark points: every point must stay on the picture. */
export async function updateLandmarks(
  deps: AvatarsDeps,
  userId: number,
  id: number,
  landmarks: FacePoint[],
): Promise<CustomAvatar> {
  const current = await repo.findCustomAvatar(deps.db, userId, id)
  const photo = current?.look.photo
  if (!current || !photo) throw avatarNotFound()
  if (landmarks.some(([x, y]) => x < 0 || y < 0 || x > photo.width || y > photo.height)) {
    const message = 'Landmark points must stay on the photo'
    throw new AppError('validation', message, 422, { landmarks: [message] })
  }
  const look: AvatarLook = {
    ...current.look,
    photo: {
      ...photo,
      landmarks: landmarks.map(([x, y]): FacePoint => [Math.round(x * 10) / 10, Math.round(y * 10) / 10]),
    },
  }
  const row = (await repo.updateCustomAvatar(deps.db, userId, id, { look }))!
  return presentCustomAvatar(await storePreview(deps, row, await stillOf(deps, row.look)))
}

/** A stored picture of my photo avatar: the drawn one (photo or cut-out) or the picked background. */
export async function photoOf(
  deps: AvatarsDeps,
  userId: number,
  id: number,
  which: 'photo' | 'backdrop' = 'photo',
): Promise<{ body: Readable; type: string }> {
  const row = await repo.findCustomAvatar(deps.db, userId, id)
  const photo = row?.look.photo
  const key =
    which === 'photo' ? photo?.key : photo?.background?.mode === 'image' ? photo.background.key : undefined
  if (!key || !(await deps.storage.stat(key))) throw avatarNotFound()
  return { body: (await deps.storage.get(key)).body, type: pictureType(key) }
}
