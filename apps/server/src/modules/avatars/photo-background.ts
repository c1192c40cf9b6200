/**
 * Background removal for photo avatars (custom avatars and creators): the person is cut out once,
 * when the choice is made, with packages/media's selfie segmentation; the cut-out (PNG with alpha,
 * the portrait's size, so the landmarks still fit) is stored and packages/avatar draws it over a
 * plain colour or a picked picture. Keeping the background goes back to the photo as uploaded.
 */
import type { Readable } from 'node:stream'
import sharp from 'sharp'
import type { PhotoBackground, PhotoFace } from '@mouthpiece/contracts/media/avatar.schemas'
import {
  PHOTO_BACKGROUND_COLOR_MESSAGE,
  PHOTO_BACKGROUND_IMAGE_MESSAGE,
  PHOTO_BACKGROUND_MODE_MESSAGE,
  PHOTO_NO_PERSON_MESSAGE,
  PHOTO_NOT_IMAGE_MESSAGE,
  PHOTO_TOO_LARGE_MESSAGE,
} from '@mouthpiece/contracts/avatars/avatars.contract'
import { personMask } from '../../platform/media'
import type { Storage } from '../../platform/storage/storage'
import { AppError } from '../../platform/http/errors'
import { readStored } from './avatars.service'
import type { StoredKey } from '@mouthpiece/contracts/media/stored-file.schemas'

/** Background pictures are kept at most this large: they cover a 720p avatar box. */
const BACKDROP_SIDE = 1024
/** A cut-out must keep at least this share of the picture as person, or the model missed them. */
const MIN_PERSON_SHARE = 0.03

const invalid = (field: string, message: string, code = 'validation') =>
  new AppError(code, message, 422, { [field]: [message] })

/** What came in a photo avatar form: the portrait, the background picture, the text fields. */
export interface PhotoForm {
  file?: Buffer
  backgroundFile?: Buffer
  fields: Record<string, string>
}

type Part = {
  type: 'file' | 'field'
  fieldname: string
  file?: Readable & { truncated?: boolean }
  value?: unknown
}

/** Reads a multipart photo form whole (files under the route's size limit; a cut-short file is the spec's 413). */
export async function readPhotoForm(parts: AsyncIterable<Part> | undefined): Promise<PhotoForm> {
  const form: PhotoForm = { fields: {} }
  for await (const part of parts ?? []) {
    if (part.type === 'field') {
      form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : ''
      continue
    }
    const chunks: Buffer[] = []
    for await (const c of part.file!) chunks.push(c as Buffer)
    if (part.file!.truncated)
      throw new AppError('too_large', PHOTO_TOO_LARGE_MESSAGE, 413, {
        [part.fieldname]: [PHOTO_TOO_LARGE_MESSAGE],
      })
    const bytes = Buffer.concat(chunks)
    if (!bytes.length) continue
    if (part.fieldname === 'background_file') form.backgroundFile = bytes
    else if (part.fieldname === 'file') form.file = bytes
  }
  return form
}

/** What the user picked behind the person; `undefined` when the form says nothing about it. */
export type BackgroundChoice =
  { mode: 'keep' } | { mode: 'color'; color: string } | { mode: 'image'; picture?: Buffer }

