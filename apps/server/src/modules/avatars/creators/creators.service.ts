/**
 * Creator management (SPEC §2, §7 "Influencers"): an admin adds a creator from photos or a short
 * video. The upload is stored and a job processes it: the first photo (or video frame) with a face
 * becomes the creator's photo avatar; a video's speech becomes a voice profile on the closest
 * engine voice. Progress is kept on the row for the process page. Access by plan or user decides
 * who sees the creator in pickers and may render with it.
 */
import path from 'node:path'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  CREATOR_DEFAULT_VOICE,
  CREATOR_FILES_MISSING_MESSAGE,
  CREATOR_NO_FACE_MESSAGE,
  CREATOR_NO_OWN_VOICE_MESSAGE,
  CREATOR_NOT_MEDIA_MESSAGE,
  CREATOR_TOO_LARGE_MESSAGE,
  MAX_CREATOR_FILES,
} from '@mouthpiece/contracts/avatars/creators.contract'
import type { Creator, CreatorAccess } from '@mouthpiece/contracts/avatars/creators.contract'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import { slugify } from '@mouthpiece/contracts/slug'
import {
  ffmpeg,
  ffprobe,
  baseVoiceForProfile,
  findFaceLandmarks,
  lookForPrompt,
  measureVoice,
} from '../../../platform/media'
import type { AvatarsDeps } from '../avatars.deps'
import type { Queryable } from '../../../platform/db/client'
import { AppError, fieldError, humanPart } from '../../../platform/http/errors'
import { auditedChange } from '../../audit'
import type { AdminAuditActor } from '../../audit'
import { createProfileFromRecording, deleteProfile } from '../../voices'
import type { CreatorDatasetEntry, InfluencerRow } from '../avatars.table'
import { normalise } from '../photo-avatars.service'
import { pictureType } from '../photo-background'
import type { PhotoPlaces } from '../photo-background'
import { CREATOR_QUEUE, ensureCreatorQueues } from '../avatars.queues'
import * as repo from './creators.repo'
import { storedKey } from '../../../platform/storage/stored-key'

export const creatorNotFound = () => new AppError('not_found', 'Creator not found', 404)
const uploadKey = (id: string, n: number) => `creators/${id}/upload-${n}`
export const photoKey = (id: string) => storedKey(`creators/${id}/photo.jpg`)
export const datasetKey = (id: string, n: number) => `creators/${id}/dataset-${n}.jpg`
export const photoSrc = (id: string, at: number) => `/api/influencers/${id}/photo?v=${at}`

export function presentCreator(row: InfluencerRow): Creator {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    look: row.look,
    voice_id: row.voice_id,
    voice_profile_id: row.voice_profile_id,
    is_active: row.is_active,
    status: row.status,
    progress: row.progress,
    stage: row.stage,
    error: row.error,
    access: row.access,
    created_at: row.created_at.toISOString(),
  }
}

export async function findCreator(db: Queryable, id: string): Promise<InfluencerRow> {
  const row = await repo.findInfluencer(db, id)
  if (!row) throw creatorNotFound()
  return row
}

export async function listCreators(db: Queryable): Promise<Creator[]> {
  const rows = await repo.listInfluencers(db)
  return rows.map(presentCreator)
}
export const getCreator = async (db: Queryable, id: string) => presentCreator(await findCreator(db, id))

// ───────────────────────────── access ─────────────────────────────

export async function updateAccess(
  deps: AvatarsDeps,
  actor: AdminAuditActor,
  id: string,
  access: CreatorAccess,
): Promise<Creator> {
  const current = await findCreator(deps.db, id)
  const next = { plans: [...new Set(access.plans)], user_ids: [...new Set(access.user_ids)] }
  const row = await auditedChange(
    deps.db,
    actor,
    'creators.permission',
    { target: { type: 'creator', id }, before: async () => current.access },
    async (tx) => (await repo.updateInfluencer(tx, id, { access: next, updated_at: new Date() }))[0]!,
  )
  return presentCreator(row)
}

