/**
 * The shared client for the platform APIs the operator configures (Twitch, Streamlabs,
 * StreamElements, YouTube, Google Ads, Meta, the image model, stock images, Kubernetes, AWS): their
 * base URLs come from config, never from a user. With safe-fetch.ts (URLs people give us), the only
 * place a request leaves the server: eslint.config.js makes a raw fetch, http(s).request or undici
 * anywhere else a lint error.
 */
import { Agent, fetch as undiciFetch } from 'undici'
import type { Dispatcher, RequestInit as UndiciRequestInit, Response as UndiciResponse } from 'undici'

/** fetch for a fixed, configured platform base URL. A URL a user chose goes through safe-fetch.ts instead. */
export function upstreamFetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
  return fetch(url, init)
}

/** The same with undici's own options (a `dispatcher` carrying a cluster's CA, for Kubernetes). */
export function upstreamFetchVia(url: string | URL, init: UndiciRequestInit): Promise<UndiciResponse> {
  return undiciFetch(url, init)
}

/** A dispatcher that trusts this CA (a cluster's own certificate authority). */
export function upstreamDispatcherTrusting(ca: Buffer): Dispatcher {
  return new Agent({ connect: { ca } })
}

/** A platform API answered with an error status (or not at all); `status` 0 = no answer. */
export class SourceHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message)
  }
}

/** The platform took the account's access away (revoked token, missing scope): relinking is the only cure. */
export class SourceAuthError extends Error {}

/** Largest platform API answer read by default; the calls that page big (Google Ads' 10,000-row pages) pass their own. */
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024

/** Reads a JSON answer, turning error statuses and oversize or non-JSON bodies into SourceHttpError. */
export async function readJson<T>(res: Response, what: string, maxBytes = MAX_RESPONSE_BYTES): Promise<T> {
  const length = Number(res.headers.get('content-length') ?? 0)
  if (length > maxBytes) throw new SourceHttpError(`${what} answered with ${length} bytes`, res.status)
  const text = await res.text()
  if (text.length > maxBytes) throw new SourceHttpError(`${what} answered with too much data`, res.status)
  let body: unknown
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = text
  }
  if (!res.ok) {
    const msg =
      typeof body === 'object' && body && 'message' in body ? String(body.message) : text.slice(0, 200)
    throw new SourceHttpError(`${what} answered ${res.status}: ${msg}`, res.status, body)
  }
  return body as T
}

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … capped. */
export function backoffMs(attempt: number, capMs = 60_000, baseMs = 1000): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 16))
  return Math.round(exp / 2 + Math.random() * (exp / 2))
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })

/**
 * fetch, asked once more when the connection dropped before an answer (a kept-alive socket the
 * server closed while we were busy writing the previous page). Only for reads that are safe to repeat.
 */
export async function fetchRetrying(url: string | URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (err) {
    const code = ((err as Error).cause as { code?: string } | undefined)?.code
    if (!(err instanceof TypeError) || (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET')) throw err
    return fetch(url, init)
  }
}
