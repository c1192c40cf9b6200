/**
 * Uploaded audio ("audio processes"): the file is checked by probing its content (never by its
 * name) before anything is kept; then the `voices.process` job converts it to WAV and measures the
 * voice for voice match. Owned by a user or by a signed-out visitor (demo).
 */
import fs from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import {
  ANONYMOUS_UPLOAD_TTL_HOURS,
  anonymousUploadQuotaMessage,
  MAX_UPLOAD_MB,
  PROCESS_STATUS_LABEL,
  UPLOAD_MISSING_MESSAGE,
  UPLOAD_NOT_AUDIO_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadQuotaMessage,
} from '@mouthpiece/contracts/voices/voices.contract'
import type { AudioProcess } from '@mouthpiece/contracts/voices/voices.contract'
import { ProcessStatus } from '@mouthpiece/contracts/statuses'
import type { VoicesDeps } from './voices.deps'
import { AppError } from '../../platform/http/errors'
import { checkAudioUpload, decodeToPcm, measureVoice, MediaInputError, wavBytes } from '../../platform/media'
import type { Owner } from '../../platform/http/visitor'
import { owns } from '../../platform/http/visitor'
import * as repo from './voices.repo'
import { AUDIO_PROCESS_QUEUE, ensureVoicesQueues } from './voices.queues'
import type { AudioUploadRow } from './voices.table'

export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
const PAGE_SIZE = 10
/** The processed copy: mono 24 kHz WAV, what lip sync and voice matching read. */
const PROCESSED_RATE = 24_000

export const uploadNotFound = () => new AppError('not_found', 'Audio file not found', 404)
export const wavName = (id: string) => `audio_id_${id}.wav`
const originalKey = (id: string, format: string) => `audio/${id}/original.${format}`
const wavKey = (id: string) => `audio/${id}/${wavName(id)}`

export function presentProcess(row: AudioUploadRow): AudioProcess {
  const status = row.status as AudioProcess['status']
  return {
    uuid_path: row.id,
    original_name: row.original_name,
    file_name: wavName(row.id),
    format: row.format,
    size_bytes: row.size_bytes,
    duration: row.duration,
    status,
    status_label: PROCESS_STATUS_LABEL[status],
    progress: row.progress,
    stage: row.stage,
    error: row.error,
    profile: row.profile ?? null,
    download_url:
      row.wav_key && status === ProcessStatus.successfully
        ? `/api/audio/download?file_name=${wavName(row.id)}`
        : null,
    created_at: row.created_at.toISOString(),
  }
}

/** What the multipart parser hands over: the file stream and what the browser said about it. */
export interface IncomingFile {
  filename: string
  file: Readable & { truncated?: boolean }
}

const MB = 1024 * 1024

/**
 * Refuses an upload of `size` more bytes past the caller's storage quota (contracts voices.contract.ts
 * USER_UPLOAD_QUOTA_MB and the anonymous ones, from config): 413 with what to do. `size` 0 asks
 * whether anything at all still fits (before reading the file).
 */
async function checkQuota(deps: VoicesDeps, owner: Owner, ip: string, size: number): Promise<void> {
  const { config } = deps
  if (owner.userId) {
    const used = await repo.userUploadBytes(deps.db, owner.userId)
    if (used + size > config.UPLOAD_QUOTA_MB * MB || (size === 0 && used >= config.UPLOAD_QUOTA_MB * MB))
      throw new AppError('quota_exceeded', uploadQuotaMessage(config.UPLOAD_QUOTA_MB), 413)
    return
  }
  const used = await repo.anonymousUploadBytes(deps.db, owner.visitorId, ip)
  const over = (usedBytes: number, quotaMb: number) =>
    usedBytes + size > quotaMb * MB || (size === 0 && usedBytes >= quotaMb * MB)
  if (
    over(used.visitor, config.ANONYMOUS_UPLOAD_QUOTA_MB) ||
    over(used.ip, config.ANONYMOUS_IP_UPLOAD_QUOTA_MB)
  )
    throw new AppError('quota_exceeded', anonymousUploadQuotaMessage(config.ANONYMOUS_UPLOAD_QUOTA_MB), 413)
}