export async function updateCreator(
  deps: AvatarsDeps,
  actor: AdminAuditActor,
  id: string,
  patch: { name?: string; description?: string; is_active?: boolean },
): Promise<Creator> {
  const current = await findCreator(deps.db, id)
  if (patch.is_active && current.status !== 'ready')
    throw fieldError('is_active', 'The creator can be shown once processing has finished')
  const row = await auditedChange(
    deps.db,
    actor,
    'creators.update',
    {
      target: { type: 'creator', id },
      before: async () => ({
        name: current.name,
        description: current.description,
        is_active: current.is_active,
      }),
    },
    async (tx) => (await repo.updateInfluencer(tx, id, { ...patch, updated_at: new Date() }))[0]!,
  )
  return presentCreator(row)
}

export async function updateVoice(
  deps: AvatarsDeps,
  actor: AdminAuditActor,
  id: string,
  voiceId: string,
  exists: (id: string) => Promise<boolean>,
): Promise<Creator> {
  const current = await findCreator(deps.db, id)
  if (!(await exists(voiceId))) throw fieldError('voice_id', 'This voice is not installed')
  const profileId = /^profile:(\d+)$/.exec(voiceId)?.[1]
  const row = await auditedChange(
    deps.db,
    actor,
    'creators.update-voice',
    { target: { type: 'creator', id }, before: async () => ({ voice_id: current.voice_id }) },
    async (tx) =>
      (
        await repo.updateInfluencer(tx, id, {
          voice_id: voiceId,
          voice_profile_id: profileId ? Number(profileId) : null,
          updated_at: new Date(),
        })
      )[0]!,
  )
  return presentCreator(row)
}

export async function deleteCreator(deps: AvatarsDeps, actor: AdminAuditActor, id: string): Promise<void> {
  const current = await findCreator(deps.db, id)
  if (current.source === 'preset') {
    // Presets come back with every start (seeding): they are hidden instead.
    await updateCreator(deps, actor, id, { is_active: false })
    return
  }
  await auditedChange(
    deps.db,
    actor,
    'creators.delete',
    { target: { type: 'creator', id }, before: async () => presentCreator(current) },
    async (tx) => {
      await repo.deleteInfluencer(tx, id)
      return { deleted: true }
    },
  )
  const places = creatorPlaces(id)
  const keys = [photoKey(id), places.cutoutKey, places.backdropKey, ...current.dataset.map((d) => d.key)]
  await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)))
}

/** SPEC "delete voice": the creator's own voice profile goes (unless another influencer speaks with it); the default voice takes over. */
export async function deleteCreatorVoice(
  deps: AvatarsDeps,
  actor: AdminAuditActor,
  id: string,
): Promise<Creator> {
  const current = await findCreator(deps.db, id)
  const profileId = current.voice_profile_id
  if (!profileId) throw fieldError('voice_id', CREATOR_NO_OWN_VOICE_MESSAGE)
  const row = await auditedChange(
    deps.db,
    actor,
    'creators.delete-voice',
    {
      target: { type: 'creator', id },
      before: async () => ({ voice_id: current.voice_id, voice_profile_id: profileId }),
    },
    async (tx) =>
      (
        await repo.updateInfluencer(tx, id, {
          voice_id: CREATOR_DEFAULT_VOICE,
          voice_profile_id: null,
          updated_at: new Date(),
        })
      )[0]!,
  )
  const others = await repo.influencersWithProfile(deps.db, profileId)
  if (!others.length) await deleteProfile(deps, actor, profileId).catch(() => undefined)
  return presentCreator(row)
}

/** Where a creator's photo avatar keeps its cut-out and background picture, and their links. */
export const creatorPlaces = (id: string): PhotoPlaces => ({
  cutoutKey: storedKey(`creators/${id}/cutout.png`),
  backdropKey: storedKey(`creators/${id}/backdrop.jpg`),
  photoSrc: (v) => photoSrc(id, v),
  backdropSrc: (v) => `/api/influencers/${id}/backdrop?v=${v}`,
})

// ───────────────────────────── adding ─────────────────────────────

type Part = {
  type: 'file' | 'field'
  fieldname: string
  filename?: string
  mimetype?: string
  file?: Readable & { truncated?: boolean }
  value?: unknown
}

