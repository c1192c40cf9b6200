import type { FastifyReply, FastifyRequest } from 'fastify'
import { fileNotFound, parseRange } from './storage'
import type { Storage } from './storage'

export interface SendFileOptions {
  /** Ask the browser to save it under this name. */
  downloadName?: string
  /** Cache policy; renders never change once written, uploads are private. */
  cacheControl?: string
}

/**
 * The one way a stored file is answered over HTTP: streamed with single byte ranges (206 / 416), so
 * <video> and <audio> can seek and a download can resume. Serves the storage's signed links
 * (`registerFileRoutes`) and the permanent, id-based links of the modules (share pages must not
 * expire), with the same headers.
 */
export async function sendStoredFile(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  opts: SendFileOptions = {},
) {
  const object = await storage.stat(key)
  if (!object) throw fileNotFound()
  const range = parseRange(req.headers.range, object.size)
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${object.size}`)
      .send({ message: 'Range not satisfiable', code: 'range' })
  }
  const { body } = await storage.get(key, range ?? undefined)
  void reply
    .header('content-type', object.contentType)
    .header('accept-ranges', 'bytes')
    .header('last-modified', object.modifiedAt.toUTCString())
    .header('cache-control', opts.cacheControl ?? 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    // Uploaded HTML or SVG opened directly must not run script on our origin.
    .header('content-security-policy', 'sandbox')
  if (opts.downloadName)
    void reply.header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(opts.downloadName)}`,
    )
  if (range) {
    void reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
      .header('content-length', range.end - range.start + 1)
  } else void reply.header('content-length', object.size)
  return reply.send(body)
}
