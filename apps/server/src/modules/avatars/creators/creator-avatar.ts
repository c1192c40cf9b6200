/**
 * A creator's photo avatar after processing (SPEC §7 "AI avatar dataset", "update avatar"): the
 * pictures it was made from are kept as its dataset; the admin picks another one, uploads a new
 * portrait (added to the dataset) and/or removes the background, as a user does for a custom avatar.
 */
import {
  CREATOR_AVATAR_NOTHING_MESSAGE,
  CREATOR_DATASET_NO_FACE_MESSAGE,
} from '@mouthpiece/contracts/avatars/creators.contract'
import type {
  Creator,
  CreatorAiAvatar,
  CreatorDatasetItem,
} from '@mouthpiece/contracts/avatars/creators.contract'
import { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { PHOTO_NO_FACE_MESSAGE } from '@mouthpiece/contracts/avatars/avatars.contract'
import { AppError, fieldError } from '../../../platform/http/errors'
import { auditedChange } from '../../audit'
import type { AdminAuditActor } from '../../audit'
import { findFaceLandmarks } from '../../../platform/media'
import type { InfluencerVideos } from './influencer-videos'
import * as repo from './creators.repo'
import type { CreatorDatasetEntry, InfluencerRow } from '../avatars.table'
import { normalise } from '../photo-avatars.service'
import { backgroundChoice, withBackground } from '../photo-background'
import type { PhotoForm } from '../photo-background'
import {
  creatorNotFound,
  creatorPlaces,
  datasetKey,
  findCreator,
  photoKey,
  photoSrc,
  presentCreator,
} from './creators.service'
import type { AvatarsDeps } from '../avatars.deps'

const datasetSrc = (id: string, n: number) => `/api/admin/influencers/${id}/ai-avatar-dataset/${n}`

/** Whether the avatar was made from this dataset picture: its landmarks are the picture's as found (creators have no landmark editing). */
function madeFrom(row: InfluencerRow, d: CreatorDatasetEntry): boolean {
  const used = row.look.photo
  return Boolean(
    used &&
    d.landmarks &&
    d.width === used.width &&
    d.height === used.height &&
    JSON.stringify(d.landmarks) === JSON.stringify(used.landmarks),
  )
}

/** The dataset as the admin sees it; `in_use` is the picture the current avatar was made from. */
export async function creatorDataset(deps: AvatarsDeps, id: string): Promise<CreatorDatasetItem[]> {
  const row = await findCreator(deps.db, id)
  return row.dataset.map((d, index) => ({
    index,
    src: datasetSrc(id, index),
    width: d.width,
    height: d.height,
    face: Boolean(d.landmarks),
    in_use: madeFrom(row, d),
  }))
}

/** SPEC "AI avatar": the look, the photo avatar's state and where to see it (still, portrait, backdrop, landing video). */
export async function creatorAiAvatar(
  deps: AvatarsDeps,
  videos: InfluencerVideos,
  id: string,
): Promise<CreatorAiAvatar> {
  const row = await findCreator(deps.db, id)
  const photo = row.look.photo
  const bg = photo?.background ?? { mode: 'keep' as const }
  const used = row.dataset.findIndex((d) => madeFrom(row, d))
  const shown = row.is_active && row.status === 'ready'
  const video = (await videos.latest([row])).get(row.id) ?? null
  return {
    id: row.id,
    name: row.name,
    kind: photo ? 'photo' : 'cartoon',
    look: row.look,
    emotion: Emotion.catch('Neutral').parse(row.emotion),
    processing: { status: row.status, progress: row.progress, stage: row.stage, error: row.error },
    shown,
    photo: photo
      ? {
          width: photo.width,
          height: photo.height,
          landmarks: photo.landmarks.length,
          background: bg.mode,
          background_color: bg.mode === 'color' ? bg.color : null,
          dataset_index: used < 0 ? null : used,
        }
      : null,
    dataset: { pictures: row.dataset.length, with_face: row.dataset.filter((d) => d.landmarks).length },
    preview: {
      // The still is drawn for influencers users can pick (the public preview answers 404 otherwise).
      still_url: shown ? `/api/influencers/${row.id}/preview.png?v=${row.updated_at.getTime()}` : null,
      portrait_url: photo?.src ?? null,
      backdrop_url: bg.mode === 'image' ? bg.src : null,
      video,
    },
  }
}

export async function datasetPicture(deps: AvatarsDeps, id: string, index: number) {
  const entry = (await findCreator(deps.db, id)).dataset[index]
  if (!entry) throw creatorNotFound()
  return (await deps.storage.get(entry.key)).body
}

const readBytes = async (deps: AvatarsDeps, key: string) => {
  const chunks: Buffer[] = []
  for await (const c of (await deps.storage.get(key)).body) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/** The new portrait the form names: an upload (its face found, added to the dataset) or a dataset picture with a face. */
async function newPortrait(deps: AvatarsDeps, id: string, dataset: CreatorDatasetEntry[], form: PhotoForm) {
  if (form.file) {
    const norm = await normalise(form.file)
    const face = await findFaceLandmarks({
      data: norm.rgb,
      width: norm.width,
      height: norm.height,
      channels: 3,
    })
    if (!face) throw new AppError('no_face', PHOTO_NO_FACE_MESSAGE, 422, { file: [PHOTO_NO_FACE_MESSAGE] })
    const entry: CreatorDatasetEntry = {
      key: datasetKey(id, dataset.length),
      width: norm.width,
      height: norm.height,
      landmarks: face.landmarks,
    }
    return { jpeg: norm.jpeg, entry, added: true }
  }
  const raw = form.fields.dataset_index?.trim()
  if (!raw) return undefined
  const entry = /^\d+$/.test(raw) ? dataset[Number(raw)] : undefined
  if (!entry) throw fieldError('dataset_index', 'Dataset picture not found')
  if (!entry.landmarks) throw fieldError('dataset_index', CREATOR_DATASET_NO_FACE_MESSAGE)
  return { jpeg: await readBytes(deps, entry.key), entry, added: false }
}

/** SPEC "update avatar": another portrait and/or another background; every check passes before anything is stored. */
export async function updateCreatorAvatar(
  deps: AvatarsDeps,
  actor: AdminAuditActor,
  id: string,
  form: PhotoForm,
): Promise<{ creator: Creator; segment_ms: number | null }> {
  const current = await findCreator(deps.db, id)
  const choice = backgroundChoice(form)
  const portrait = await newPortrait(deps, id, current.dataset, form)
  if (!portrait && !choice) throw fieldError('file', CREATOR_AVATAR_NOTHING_MESSAGE)
  const places = creatorPlaces(id)
  let photo = current.look.photo
  if (portrait) {
    if (portrait.added) await deps.storage.put(portrait.entry.key, portrait.jpeg, 'image/jpeg')
    await deps.storage.put(photoKey(id), portrait.jpeg, 'image/jpeg')
    // A removed background stays removed: the new portrait is cut out below with the same colour or picture.
    photo = {
      src: photoSrc(id, Date.now()),
      key: photoKey(id),
      width: portrait.entry.width,
      height: portrait.entry.height,
      landmarks: portrait.entry.landmarks!,
      ...(photo?.background ? { background: photo.background } : {}),
    }
  }
  if (!photo) throw fieldError('file', 'This creator has no photo avatar yet. Please upload a portrait.')
  const bg = photo.background
  const wanted =
    choice ??
    (portrait && bg && bg.mode !== 'keep'
      ? bg.mode === 'color'
        ? { mode: 'color' as const, color: bg.color }
        : { mode: 'image' as const }
      : undefined)
  let segmentMs: number | null = null
  if (wanted) ({ photo, segmentMs } = await withBackground(deps.storage, photo, wanted, places))
  const look = { ...current.look, photo }
  const dataset = portrait?.added ? [...current.dataset, portrait.entry] : current.dataset
  const row = await auditedChange(
    deps.db,
    actor,
    'creators.update-avatar',
    { target: { type: 'creator', id }, before: async () => ({ photo: current.look.photo ?? null }) },
    async (tx) => (await repo.updateInfluencer(tx, id, { look, dataset, updated_at: new Date() }))[0]!,
  )
  return { creator: presentCreator(row), segment_ms: segmentMs }
}
