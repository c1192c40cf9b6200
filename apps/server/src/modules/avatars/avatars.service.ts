import type { Readable } from 'node:stream'
import { LookPrompt } from '@mouthpiece/contracts/media/avatar.schemas'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'
import type { Emotion } from '@mouthpiece/contracts/media/voices.schemas'
import { MAX_CUSTOM_AVATARS } from '@mouthpiece/contracts/avatars/avatars.contract'
import type {
  CustomAvatar,
  GenerateCustomAvatarBody,
  InfluencerItem,
} from '@mouthpiece/contracts/avatars/avatars.contract'
import type { AvatarsDeps } from './avatars.deps'
import { admission } from '../../platform/admission/admission'
import { AppError } from '../../platform/http/errors'
import { avatarPng, DEFAULT_INFLUENCER, lookForPrompt } from '../../platform/media'
import { TrackingEvent } from '@mouthpiece/contracts/constants'
import { recordEvent } from '../tracking'
import * as repo from './avatars.repo'
import { mayUse, visibleTo } from './creators/creator-access'
import type { CustomAvatarRow, InfluencerRow } from './avatars.table'

export const avatarNotFound = () => new AppError('not_found', 'Avatar not found', 404)

const previewKey = (userId: number, id: number) => `avatars/${userId}/gif_avatar_${id}.png`

/** Drawing an avatar is CPU work a request starts: it passes the images gate (503 when busy). */
const drawPng = (look: AvatarLook, emotion?: Emotion, photo?: Uint8Array, backdrop?: Uint8Array) =>
  admission('images').run(() => avatarPng(look, 256, emotion, photo, backdrop))

export function presentInfluencer(row: InfluencerRow): InfluencerItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    model_style: row.model_style as InfluencerItem['model_style'],
    emotion: row.emotion as Emotion,
    voice_id: row.voice_id,
    look: row.look,
    preview_url: `/api/influencers/${row.id}/preview.png`,
  }
}

