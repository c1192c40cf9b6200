/**
 * The one HTTP client for URLs people give us (a base video link, a site to scrape): it resolves
 * the name first and refuses private, loopback, link-local, cloud-metadata and other special
 * addresses (IPv4 and IPv6, literals too), connects to exactly the address it checked (no DNS
 * rebinding between check and connect), follows redirects itself re-checking every hop, and caps
 * redirects, bytes and time. Every refusal is a clear 400-class AppError.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import dns from 'node:dns/promises'
import net from 'node:net'
import type { LookupFunction } from 'node:net'
import { Agent, request } from 'undici'
import { AppError } from './errors'

export const SAFE_FETCH_REFUSED_MESSAGE =
  'This link points to a private or local address, which is not allowed. Please use a public link.'
export const SAFE_FETCH_TOO_LARGE_MESSAGE = 'The file at this link is too large.'
export const SAFE_FETCH_TIMEOUT_MESSAGE =
  'The link took too long to answer. Please try again or upload the file.'

export interface SafeFetchOptions {
  maxBytes: number
  timeoutMs?: number
  maxRedirects?: number
  /** Test-only escape (config SAFE_FETCH_ALLOW_HOSTS under NODE_ENV=test): hosts allowed although private. */
  allowHosts?: readonly string[]
  /** Name resolution (tests point a name at a private address). */
  resolve?: (host: string) => Promise<string[]>
}

const blocked = new net.BlockList()
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4')
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net6, bits, 'ipv6')

/** The IPv4 address inside an IPv4-mapped, -compatible or NAT64 IPv6 address, if any. */
function embeddedIpv4(address: string): string | null {
  const m = /^(?:::ffff:(?:0:)?|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (m) return m[1]!
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (!hex) return null
  const hi = parseInt(hex[1]!, 16)
  const lo = parseInt(hex[2]!, 16)
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
}

/** True for any address a request from our servers must never reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family === 6) {
    const v4 = embeddedIpv4(address)
    if (v4) return blocked.check(v4, 'ipv4')
    return blocked.check(address, 'ipv6')
  }
  return true
}

const refused = (detail: string) =>
  new AppError('url_refused', `${SAFE_FETCH_REFUSED_MESSAGE}#${detail}`, 400, {
    url: [SAFE_FETCH_REFUSED_MESSAGE],
  })
const badUrl = () =>
  new AppError('validation', 'Please enter a direct http(s) link', 400, {
    url: ['Please enter a direct http(s) link'],
  })

/** Checks one hop's URL and answers the address to connect to. */
async function checkTarget(url: URL, opts: SafeFetchOptions): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badUrl()
  if (url.username || url.password) throw badUrl()
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const allowed = opts.allowHosts?.includes(host) ?? false
  const literal = net.isIP(host)
  const addresses = literal
    ? [host]
    : await (opts.resolve ?? defaultResolve)(host).catch(() => {
        throw new AppError('url_unreachable', 'This link could not be reached. Please check it.', 400, {
          url: ['This link could not be reached.'],
        })
      })
  if (!addresses.length) throw refused(`${host} has no address`)
  // Every address a name has must be public: otherwise a second lookup could pick the private one.
  const bad = addresses.find((a) => isForbiddenAddress(a))
  if (bad && !allowed) throw refused(`${host} → ${bad}`)
  const address = addresses[0]!
  return { address, family: net.isIP(address) === 6 ? 6 : 4 }
}

const defaultResolve = async (host: string) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address)

/** An agent that connects only to the address we checked, whatever the name resolves to now. */
function pinnedAgent(address: string, family: 4 | 6): Agent {
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address, family },
      ])
    else callback(null, address, family)
  }
  return new Agent({ connect: { lookup }, connections: 1, pipelining: 0 })
}

export interface SafeResponse {
  finalUrl: string
  status: number
  contentType: string
  bytes: number
}

/** A typed URL, or the guard's "not a valid link" answer. */
function parseUrl(raw: string): URL {
  try {
    return new URL(raw)
  } catch {
    throw badUrl()
  }
}

/**
 * GETs `url` into `file`, following at most `maxRedirects` redirects (each re-checked) within
 * `timeoutMs` overall and `maxBytes` of body. A non-2xx final answer is an error.
 */
