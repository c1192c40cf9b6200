/**
 * Admin ad avatars (SPEC §7): the picture an admin uploads is also made into a talking photo by the
 * avatars module (face + 68 landmarks), so ad videos can draw it speaking. Both are checked before
 * anything is stored; the files are written first and removed again if the row cannot be.
 */
import type { z } from 'zod'
import { AD_AVATAR_NOT_FOUND } from '@mouthpiece/contracts/ads/avatars.contract'
import type { AdAvatar, AdAvatarFields } from '@mouthpiece/contracts/ads/avatars.contract'
import type { AdsDeps } from '../ads.deps'
import { AppError } from '../../../platform/http/errors'
import { recordAudit } from '../../audit'
import type { AdminAuditActor } from '../../audit'
import { photoLook, readPortrait } from '../../avatars'
import { notAnImage, probeImage } from '../brands/brand-files'
import type { Queryable } from '../../../platform/db/client'
import * as repo from './ad-avatars.repo'
import type { AdAvatarPresenter, AdAvatarRow } from './ad-avatars.table'
import { storedKey } from '../../../platform/storage/stored-key'

type Fields = z.infer<typeof AdAvatarFields>

export const adAvatarNotFound = () => new AppError('not_found', AD_AVATAR_NOT_FOUND, 404)

/** Every ad avatar by name (the admin list). */
export const adminAdAvatars = (db: Queryable) => repo.listAdAvatars(db)

/** One ad avatar, active or not (admin); 404 when there is none. */
export async function adminAdAvatarRow(db: Queryable, id: number): Promise<AdAvatarRow> {
  const row = await repo.findAdAvatar(db, id)
  if (!row) throw adAvatarNotFound()
  return row
}

/** Where users fetch the talking photo; `v` changes with the portrait so caches never show an old face. */
export const presenterPhotoUrl = (id: number, key: string) =>
  `/api/ads/avatars/${id}/photo?v=${key.slice(-12, -4)}`

export const presentAdAvatar = (a: AdAvatarRow): AdAvatar => {
  const photo = a.presenter?.look.photo
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    voice_id: a.voice_id,
    image_url: `/api/admin/ad-avatars/${a.id}/image`,
    width: a.width,
    height: a.height,
    is_active: a.is_active,
    presenter: photo
      ? {
          width: photo.width,
          height: photo.height,
          landmarks: photo.landmarks.length,
          detect_ms: a.presenter!.detect_ms,
        }
      : null,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  }
}

/** The upload checked whole before anything is stored: a picture (probed), with a face in it. */
async function readUpload(file: Buffer) {
  const probed = await probeImage(file)
  if (!probed || probed.format === 'ico') throw notAnImage()
  // The spec's 422 `no_face` ("We could not find a face…") when the picture shows nobody.
  const portrait = await readPortrait(file)
  return { file, probed, portrait }
}

/** Stores the picture and the portrait; `save` writes the row with the presenter; files are removed if it fails. */
async function storeFiles(
  deps: AdsDeps,
  upload: Awaited<ReturnType<typeof readUpload>>,
  save: (
    image: Pick<AdAvatarRow, 'image_key' | 'image_mime' | 'width' | 'height'>,
    presenter: (id: number, name: string) => AdAvatarPresenter,
  ) => Promise<AdAvatarRow>,
) {
  const { probed, portrait } = upload
  const stem = `ad-avatars/${crypto.randomUUID()}`
  const image = {
    image_key: `${stem}.${probed.format === 'jpeg' ? 'jpg' : probed.format}`,
    image_mime: probed.mime,
    width: probed.width,
    height: probed.height,
  }
  const portraitKey = storedKey(`${stem}-presenter.jpg`)
  try {
    await deps.storage.put(image.image_key, upload.file, probed.mime)
    await deps.storage.put(portraitKey, portrait.jpeg, 'image/jpeg')
    return await save(image, (id, name) => ({
      look: photoLook(name, portrait, { key: portraitKey, src: presenterPhotoUrl(id, portraitKey) }),
      detect_ms: portrait.detect_ms,
    }))
  } catch (error) {
    await Promise.all(
      [image.image_key, portraitKey].map((k) => deps.storage.delete(k).catch(() => undefined)),
    )
    throw error
  }
}

const filesOf = (row: AdAvatarRow) => [
  row.image_key,
  ...(row.presenter?.look.photo ? [row.presenter.look.photo.key] : []),
]

export async function storeAdAvatar(
  deps: AdsDeps,
  actor: AdminAuditActor,
  fields: Fields,
  file: Buffer,
): Promise<AdAvatar> {
  const upload = await readUpload(file)
  const row = await storeFiles(deps, upload, (image, presenterOf) =>
    deps.db.transaction(async (tx) => {
      // The photo's link names the row's id, which the insert gives.
      const made = await repo.insertAdAvatar(tx, { ...fields, ...image })
      const row = await repo.updateAdAvatarRow(tx, made.id, { presenter: presenterOf(made.id, fields.name) })
      await recordAudit(tx, actor, 'ads.avatar.store', {
        target: { type: 'ad_avatar', id: row!.id },
        after: presentAdAvatar(row!),
      })
      return row!
    }),
  )
  return presentAdAvatar(row)
}

export async function updateAdAvatar(
  deps: AdsDeps,
  actor: AdminAuditActor,
  before: AdAvatarRow,
  fields: Fields,
  file: Buffer | null,
): Promise<AdAvatar> {
  const write = (patch: Partial<AdAvatarRow>) =>
    deps.db.transaction(async (tx) => {
      const row = await repo.updateAdAvatarRow(tx, before.id, { ...fields, ...patch, updated_at: new Date() })
      if (!row) throw adAvatarNotFound()
      await recordAudit(tx, actor, 'ads.avatar.update', {
        target: { type: 'ad_avatar', id: before.id },
        before: presentAdAvatar(before),
        after: presentAdAvatar(row),
      })
      return row
    })
  if (!file) return presentAdAvatar(await write({}))
  const row = await storeFiles(deps, await readUpload(file), (image, presenterOf) =>
    write({ ...image, presenter: presenterOf(before.id, fields.name) }),
  )
  // Renders already running keep drawing the cartoon stand-in if the old portrait is gone.
  await Promise.all(filesOf(before).map((k) => deps.storage.delete(k).catch(() => undefined)))
  return presentAdAvatar(row)
}

export async function deleteAdAvatar(deps: AdsDeps, actor: AdminAuditActor, id: number): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const gone = await repo.deleteAdAvatarRow(tx, id)
    if (!gone) throw adAvatarNotFound()
    await recordAudit(tx, actor, 'ads.avatar.delete', {
      target: { type: 'ad_avatar', id },
      before: presentAdAvatar(gone),
    })
    return gone
  })
  await Promise.all(filesOf(row).map((k) => deps.storage.delete(k).catch(() => undefined)))
}
