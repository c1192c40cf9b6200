import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Config } from '../config'
import { dataDirSecret } from '../secrets'
import { DEFAULT_URL_TTL_SECONDS } from './storage'
import type { UrlOptions } from './storage'

/** The path files are served under; the rest of the path is the key. */
export const FILES_PATH = '/api/files'

export interface LinkQuery {
  expires?: string
  signature?: string
  download?: string
}

/**
 * Signed, expiring links to stored files (`/api/files/<key>?expires=…&signature=…`), so a browser,
 * a video tag or a mail can open a file without a session, and only the files it was given.
 */
export interface FileLinks {
  url(key: string, opts?: UrlOptions): string
  /** True when the query carries a valid, unexpired signature for this key. */
  verify(key: string, query: LinkQuery, nowMs?: number): boolean
}

export function createFileLinks(secret: string, publicUrl: string): FileLinks {
  const sign = (key: string, expires: string, download: string) =>
    createHmac('sha256', secret).update(`${key}\n${expires}\n${download}`).digest('base64url')
  return {
    url(key, opts = {}) {
      const expires = String(
        Math.floor(Date.now() / 1000) + (opts.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS),
      )
      const params = new URLSearchParams({ expires })
      if (opts.downloadName) params.set('download', opts.downloadName)
      params.set('signature', sign(key, expires, opts.downloadName ?? ''))
      const encodedKey = key.split('/').map(encodeURIComponent).join('/')
      return `${publicUrl}${FILES_PATH}/${encodedKey}?${params.toString()}`
    },
    verify(key, query, nowMs = Date.now()) {
      const { expires, signature } = query
      if (!expires || !signature || !/^\d+$/.test(expires)) return false
      if (Number(expires) * 1000 < nowMs) return false
      const expected = Buffer.from(sign(key, expires, query.download ?? ''))
      const given = Buffer.from(signature)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}

/**
 * The signing secret: STORAGE_URL_SECRET, else one generated on first start and kept in DATA_DIR
 * (mode 600), so links survive restarts and every process sharing DATA_DIR agrees.
 */
export function fileLinkSecret(config: Pick<Config, 'STORAGE_URL_SECRET' | 'dataDir'>): string {
  if (config.STORAGE_URL_SECRET) return config.STORAGE_URL_SECRET
  return dataDirSecret(config.dataDir, 'storage-url-secret')
}