export function presentCustomAvatar(row: CustomAvatarRow): CustomAvatar {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    look: row.look,
    variation: row.variation,
    preview_url: `/api/custom-avatar/${row.id}/preview.png?v=${row.variation}-${row.updated_at.getTime()}`,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export async function listInfluencers({ db }: AvatarsDeps, userId: number | null = null) {
  const rows = await visibleTo(db, userId, await repo.listActiveInfluencers(db))
  return { influencers: rows.map(presentInfluencer), default_id: DEFAULT_INFLUENCER }
}

/** Influencer stills are drawn once per look and kept in memory (a few kB each). */
const influencerPngs = new Map<string, Promise<Buffer>>()
export async function influencerPreview({ db }: AvatarsDeps, id: string): Promise<Buffer> {
  const row = await repo.findActiveInfluencer(db, id)
  if (!row) throw avatarNotFound()
  const key = `${row.id}:${row.updated_at.getTime()}`
  let png = influencerPngs.get(key)
  if (!png) {
    png = drawPng(row.look, row.emotion as Emotion)
    influencerPngs.set(key, png)
    // A refused (busy) drawing must not stay cached as the answer.
    png.catch(() => influencerPngs.delete(key))
  }
  return png
}

export async function readStored(deps: Pick<AvatarsDeps, 'storage'>, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of (await deps.storage.get(key)).body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** A stored picture of a photo avatar (to draw its still), if it is still stored. */
const storedOrNone = async (deps: Pick<AvatarsDeps, 'storage'>, key: string | undefined) =>
  key && (await deps.storage.stat(key)) ? readStored(deps, key) : undefined

export const photoBytesOf = (deps: AvatarsDeps, look: AvatarLook): Promise<Buffer | undefined> =>
  storedOrNone(deps, look.photo?.key)

/** A look's still, a photo avatar's drawn from its portrait (or cut-out over the picked picture). */
export const stillOf = async (deps: AvatarsDeps, look: AvatarLook) => {
  const bg = look.photo?.background
  return drawPng(
    look,
    'Neutral',
    await photoBytesOf(deps, look),
    await storedOrNone(deps, bg?.mode === 'image' ? bg.key : undefined),
  )
}

/** Stores a still drawn (by drawPng) before the row changed, so a busy server changes nothing. */
export async function storePreview(
  deps: AvatarsDeps,
  row: CustomAvatarRow,
  png: Buffer,
): Promise<CustomAvatarRow> {
  const key = previewKey(row.user_id, row.id)
  await deps.storage.put(key, png, 'image/png')
  return (await repo.updateCustomAvatar(deps.db, row.user_id, row.id, { preview_key: key })) ?? row
}

async function announce(deps: AvatarsDeps, row: CustomAvatarRow, action: string) {
  await deps.realtime
    .emitToUser(row.user_id, 'custom-avatar-event', { action, avatar: presentCustomAvatar(row) })
    .catch(() => undefined)
}

export async function generate(
  deps: AvatarsDeps,
  userId: number,
  body: GenerateCustomAvatarBody,
): Promise<CustomAvatar> {
  if ((await repo.countCustomAvatars(deps.db, userId)) >= MAX_CUSTOM_AVATARS)
    throw new AppError(
      'limit_reached',
      `You can keep up to ${MAX_CUSTOM_AVATARS} custom avatars. Delete one to make another.`,
      409,
    )
  const prompt = LookPrompt.parse(body.prompt)
  const look: AvatarLook = lookForPrompt(prompt, 0)
  const png = await drawPng(look)
  const created = await repo.insertCustomAvatar(deps.db, {
    user_id: userId,
    name: body.name ?? 'My avatar',
    prompt,
    look,
    variation: 0,
  })
  const row = await storePreview(deps, created, png)
  await announce(deps, row, 'generated')
  return presentCustomAvatar(row)
}

export async function retry(deps: AvatarsDeps, userId: number, id: number): Promise<CustomAvatar> {
  const current = await repo.findCustomAvatar(deps.db, userId, id)
  if (!current) throw avatarNotFound()
  const variation = current.variation + 1
  // A photo avatar keeps its picture; the retry only changes its cartoon stand-in.
  const look = { ...lookForPrompt(current.prompt, variation), photo: current.look.photo }
  const png = await stillOf(deps, look)
  const updated = await repo.updateCustomAvatar(deps.db, userId, id, { variation, look })
  if (!updated) throw avatarNotFound()
  const row = await storePreview(deps, updated, png)
  await announce(deps, row, 'retried')
  return presentCustomAvatar(row)
}

export async function update(
  deps: AvatarsDeps,
  userId: number,
  id: number,
  body: { name?: string; prompt?: unknown },
): Promise<CustomAvatar> {
  const current = await repo.findCustomAvatar(deps.db, userId, id)
  if (!current) throw avatarNotFound()
  const prompt = body.prompt ? LookPrompt.parse(body.prompt) : undefined
  const look = prompt ? { ...lookForPrompt(prompt, 0), photo: current.look.photo } : undefined
  const png = look ? await stillOf(deps, look) : undefined
  const updated = await repo.updateCustomAvatar(deps.db, userId, id, {
    ...(body.name ? { name: body.name } : {}),
    ...(prompt ? { prompt, variation: 0, look } : {}),
  })
  if (!updated) throw avatarNotFound()
  const row = png ? await storePreview(deps, updated, png) : updated
  // SPEC §9 avatarSaved: the creator kept changes to their avatar.
  await recordEvent(deps, {
    category: 'usage',
    event: TrackingEvent.avatarSaved,
    userId,
    data: { custom_avatar_id: id },
  })
  return presentCustomAvatar(row)
}

export async function get(deps: AvatarsDeps, userId: number, id: number): Promise<CustomAvatar> {
  const row = await repo.findCustomAvatar(deps.db, userId, id)
  if (!row) throw avatarNotFound()
  return presentCustomAvatar(row)
}

export async function list(deps: AvatarsDeps, userId: number): Promise<CustomAvatar[]> {
  return (await repo.listCustomAvatars(deps.db, userId)).map(presentCustomAvatar)
}

export async function remove(deps: AvatarsDeps, userId: number, id: number): Promise<void> {
  const row = await repo.deleteCustomAvatar(deps.db, userId, id)
  if (!row) throw avatarNotFound()
  if (row.preview_key) await deps.storage.delete(row.preview_key)
  if (row.look.photo) await deps.storage.delete(row.look.photo.key)
}

/** The stored still (`gif_avatar_<id>.png`), drawn again if it went missing. */
export async function customPreview(
  deps: AvatarsDeps,
  userId: number,
  id: number,
): Promise<Buffer | Readable> {
  const row = await repo.findCustomAvatar(deps.db, userId, id)
  if (!row) throw avatarNotFound()
  if (row.preview_key && (await deps.storage.stat(row.preview_key)))
    return (await deps.storage.get(row.preview_key)).body
  const png = await stillOf(deps, row.look)
  await storePreview(deps, row, png)
  return png
}

/** The avatar a render speaks with: a custom avatar of this user, an active influencer, or the default influencer. */
export interface ChosenAvatar {
  influencer_id: string | null
  custom_avatar_id: number | null
  name: string
  look: AvatarLook
  voice_id: string
  emotion: Emotion
}

export async function chooseAvatar(
  db: AvatarsDeps['db'],
  userId: number | null,
  choice: { influencer_id?: string; custom_avatar_id?: number },
): Promise<ChosenAvatar> {
  if (choice.custom_avatar_id !== undefined) {
    const row = userId ? await repo.findCustomAvatar(db, userId, choice.custom_avatar_id) : undefined
    if (!row) throw avatarNotFound()
    const fallback = await repo.findActiveInfluencer(db, DEFAULT_INFLUENCER)
    return {
      influencer_id: null,
      custom_avatar_id: row.id,
      name: row.name,
      look: row.look,
      voice_id: fallback?.voice_id ?? 'festival:cmu_us_slt_arctic_hts',
      emotion: 'Neutral',
    }
  }
  const row = await repo.findActiveInfluencer(db, choice.influencer_id ?? DEFAULT_INFLUENCER)
  // A creator restricted to other plans or users is "not found" for this user, as in the pickers.
  if (!row || !(await mayUse(db, userId, row))) throw avatarNotFound()
  return {
    influencer_id: row.id,
    custom_avatar_id: null,
    name: row.name,
    look: row.look,
    voice_id: row.voice_id,
    emotion: row.emotion as Emotion,
  }
}
