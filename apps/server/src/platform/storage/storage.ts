import type { Readable } from 'node:stream'
import { AppError } from '../http/errors'

/** What a stored object is. */
export interface StoredObject {
  key: string
  size: number
  contentType: string
  modifiedAt: Date
}

/** An object as a listing names it (listings carry no content type). */
export type ListedObject = Omit<StoredObject, 'contentType'>

export interface UrlOptions {
  /** How long the link works. Default one hour. */
  expiresInSeconds?: number
  /** Ask the browser to download it under this name instead of showing it. */
  downloadName?: string
}

/**
 * Where the product keeps files (uploads, renders, exports): local files under DATA_DIR/files by
 * default, an S3-compatible bucket when S3_* is configured. Keys are '/'-separated relative paths
 * (see `assertValidKey`), the same on both.
 */
export interface Storage {
  kind: 'local' | 's3'
  /** Stores (or replaces) an object. A stream is written whole or not at all. */
  put(key: string, body: Buffer | Uint8Array | Readable, contentType?: string): Promise<StoredObject>
  /** Opens an object for reading; throws 404 `AppError` when it does not exist. */
  get(key: string, range?: ByteRange): Promise<{ object: StoredObject; body: Readable }>
  /** Null when the object does not exist. */
  stat(key: string): Promise<StoredObject | null>
  /** Every object whose key starts with `prefix` (e.g. 'backgrounds/'), in no particular order. */
  list(prefix: string): Promise<ListedObject[]>
  /** Removes an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>
  /** A time-limited link a browser (or a mail) can open without a session. */
  url(key: string, opts?: UrlOptions): Promise<string>
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number
  end: number
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream'
export const DEFAULT_URL_TTL_SECONDS = 3600
const MAX_KEY_LENGTH = 512
/** Segments start with a letter or digit, so '.', '..' and hidden names cannot occur. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

export function invalidKey(key: string) {
  return new AppError('invalid_key', `Invalid file key#${key.slice(0, 100)}`, 400)
}
export const fileNotFound = () => new AppError('not_found', 'File not found', 404)

/** Rejects anything that could leave the storage root or be read differently by S3 and a disk. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)
    throw invalidKey(String(key))
  for (const segment of key.split('/')) if (!SEGMENT.test(segment)) throw invalidKey(key)
}

/**
 * A listing prefix: a valid key, or one followed by '/'. Checked like a key so a listing can never
 * walk outside the storage root either.
 */
export function assertValidPrefix(prefix: string): void {
  assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)
}

/** A content type from a file name, for puts that do not say. */
export function contentTypeFor(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
  return CONTENT_TYPES[ext] ?? DEFAULT_CONTENT_TYPE
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/opus',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/plain',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  ass: 'text/x-ssa',
  zip: 'application/zip',
  pdf: 'application/pdf',
}

/** Parses a single-range `Range: bytes=a-b` header against a size; null = serve the whole object. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  let start: number
  let end: number
  if (m[1] === '') {
    // Suffix range: the last N bytes.
    const n = Number(m[2])
    if (n === 0) return 'unsatisfiable'
    start = Math.max(0, size - n)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  if (start >= size || start > end) return 'unsatisfiable'
  return { start, end }
}