export async function safeDownload(
  rawUrl: string,
  file: string,
  opts: SafeFetchOptions,
): Promise<SafeResponse> {
  let url = parseUrl(rawUrl)
  const signal = AbortSignal.timeout(opts.timeoutMs ?? 30_000)
  const maxRedirects = opts.maxRedirects ?? 3
  for (let hop = 0; ; hop++) {
    const { address, family } = await checkTarget(url, opts)
    const agent = pinnedAgent(address, family)
    try {
      const res = await request(url, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headers: { 'user-agent': 'Mouthpiece/1.0 (+link fetch)', accept: '*/*' },
      }).catch((e: unknown) => {
        throw timeoutOr(e, signal)
      })
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
        await res.body.dump()
        if (hop >= maxRedirects)
          throw new AppError('too_many_redirects', 'The link redirects too many times.', 400, {
            url: ['Too many redirects'],
          })
        url = new URL(String(res.headers.location), url)
        continue
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump()
        throw new AppError('url_failed', `The link answered with an error (HTTP ${res.statusCode}).`, 400, {
          url: [`HTTP ${res.statusCode}`],
        })
      }
      const declared = Number(res.headers['content-length'] ?? 0)
      if (declared > opts.maxBytes) {
        await res.body.dump()
        throw new AppError('too_large', SAFE_FETCH_TOO_LARGE_MESSAGE, 413)
      }
      let bytes = 0
      const out = fs.createWriteStream(file)
      try {
        for await (const chunk of res.body) {
          bytes += (chunk as Buffer).length
          if (bytes > opts.maxBytes) throw new AppError('too_large', SAFE_FETCH_TOO_LARGE_MESSAGE, 413)
          if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()))
        }
        await new Promise<void>((resolve, reject) =>
          out.end((e?: Error | null) => (e ? reject(e) : resolve())),
        )
      } catch (e) {
        out.destroy()
        await rm(file, { force: true })
        throw timeoutOr(e, signal)
      }
      return {
        finalUrl: url.href,
        status: res.statusCode,
        contentType: String(res.headers['content-type'] ?? ''),
        bytes,
      }
    } finally {
      await agent.close()
    }
  }
}

export interface SafeRequestInit {
  method: 'POST' | 'PUT' | 'GET'
  headers?: Record<string, string>
  body?: string | Buffer
  /** Aborts the call (with the overall `timeoutMs` of the options). */
  signal?: AbortSignal
}

/**
 * One request (any method, a body) to a URL someone other than us chose (an admin's engine
 * endpoint): the same checks as `safeDownload`, connected to the checked address, within
 * `maxBytes` and `timeoutMs`. Redirects are not followed (a POST does not carry over): the 3xx is
 * answered as is. Any status is answered; the caller reads it.
 */
export async function safeRequest(
  rawUrl: string,
  init: SafeRequestInit,
  opts: SafeFetchOptions,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const url = parseUrl(rawUrl)
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 30_000)
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
  const { address, family } = await checkTarget(url, opts)
  const agent = pinnedAgent(address, family)
  try {
    const res = await request(url, {
      method: init.method,
      headers: { 'user-agent': 'Mouthpiece/1.0', ...init.headers },
      body: init.body,
      dispatcher: agent,
      signal,
    }).catch((e: unknown) => {
      throw timeoutOr(e, signal)
    })
    const declared = Number(res.headers['content-length'] ?? 0)
    if (declared > opts.maxBytes) {
      await res.body.dump()
      throw new AppError('too_large', SAFE_FETCH_TOO_LARGE_MESSAGE, 413)
    }
    const chunks: Buffer[] = []
    let bytes = 0
    try {
      for await (const chunk of res.body) {
        bytes += (chunk as Buffer).length
        if (bytes > opts.maxBytes) throw new AppError('too_large', SAFE_FETCH_TOO_LARGE_MESSAGE, 413)
        chunks.push(chunk as Buffer)
      }
    } catch (e) {
      throw timeoutOr(e, signal)
    }
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : String(v)
    return { status: res.statusCode, headers, body: Buffer.concat(chunks) }
  } finally {
    await agent.close()
  }
}

/** Checks a URL the way every hop is checked (scheme, resolved addresses), without fetching: for a clear answer at once. */
export async function assertFetchableUrl(
  rawUrl: string,
  opts: Pick<SafeFetchOptions, 'allowHosts' | 'resolve'> = {},
): Promise<URL> {
  const url = parseUrl(rawUrl)
  await checkTarget(url, { maxBytes: 0, ...opts })
  return url
}

/** `safeDownload` into memory, for small answers (a page, a stylesheet, an icon). */
export async function safeGet(
  rawUrl: string,
  opts: SafeFetchOptions,
): Promise<SafeResponse & { body: Buffer }> {
  const file = path.join(os.tmpdir(), `mp-safe-get-${randomUUID()}`)
  try {
    const res = await safeDownload(rawUrl, file, opts)
    return { ...res, body: await readFile(file) }
  } finally {
    await rm(file, { force: true })
  }
}

function timeoutOr(e: unknown, signal: AbortSignal): unknown {
  if (signal.aborted)
    return new AppError('timeout', SAFE_FETCH_TIMEOUT_MESSAGE, 400, { url: [SAFE_FETCH_TIMEOUT_MESSAGE] })
  return e
}

/** The test-only allow list from config (empty outside NODE_ENV=test). */
export function allowHostsFrom(config: { NODE_ENV: string; SAFE_FETCH_ALLOW_HOSTS?: string }): string[] {
  if (config.NODE_ENV !== 'test' || !config.SAFE_FETCH_ALLOW_HOSTS) return []
  return config.SAFE_FETCH_ALLOW_HOSTS.split(',')
    .map((h) => h.trim())
    .filter(Boolean)
}
