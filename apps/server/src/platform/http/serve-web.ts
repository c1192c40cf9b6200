import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'

/** Vite's output folder for content-hashed files: a name there never changes meaning. */
const HASHED_DIR = `${path.sep}assets${path.sep}`
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Files kept under their own name (favicon, …): cached briefly, revalidated after. */
const SHORT = 'public, max-age=3600'
/** The page shell names the current chunks: always revalidated, so a deploy shows at once. */
const NO_CACHE = 'no-cache'

/**
 * Serves the built SPA; unknown non-API paths get index.html so the client router decides.
 * The build writes brotli and gzip copies beside each file (apps/web/build/precompress-plugin.ts);
 * they are sent as they are to clients that accept them, never compressed per request.
 */
export function serveWeb(app: FastifyInstance, dist: string | undefined) {
  const root = dist ? path.resolve(dist) : undefined
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    app.setNotFoundHandler((_req, reply) => {
      void reply.status(404).send({ message: 'This page could not be found', code: 'not_found' })
    })
    return
  }
  void app.register(fastifyStatic, {
    // The plugin only sends (reply.sendFile); the route below decides what may be sent. The plugin's
    // own wildcard route reads every directory on the way to a file for each request (the ~1,400
    // entries of assets/ per chunk: a guard for case-insensitive file systems). Measured, 45 chunks
    // fetched at once as the editor loads them: ~98 ms with it, ~58 ms with the list below.
    root,
    serve: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // `file` may be the .br/.gz copy that is sent.
    setHeaders: (reply, file) => {
      const hashed = file.startsWith(root + HASHED_DIR)
      void reply.header(
        'cache-control',
        hashed ? IMMUTABLE : /\.html(\.br|\.gz)?$/.test(file) ? NO_CACHE : SHORT,
      )
    },
  })
  const indexFile = path.join(root, 'index.html')
  // Re-read index.html (and its compressed copies) and the list of files when a rebuild replaced
  // it, so a running server never serves stale chunk names.
  let cached:
    | {
        mtimeMs: number
        files: Set<string>
        variants: Record<'br' | 'gzip' | 'identity', Buffer | undefined>
      }
    | undefined
  const current = () => {
    const { mtimeMs } = fs.statSync(indexFile)
    if (mtimeMs !== cached?.mtimeMs) {
      const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined)
      cached = {
        mtimeMs,
        files: listFiles(root),
        variants: {
          br: read(`${indexFile}.br`),
          gzip: read(`${indexFile}.gz`),
          identity: fs.readFileSync(indexFile),
        },
      }
    }
    return cached
  }
  // Only a file of the build, by its exact name, is sent: no path can reach outside it or name a
  // file by another spelling. A name the list lacks checks for a rebuild first (a chunk sent by a
  // known name needs no file-system call); anything else falls to the not-found handler.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: (req, reply) => {
      const name = builtFileOf(req.url)
      if (name === null || !(cached?.files.has(name) || current().files.has(name)))
        return reply.callNotFound()
      return reply.sendFile(name)
    },
  })
  app.setNotFoundHandler((req, reply) => {
    // The donation-service OAuth return page lives under /api/ but is a client page (SPEC §2).
    const isPage = !req.url.startsWith('/api/') || req.url.startsWith('/api/streamelements-callback')
    if (!isPage || req.method !== 'GET')
      return reply.status(404).send({ message: 'This page could not be found', code: 'not_found' })
    const { variants } = current()
    const accepted = acceptedEncodings(req.headers['accept-encoding'])
    const encoding = (['br', 'gzip'] as const).find((e) => accepted.has(e) && variants[e])
    void reply
      .type('text/html; charset=utf-8')
      .header('cache-control', NO_CACHE)
      .header('vary', 'accept-encoding')
    if (encoding) void reply.header('content-encoding', encoding)
    return reply.send(variants[encoding ?? 'identity'])
  })
}

/** Every file under `root` but hidden ones, by its path relative to `root` with `/` separators. */
function listFiles(root: string): Set<string> {
  const files = new Set<string>()
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const rel = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
    if (!rel.split('/').some((part) => part.startsWith('.'))) files.add(rel)
  }
  return files
}

/** The file a request's path names, relative to the build ("assets/x.js"); null when it cannot be decoded. */
function builtFileOf(url: string): string | null {
  const q = url.indexOf('?')
  try {
    return decodeURIComponent(q === -1 ? url : url.slice(0, q)).slice(1)
  } catch {
    return null
  }
}

/** The codings an Accept-Encoding header allows (q=0 refuses one). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  const accepted = new Set<string>()
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name)
  }
  return accepted
}
