/**
 * Ad assets: upload a picture (uploadImage), cut its subjects out offline as a queued job with
 * progress (extractingImage), and offer them as characters (selectCharacters). Custom characters
 * are used whole; replace swaps the picture and makes the characters again.
 */
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import sharp from 'sharp'
import { and, eq } from 'drizzle-orm'
import { AD_ASSET_NOT_FOUND, NO_SUBJECT_MESSAGE } from '@mouthpiece/contracts/ads/images'
import type { AdAsset } from '@mouthpiece/contracts/ads/images'
import { AD_PROJECT_NOT_FOUND } from '@mouthpiece/contracts/ads/projects.schemas'
import type { z } from 'zod'
import type { ExtractBody as ExtractBodySchema } from '@mouthpiece/contracts/ads/images'
import { extractSubjects } from '../../../platform/media'
import type { AdsDeps } from '../ads.deps'
import type { Queryable } from '../../../platform/db/client'
import { admission } from '../../../platform/admission/admission'
import { AppError } from '../../../platform/http/errors'
import { findAdProject } from '../projects/ad-projects.repo'
import { emitAdProject } from '../projects/ad-projects.service'
import { adAssets } from './ad-images.table'
import type { AdAssetRow, ExtractionRequest, StoredCharacter } from './ad-images.table'
import * as repo from './ad-images.repo'
import { AD_EXTRACT_QUEUE, ensureAdImageQueues } from '../ads.queues'
import { normalisePicture, readUpload, textField } from './uploads'
import type { IncomingFile, StoredPicture } from './uploads'

export const assetNotFound = () => new AppError('not_found', AD_ASSET_NOT_FOUND, 404)
const shortId = () => randomBytes(5).toString('hex')
const fileKey = (userId: number, name: string, mime: string) =>
  `ads/${userId}/images/${name}.${mime === 'image/png' ? 'png' : 'jpg'}`

export function presentAsset(row: AdAssetRow): AdAsset {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    kind: row.kind,
    width: row.width,
    height: row.height,
    url: `/api/ads/assets/${row.id}/file?v=${row.revision}`,
    status: row.status,
    progress: row.progress,
    mode: row.request?.mode ?? null,
    error: row.error,
    extract_ms: row.extract_ms,
    characters: row.characters.map((c) => ({
      id: c.id,
      box: c.box,
      width: c.width,
      height: c.height,
      url: `/api/ads/assets/${row.id}/characters/${c.id}`,
    })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

async function checkProject(deps: AdsDeps, userId: number, projectId: number | null): Promise<void> {
  if (projectId !== null && !(await findAdProject(deps.db, projectId, userId)))
    throw new AppError('not_found', AD_PROJECT_NOT_FOUND, 404, { project_id: [AD_PROJECT_NOT_FOUND] })
}

function projectField(incoming: IncomingFile | undefined): number | null {
  const raw = textField(incoming, 'project_id')
  if (raw === undefined) return null
  if (!/^[1-9][0-9]{0,9}$/.test(raw))
    throw new AppError('not_found', AD_PROJECT_NOT_FOUND, 404, { project_id: [AD_PROJECT_NOT_FOUND] })
  return Number(raw)
}

const baseName = (filename: string) =>
  filename
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 80) || 'Image'

/** A custom character used whole: a transparent PNG is trimmed to what it shows. */
async function wholeCharacter(
  deps: AdsDeps,
  userId: number,
  picture: StoredPicture,
): Promise<StoredCharacter> {
  let bytes = picture.bytes
  let box = { x: 0, y: 0, w: picture.width, h: picture.height }
  if (picture.hasAlpha) {
    const trimmed = await sharp(picture.bytes)
      .trim({ threshold: 1 })
      .png()
      .toBuffer({ resolveWithObject: true })
      .catch(() => null)
    if (trimmed) {
      bytes = trimmed.data
      box = {
        x: -(trimmed.info.trimOffsetLeft ?? 0),
        y: -(trimmed.info.trimOffsetTop ?? 0),
        w: trimmed.info.width,
        h: trimmed.info.height,
      }
    }
  }
  const meta = await sharp(bytes).metadata()
  const id = shortId()
  const key = fileKey(userId, `character_${id}`, picture.hasAlpha ? 'image/png' : 'image/jpeg')
  await deps.storage.put(key, bytes, picture.hasAlpha ? 'image/png' : 'image/jpeg')
  return { id, file_key: key, box, width: meta.width, height: meta.height }
}

export async function uploadImage(
  deps: AdsDeps,
  userId: number,
  incoming: IncomingFile | undefined,
  kind: 'upload' | 'character',
): Promise<AdAsset> {
  const projectId = projectField(incoming)
  const picture = await normalisePicture(await readUpload(incoming))
  await checkProject(deps, userId, projectId)
  const key = fileKey(userId, `${kind}_${shortId()}`, picture.mime)
  await deps.storage.put(key, picture.bytes, picture.mime)
  const name = textField(incoming, 'name')?.slice(0, 80) ?? baseName(incoming!.filename)
  const characters = kind === 'character' ? [await wholeCharacter(deps, userId, picture)] : []
  const row = await repo.insertAsset(deps.db, {
    user_id: userId,
    project_id: projectId,
    name,
    kind,
    file_key: key,
    width: picture.width,
    height: picture.height,
    status: kind === 'character' ? 'done' : 'uploaded',
    progress: kind === 'character' ? 100 : 0,
    characters,
  })
  return presentAsset(row)
}

/** Replace the picture: the old characters go, a character asset is remade, an upload waits for extraction. */
export async function replaceImage(
  deps: AdsDeps,
  userId: number,
  id: number,
  incoming: IncomingFile | undefined,
): Promise<AdAsset> {
  const current = await repo.findAsset(deps.db, id, userId)
  if (!current) throw assetNotFound()
  const picture = await normalisePicture(await readUpload(incoming))
  const key = fileKey(userId, `${current.kind}_${shortId()}`, picture.mime)
  await deps.storage.put(key, picture.bytes, picture.mime)
  const characters = current.kind === 'character' ? [await wholeCharacter(deps, userId, picture)] : []
  const row = (await repo.updateAsset(deps.db, id, {
    file_key: key,
    width: picture.width,
    height: picture.height,
    characters,
    revision: current.revision + 1,
    status: current.kind === 'character' ? 'done' : 'uploaded',
    progress: current.kind === 'character' ? 100 : 0,
    error: null,
    extract_ms: null,
  }))!
  await removeFiles(deps, [current.file_key, ...current.characters.map((c) => c.file_key)])
  return presentAsset(row)
}

async function removeFiles(deps: AdsDeps, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => deps.storage.delete(k).catch(() => undefined)))
}

