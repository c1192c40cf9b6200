import type { Queryable } from '../../../platform/db/client'
import { csvFileName, toCsv } from '../../../platform/http/csv'
import type { Storage } from '../../../platform/storage/storage'
import { backgroundKey } from '../../renders'
import { recordedFiles } from './usage-files.repo'
import type { RecordedFile } from './usage-files.repo'

/** What each recorded part is, in the export's words. */
const KIND: Record<string, string> = {
  video: 'render video',
  audio: 'render audio',
  audioDownload: 'render audio download',
  poster: 'render poster',
  vtt: 'render captions (vtt)',
  srt: 'render captions (srt)',
  background: 'render background',
  upload: 'voice upload',
  'upload wav': 'voice upload (processed wav)',
  'alert audio': 'alert audio',
  'avatar preview': 'avatar preview',
}
/** Storage look-ups in flight at once: enough to hide S3 round trips, few enough not to flood it. */
const STAT_CONCURRENCY = 16

export interface UsageFile {
  file: RecordedFile
  key: string
  bytes: number
}

/**
 * Every file users' usage keeps in storage (renders' outputs and uploaded backgrounds, voice
 * uploads and their processed WAVs, spoken alert audio, custom avatar stills), sized by storage
 * itself. Files a row names but storage no longer holds (deleted, expired) are left out: the export
 * accounts for what is stored. A key several rows name (one background used by two renders) counts once.
 */
export async function storedUsageFiles(deps: { db: Queryable; storage: Storage }): Promise<UsageFile[]> {
  const seen = new Set<string>()
  const candidates: Array<{ file: RecordedFile; key: string }> = []
  for (const file of await recordedFiles(deps.db)) {
    const key = file.part === 'background' ? backgroundKey(file.ref) : file.ref
    if (seen.has(key)) continue
    seen.add(key)
    candidates.push({ file, key })
  }
  const sizes: Array<number | null> = new Array<number | null>(candidates.length).fill(null)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < candidates.length; i = next++) {
      const object = await deps.storage.stat(candidates[i]!.key)
      sizes[i] = object?.size ?? null
    }
  }
  await Promise.all(Array.from({ length: Math.min(STAT_CONCURRENCY, candidates.length) }, worker))
  return candidates.flatMap((c, i) => (sizes[i] === null ? [] : [{ ...c, bytes: sizes[i]! }]))
}

export async function exportUsageFilesCsv(deps: { db: Queryable; storage: Storage }, now = new Date()) {
  const files = await storedUsageFiles(deps)
  const csv = toCsv(
    [
      'User ID',
      'Username',
      'Visitor ID',
      'Kind',
      'Render ID',
      'File',
      'Bytes',
      'Media seconds',
      'Created at',
    ],
    files.map(({ file, key, bytes }) => [
      file.user_id,
      file.username,
      file.visitor_id,
      KIND[file.part] ?? file.part,
      file.render_id,
      key,
      bytes,
      file.seconds === null ? null : Math.round(file.seconds * 100) / 100,
      file.created_at,
    ]),
  )
  return { csv, fileName: csvFileName('usage-files', now) }
}