/** Stores the upload, makes the hidden creator row (status processing) and queues its processing. */
export async function addCreator(
  deps: AvatarsDeps,
  actor: AdminAuditActor,
  parts: AsyncIterable<Part>,
): Promise<Creator> {
  const fields: Record<string, string> = {}
  const files: Buffer[] = []
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : ''
      continue
    }
    if (!part.file || files.length >= MAX_CREATOR_FILES) {
      part.file?.resume()
      continue
    }
    const chunks: Buffer[] = []
    for await (const c of part.file) chunks.push(c as Buffer)
    if (part.file.truncated)
      throw new AppError('too_large', CREATOR_TOO_LARGE_MESSAGE, 413, { files: [CREATOR_TOO_LARGE_MESSAGE] })
    if (chunks.length) files.push(Buffer.concat(chunks))
  }
  const name = (fields.name ?? '').trim()
  if (!name) throw fieldError('name', 'Please enter the creator’s name')
  if (name.length > 60) throw fieldError('name', 'The name must be at most 60 characters')
  if (!files.length) throw fieldError('files', CREATOR_FILES_MISSING_MESSAGE)
  const id = `${slugify(name).slice(0, 40) || 'creator'}-${randomUUID().slice(0, 6)}`
  await ensureCreatorQueues(deps)
  await Promise.all(files.map((bytes, n) => deps.storage.put(uploadKey(id, n), bytes)))
  const look: AvatarLook = lookForPrompt({ positivePrompt: name }, 0)
  const row = await auditedChange(
    deps.db,
    actor,
    'creators.add',
    { target: { type: 'creator', id } },
    async (tx) => {
      const created = await repo.insertInfluencer(tx, {
        id,
        name,
        description: (fields.description ?? '').trim().slice(0, 300),
        model_style: look.modelStyle,
        emotion: 'Neutral',
        voice_id: CREATOR_DEFAULT_VOICE,
        look,
        is_active: false,
        order: 100,
        source: 'creator',
        status: 'processing',
        progress: 0,
        stage: 'Waiting to start',
        error: null,
      })
      await deps.queue.send(CREATOR_QUEUE, { id, files: files.length, admin: actor }, { tx })
      return created
    },
  )
  return presentCreator(row)
}

async function setProgress(
  db: Queryable,
  id: string,
  progress: number,
  stage: string,
  extra: Partial<InfluencerRow> = {},
) {
  await repo.updateInfluencer(db, id, { progress, stage, updated_at: new Date(), ...extra })
}

type Kind = { kind: 'image' } | { kind: 'video'; hasAudio: boolean } | { kind: 'audio' } | null

async function kindOf(file: string): Promise<Kind> {
  const info = await ffprobe(file).catch(() => null)
  if (!info) return null
  const video = info.streams.find((s) => s.codec_type === 'video')
  const audio = info.streams.some((s) => s.codec_type === 'audio')
  const still = ['png', 'mjpeg', 'webp', 'bmp', 'gif'].includes(video?.codec_name ?? '')
  if (video && still) return { kind: 'image' }
  if (video) return { kind: 'video', hasAudio: audio }
  return audio ? { kind: 'audio' } : null
}