const boxError = (message: string) => new AppError('validation', message, 422, { box: [message] })

/** Queues the extraction (the box must lie on the picture); the asset answers `extracting`. */
export async function startExtraction(
  deps: AdsDeps,
  userId: number,
  id: number,
  body: z.infer<typeof ExtractBodySchema>,
): Promise<AdAsset> {
  const current = await repo.findAsset(deps.db, id, userId)
  if (!current) throw assetNotFound()
  if (current.kind === 'character')
    throw new AppError('validation', 'A custom character is used whole: there is nothing to extract.', 422)
  if (current.status === 'extracting')
    throw new AppError('busy', 'This image is being extracted already.', 409)
  if (body.box) {
    const b = body.box
    if (b.x + b.w > current.width + 1 || b.y + b.h > current.height + 1)
      throw boxError('The box must lie on the image')
    if (b.w < 8 || b.h < 8) throw boxError('The box is too small: draw it around the whole subject')
  }
  const request: ExtractionRequest = {
    mode: body.mode,
    ...(body.box ? { box: body.box } : {}),
    ...(body.strokes.length ? { strokes: body.strokes } : {}),
  }
  return queueExtraction(deps, current, request)
}

/** `inTx` runs in the same transaction (an admin retry writes its audit entry there). */
export async function queueExtraction(
  deps: AdsDeps,
  current: AdAssetRow,
  request: ExtractionRequest,
  inTx?: (tx: Queryable) => Promise<void>,
): Promise<AdAsset> {
  await ensureAdImageQueues(deps)
  const row = await deps.db.transaction(async (tx) => {
    const updated = (await repo.updateAsset(tx, current.id, {
      status: 'extracting',
      progress: 5,
      request,
      error: null,
    }))!
    await deps.queue.send(AD_EXTRACT_QUEUE, { assetId: current.id, revision: updated.revision }, { tx })
    await inTx?.(tx)
    return updated
  })
  await emitAdProject(deps, row.user_id, {
    type: 'image-extraction',
    asset_id: row.id,
    status: row.status,
    progress: row.progress,
  })
  return presentAsset(row)
}

async function progress(deps: AdsDeps, row: AdAssetRow, value: number): Promise<void> {
  await repo.updateAsset(
    deps.db,
    row.id,
    { progress: value },
    and(eq(adAssets.revision, row.revision), eq(adAssets.status, 'extracting')),
  )
  await emitAdProject(deps, row.user_id, {
    type: 'image-extraction',
    asset_id: row.id,
    status: 'extracting',
    progress: value,
  })
}