/**
 * Keeps an upload if it is audio we can read and it fits the caller's storage quota: streams it to
 * a temporary file (stopping at the size limit), probes it, stores it and queues its processing in
 * one transaction with the row. `ip` is the caller's address (signed-out uploads share a quota per IP).
 */
export async function acceptUpload(
  deps: VoicesDeps,
  owner: Owner,
  incoming: IncomingFile | undefined,
  ip = 'unknown',
): Promise<AudioProcess> {
  if (!incoming)
    throw new AppError('validation', UPLOAD_MISSING_MESSAGE, 422, { file: [UPLOAD_MISSING_MESSAGE] })
  // Full already: refused before the file is read or written anywhere.
  await checkQuota(deps, owner, ip, 0).catch((err: unknown) => {
    incoming.file.resume()
    throw err
  })
  const id = randomUUID()
  const tmpDir = path.join(deps.config.dataDir, 'tmp', 'uploads')
  await mkdir(tmpDir, { recursive: true })
  const tmp = path.join(tmpDir, `${id}.upload`)
  try {
    await pipeline(incoming.file, fs.createWriteStream(tmp))
    if (incoming.file.truncated) throw new AppError('too_large', UPLOAD_TOO_LARGE_MESSAGE, 413)
    const size = (await stat(tmp)).size
    if (size === 0)
      throw new AppError('validation', UPLOAD_MISSING_MESSAGE, 422, { file: [UPLOAD_MISSING_MESSAGE] })
    await checkQuota(deps, owner, ip, size)
    let info
    try {
      info = await checkAudioUpload(tmp)
    } catch (error) {
      if (!(error instanceof MediaInputError)) throw error
      const message = error.code === 'not_audio' ? UPLOAD_NOT_AUDIO_MESSAGE : error.message
      throw new AppError(error.code, message, 422, { file: [message] })
    }
    const key = originalKey(id, info.format)
    await deps.storage.put(key, fs.createReadStream(tmp))
    // Declared before the transaction: pg-boss looks queues up outside it (PGlite has one connection).
    await ensureVoicesQueues(deps)
    const row = await deps.db.transaction(async (tx) => {
      const created = await repo.insertUpload(tx, {
        id,
        user_id: owner.userId,
        visitor_id: owner.userId ? null : owner.visitorId,
        client_ip: owner.userId ? null : ip,
        original_name: incoming.filename.slice(0, 200) || 'audio',
        format: info.format,
        size_bytes: size,
        duration: info.durationSeconds,
        status: ProcessStatus.inprogress,
        progress: 10,
        stage: 'queued',
        original_key: key,
      })
      await deps.queue.send(AUDIO_PROCESS_QUEUE, { uuid: id }, { tx })
      return created
    })
    deps.queue.wake(AUDIO_PROCESS_QUEUE)
    return presentProcess(row)
  } finally {
    await rm(tmp, { force: true })
  }
}