/** The background fields checked before anything is done: a clear message per field. */
export function backgroundChoice(form: PhotoForm): BackgroundChoice | undefined {
  const mode = (form.fields.background ?? '').trim()
  if (!mode) return undefined
  if (mode === 'keep') return { mode }
  if (mode === 'color') {
    const color = (form.fields.background_color ?? '').trim()
    if (!/^#[0-9a-fA-F]{6}$/.test(color)) throw invalid('background_color', PHOTO_BACKGROUND_COLOR_MESSAGE)
    return { mode, color: color.toLowerCase() }
  }
  if (mode === 'image') return { mode, picture: form.backgroundFile }
  throw invalid('background', PHOTO_BACKGROUND_MODE_MESSAGE)
}

/** The person cut out of an (upright, normalised) portrait: the segmentation mask as its alpha, PNG. */
export async function cutOutPerson(jpeg: Buffer): Promise<{ png: Buffer; ms: number }> {
  const t = performance.now()
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const mask = await personMask({ data, width: info.width, height: info.height, channels: 3 })
  let person = 0
  for (const v of mask) if (v > 127) person++
  if (person < mask.length * MIN_PERSON_SHARE)
    throw invalid('background', PHOTO_NO_PERSON_MESSAGE, 'no_person')
  const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .joinChannel(Buffer.from(mask.buffer, mask.byteOffset, mask.byteLength), {
      raw: { width: info.width, height: info.height, channels: 1 },
    })
    .png({ compressionLevel: 6 })
    .toBuffer()
  return { png, ms: Math.round(performance.now() - t) }
}

async function backdropPicture(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: 60_000_000 })
      .rotate()
      .resize(BACKDROP_SIDE, BACKDROP_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 86 })
      .toBuffer()
  } catch {
    throw invalid('background_file', PHOTO_NOT_IMAGE_MESSAGE, 'not_image')
  }
}

/** Where a photo avatar keeps its pictures, and the page links to them (versioned so caches follow changes). */
export interface PhotoPlaces {
  cutoutKey: StoredKey
  backdropKey: StoredKey
  /** The link of the drawn picture (the photo route serves `photo.key`) at a version. */
  photoSrc: (version: number) => string
  backdropSrc: (version: number) => string
}

/**
 * The photo with the picked background. The mask is made only when the photo has no cut-out yet
 * (an existing one is reused when only the colour or picture changes). Nothing is stored before
 * every check has passed, so bad input changes nothing; files a change leaves unused are deleted.
 */
export async function withBackground(
  storage: Storage,
  photo: PhotoFace,
  choice: BackgroundChoice,
  places: PhotoPlaces,
): Promise<{ photo: PhotoFace; segmentMs: number | null }> {
  const version = Date.now()
  const { background: _bg, original_key: originalKey, ...base } = photo
  if (choice.mode === 'keep') {
    await removeQuietly(storage, [
      originalKey ? photo.key : undefined,
      photo.background?.mode === 'image' ? photo.background.key : undefined,
    ])
    return {
      photo: originalKey ? { ...base, key: originalKey, src: places.photoSrc(version) } : base,
      segmentMs: null,
    }
  }
  const hadImage = photo.background?.mode === 'image'
  if (choice.mode === 'image' && !choice.picture && !hadImage)
    throw invalid('background_file', PHOTO_BACKGROUND_IMAGE_MESSAGE)
  const picture =
    choice.mode === 'image' && choice.picture ? await backdropPicture(choice.picture) : undefined
  let cut: { png: Buffer; ms: number } | undefined
  if (!originalKey) cut = await cutOutPerson(await readStored({ storage }, photo.key))
  if (cut) await storage.put(places.cutoutKey, cut.png, 'image/png')
  if (picture) await storage.put(places.backdropKey, picture, 'image/jpeg')
  const background: PhotoBackground =
    choice.mode === 'color'
      ? { mode: 'color', color: choice.color }
      : {
          mode: 'image',
          key: places.backdropKey,
          src:
            picture || photo.background?.mode !== 'image'
              ? places.backdropSrc(version)
              : photo.background.src,
        }
  if (choice.mode === 'color' && hadImage) await removeQuietly(storage, [places.backdropKey])
  return {
    photo: {
      ...base,
      background,
      original_key: originalKey ?? photo.key,
      key: cut ? places.cutoutKey : photo.key,
      src: cut ? places.photoSrc(version) : photo.src,
    },
    segmentMs: cut ? cut.ms : null,
  }
}

async function removeQuietly(storage: Storage, keys: Array<string | undefined>): Promise<void> {
  await Promise.all(
    keys.filter((k): k is string => Boolean(k)).map((k) => storage.delete(k).catch(() => undefined)),
  )
}

/** Content type of a stored photo avatar picture (cut-outs are PNG, photos and backgrounds JPEG). */
export const pictureType = (key: string) => (key.endsWith('.png') ? 'image/png' : 'image/jpeg')