async function readRgb(deps: AdsDeps, key: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { body } = await deps.storage.get(key)
  const chunks: Buffer[] = []
  for await (const c of body) chunks.push(c as Buffer)
  const { data, info } = await sharp(Buffer.concat(chunks))
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** The job: mask → parts → one transparent PNG per part. A replaced picture (new revision) drops the result. */
export async function runExtraction(deps: AdsDeps, assetId: number, revision: number): Promise<void> {
  const row = await repo.findAsset(deps.db, assetId)
  if (!row || row.revision !== revision || row.status !== 'extracting' || !row.request) return
  const started = performance.now()
  const rgb = await readRgb(deps, row.file_key)
  await progress(deps, row, 20)
  const found = await admission('images').run(() => extractSubjects({ ...rgb, channels: 3 }, row.request!))
  await progress(deps, row, 70)
  if (!found.subjects.length) {
    await finish(deps, row, {
      status: 'failed',
      progress: 100,
      error: NO_SUBJECT_MESSAGE,
      characters: [],
      extract_ms: Math.round(performance.now() - started),
    })
    return
  }
  // Object cut-outs keep the refined colours: the fringe without the studio's white (decision 0063).
  const colours = found.rgb
    ? Buffer.from(found.rgb.buffer, found.rgb.byteOffset, found.rgb.byteLength)
    : rgb.data
  const rgba = await sharp(colours, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
    .joinChannel(Buffer.from(found.mask), { raw: { width: rgb.width, height: rgb.height, channels: 1 } })
    .raw()
    .toBuffer()
  const characters: StoredCharacter[] = []
  for (const subject of found.subjects) {
    const b = subject.box
    const png = await sharp(rgba, { raw: { width: rgb.width, height: rgb.height, channels: 4 } })
      .extract({ left: b.x, top: b.y, width: b.w, height: b.h })
      .png()
      .toBuffer()
    const id = shortId()
    const key = fileKey(row.user_id, `cutout_${row.id}_${id}`, 'image/png')
    await deps.storage.put(key, png, 'image/png')
    characters.push({ id, file_key: key, box: b, width: b.w, height: b.h })
  }
  const done = await finish(deps, row, {
    status: 'done',
    progress: 100,
    error: null,
    characters,
    extract_ms: Math.round(performance.now() - started),
  })
  if (done)
    await removeFiles(
      deps,
      row.characters.map((c) => c.file_key),
    )
  else
    await removeFiles(
      deps,
      characters.map((c) => c.file_key),
    )
}

async function finish(deps: AdsDeps, row: AdAssetRow, patch: Partial<AdAssetRow>): Promise<boolean> {
  const updated = await repo.updateAsset(deps.db, row.id, patch, eq(adAssets.revision, row.revision))
  if (updated)
    await emitAdProject(deps, row.user_id, {
      type: 'image-extraction',
      asset_id: row.id,
      status: updated.status,
      progress: updated.progress,
    })
  return Boolean(updated)
}

/** The dead-letter side: the job failed for good (every retry spent). */
export async function failExtraction(
  deps: AdsDeps,
  assetId: number,
  revision: number,
  message = 'The extraction failed. Please try again.',
): Promise<void> {
  const row = await repo.findAsset(deps.db, assetId)
  if (row && row.revision === revision && row.status === 'extracting')
    await finish(deps, row, { status: 'failed', progress: 100, error: message })
}

export async function getAsset(deps: AdsDeps, userId: number, id: number): Promise<AdAsset> {
  const row = await repo.findAsset(deps.db, id, userId)
  if (!row) throw assetNotFound()
  return presentAsset(row)
}

export async function listAssets(deps: AdsDeps, userId: number, projectId?: number): Promise<AdAsset[]> {
  return (await repo.listAssets(deps.db, userId, projectId)).map(presentAsset)
}

export async function deleteAsset(deps: AdsDeps, userId: number, id: number): Promise<void> {
  const row = await repo.deleteAsset(deps.db, id, userId)
  if (!row) throw assetNotFound()
  await removeFiles(deps, [row.file_key, ...row.characters.map((c) => c.file_key)])
}

export async function assetFile(
  deps: AdsDeps,
  userId: number,
  id: number,
  characterId?: string,
): Promise<{ body: Readable; type: string }> {
  const row = await repo.findAsset(deps.db, id, userId)
  if (!row) throw assetNotFound()
  const key =
    characterId === undefined ? row.file_key : row.characters.find((c) => c.id === characterId)?.file_key
  if (!key) throw new AppError('not_found', 'Character not found', 404)
  const { body } = await deps.storage.get(key)
  return { body, type: key.endsWith('.png') ? 'image/png' : 'image/jpeg' }
}