/** The job: original → processed WAV → voice profile. A recording without speech is still fine for lip sync. */
export async function processUpload(deps: VoicesDeps, id: string, signal?: AbortSignal): Promise<void> {
  const row = await repo.findUpload(deps.db, id)
  if (!row || row.status !== ProcessStatus.inprogress) return
  const work = path.join(deps.config.dataDir, 'tmp', 'uploads', `${id}-process`)
  await mkdir(work, { recursive: true })
  try {
    await repo.updateUpload(deps.db, id, { progress: 30, stage: 'converting' })
    const original = path.join(work, `original.${row.format ?? 'bin'}`)
    await pipeline((await deps.storage.get(row.original_key)).body, fs.createWriteStream(original))
    const pcm = await decodeToPcm(original, PROCESSED_RATE, signal)
    await deps.storage.put(wavKey(id), wavBytes(pcm), 'audio/wav')
    await repo.updateUpload(deps.db, id, {
      progress: 70,
      stage: 'measuring the voice',
      wav_key: wavKey(id),
      duration: pcm.pcm.length / PROCESSED_RATE,
    })
    const profile = await measureVoice(original, signal).catch((error: unknown) => {
      if (error instanceof MediaInputError) return null
      throw error
    })
    await repo.updateUpload(deps.db, id, {
      status: ProcessStatus.successfully,
      progress: 100,
      stage: 'ready',
      profile,
    })
  } catch (error) {
    if (error instanceof MediaInputError) {
      await repo.updateUpload(deps.db, id, {
        status: ProcessStatus.fail,
        stage: 'failed',
        error: error.message,
      })
      return
    }
    throw error
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** The job gave up on it (last attempt failed). */
export async function failUpload(deps: VoicesDeps, id: string): Promise<void> {
  await repo.updateUpload(deps.db, id, {
    status: ProcessStatus.fail,
    stage: 'failed',
    error: 'The audio file could not be processed. Please upload it again.',
  })
}

export async function ownedUpload(deps: VoicesDeps, owner: Owner, id: string): Promise<AudioUploadRow> {
  const row = await repo.findUpload(deps.db, id)
  if (!row || !owns(owner, row)) throw uploadNotFound()
  return row
}

export async function check(deps: VoicesDeps, owner: Owner, id: string) {
  const row = await ownedUpload(deps, owner, id)
  return { process: presentProcess(row), ready: row.status === ProcessStatus.successfully }
}

export async function inProgress(deps: VoicesDeps, owner: Owner) {
  return { processes: (await repo.listInProgress(deps.db, owner)).map(presentProcess) }
}

export async function list(deps: VoicesDeps, owner: Owner, page: number) {
  const { rows, total } = await repo.listUploads(deps.db, owner, PAGE_SIZE, (page - 1) * PAGE_SIZE)
  return { list: rows.map(presentProcess), total, lastPage: Math.max(1, Math.ceil(total / PAGE_SIZE)) }
}

/** The stored WAV of a processed upload the caller owns. */
export async function downloadKey(
  deps: VoicesDeps,
  owner: Owner,
  fileName: string,
): Promise<{ key: string; row: AudioUploadRow }> {
  const id = /^audio_id_([0-9a-f-]{36})\./.exec(fileName)?.[1]
  if (!id) throw uploadNotFound()
  const row = await ownedUpload(deps, owner, id)
  if (!row.wav_key || row.status !== ProcessStatus.successfully)
    throw new AppError('not_ready', 'This audio file is still being processed', 409)
  return { key: row.wav_key, row }
}

export async function remove(deps: VoicesDeps, owner: Owner, id: string): Promise<void> {
  const row = await ownedUpload(deps, owner, id)
  await repo.deleteUpload(deps.db, id)
  await Promise.all([
    deps.storage.delete(row.original_key),
    row.wav_key ? deps.storage.delete(row.wav_key) : null,
  ])
}

/** How many expired signed-out uploads one sweep removes at most (the next sweep takes the rest). */
const SWEEP_BATCH = 500

/**
 * The periodic job (voices.jobs.ts): signed-out uploads older than ANONYMOUS_UPLOAD_TTL_HOURS go,
 * their files first, then the row (a failed file delete leaves the row for the next sweep).
 */
export async function sweepAnonymousUploads(
  deps: VoicesDeps,
  now = new Date(),
): Promise<{ removed: number; bytes: number }> {
  const before = new Date(now.getTime() - ANONYMOUS_UPLOAD_TTL_HOURS * 3_600_000)
  const rows = await repo.expiredAnonymousUploads(deps.db, before, SWEEP_BATCH)
  let removed = 0
  let bytes = 0
  for (const row of rows) {
    try {
      await Promise.all([
        deps.storage.delete(row.original_key),
        row.wav_key ? deps.storage.delete(row.wav_key) : null,
      ])
    } catch (err) {
      console.error(
        `[voices] could not delete the files of expired upload ${row.id}:`,
        (err as Error).message,
      )
      continue
    }
    await repo.deleteUpload(deps.db, row.id)
    removed++
    bytes += row.size_bytes
  }
  return { removed, bytes }
}