/** The job: photo avatar from the first face found, voice profile from the first speech found. */
export async function processCreator(
  deps: AvatarsDeps,
  job: { id: string; files: number; admin: AdminAuditActor },
  signal?: AbortSignal,
): Promise<void> {
  const { id } = job
  const row = await findCreator(deps.db, id).catch(() => null)
  if (!row || row.status !== 'processing') return
  const work = path.join(deps.config.dataDir, 'tmp', `creator-${id}-${randomUUID().slice(0, 8)}`)
  await mkdir(work, { recursive: true })
  try {
    await setProgress(deps.db, id, 5, 'Reading the files')
    const local: Array<{ file: string; kind: Kind }> = []
    for (let n = 0; n < job.files; n++) {
      const file = path.join(work, `in-${n}`)
      const { body } = await deps.storage.get(uploadKey(id, n))
      const chunks: Buffer[] = []
      for await (const c of body) chunks.push(c as Buffer)
      await writeFile(file, Buffer.concat(chunks))
      local.push({ file, kind: await kindOf(file) })
    }
    if (local.every((l) => !l.kind)) throw new AppError('not_media', CREATOR_NOT_MEDIA_MESSAGE, 422)
    signal?.throwIfAborted()

    // Faces: photos first, then a frame a second into each video.
    await setProgress(deps.db, id, 20, 'Finding the face')
    const candidates: string[] = []
    for (const [n, l] of local.entries()) {
      if (l.kind?.kind === 'image') candidates.push(l.file)
      else if (l.kind?.kind === 'video') {
        const frame = path.join(work, `frame-${n}.png`)
        await ffmpeg(['-y', '-v', 'error', '-ss', '1', '-i', l.file, '-frames:v', '1', frame], {
          signal,
        }).catch(() => ffmpeg(['-y', '-v', 'error', '-i', l.file, '-frames:v', '1', frame], { signal }))
        candidates.push(frame)
      }
    }
    // Every picture is kept as the creator's dataset; the first with a face becomes the avatar.
    const dataset: CreatorDatasetEntry[] = []
    let firstFace: Buffer | undefined
    for (const c of candidates) {
      const norm = await normalise(await readFile(c)).catch(() => null)
      if (!norm) continue
      const face = await findFaceLandmarks({
        data: norm.rgb,
        width: norm.width,
        height: norm.height,
        channels: 3,
      })
      const key = datasetKey(id, dataset.length)
      await deps.storage.put(key, norm.jpeg, 'image/jpeg')
      dataset.push({ key, width: norm.width, height: norm.height, landmarks: face?.landmarks ?? null })
      if (face) firstFace ??= norm.jpeg
      signal?.throwIfAborted()
    }
    await setProgress(deps.db, id, 45, 'Dataset ready', { dataset })
    const chosen = dataset.find((d) => d.landmarks)
    if (!chosen) throw new AppError('no_face', CREATOR_NO_FACE_MESSAGE, 422)
    await deps.storage.put(photoKey(id), firstFace!, 'image/jpeg')
    const look: AvatarLook = {
      ...row.look,
      photo: {
        src: photoSrc(id, Date.now()),
        key: photoKey(id),
        width: chosen.width,
        height: chosen.height,
        landmarks: chosen.landmarks!,
      },
    }
    await setProgress(deps.db, id, 55, 'Photo avatar ready', { look })
    signal?.throwIfAborted()

    // Voice: the speech of the first video (or audio file) with sound.
    const speech = local.find(
      (l) => (l.kind?.kind === 'video' && l.kind.hasAudio) || l.kind?.kind === 'audio',
    )
    let voice: { voice_id: string; voice_profile_id: number } | null = null
    if (speech) {
      await setProgress(deps.db, id, 65, 'Learning the voice')
      const wav = path.join(work, 'voice.wav')
      await ffmpeg(
        ['-y', '-v', 'error', '-i', speech.file, '-vn', '-ac', '1', '-ar', '24000', '-t', '60', wav],
        { signal },
      )
      const measured = await measureVoice(wav, signal).catch(() => null)
      if (measured && measured.voicedRatio > 0.1) {
        const profile = await createProfileFromRecording(deps, job.admin, {
          name: `${row.name}'s voice`,
          engineVoiceId: baseVoiceForProfile(measured),
          recording: wav,
          description: `Made from ${row.name}'s video (median pitch ${Math.round(measured.medianF0)} Hz).`,
        })
        voice = { voice_id: `profile:${profile.id}`, voice_profile_id: profile.id }
      }
    }
    await setProgress(
      deps.db,
      id,
      100,
      voice ? 'Photo avatar and voice ready' : 'Photo avatar ready (no speech in the files: default voice)',
      {
        status: 'ready',
        is_active: true,
        ...(voice ?? {}),
      },
    )
  } catch (error) {
    const message =
      error instanceof AppError ? humanPart(error.message) : 'Processing failed. Please try other files.'
    await setProgress(deps.db, id, 100, 'Failed', { status: 'failed', error: message, is_active: false })
    if (!(error instanceof AppError)) throw error
  } finally {
    await rm(work, { recursive: true, force: true })
    await Promise.all(
      Array.from({ length: job.files }, (_, n) =>
        deps.storage.delete(uploadKey(id, n)).catch(() => undefined),
      ),
    )
  }
}

/** The drawn picture of a creator's photo avatar (photo or cut-out), or the picture behind the cut-out. */
export async function creatorPictureBody(deps: AvatarsDeps, id: string, which: 'photo' | 'backdrop') {
  const photo = (await findCreator(deps.db, id)).look.photo
  const key =
    which === 'photo' ? photo?.key : photo?.background?.mode === 'image' ? photo.background.key : undefined
  if (!key) throw creatorNotFound()
  return { body: (await deps.storage.get(key)).body, type: pictureType(key) }
}
