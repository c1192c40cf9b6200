import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { acceptedEncodings } from './serve-web'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Smaller answers go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024
/** Text bodies worth compressing: JSON (the API), HTML, CSV exports. */
const COMPRESSIBLE_TYPE = /^(application\/([\w.+-]+\+)?json|text\/(html|plain|csv|css|javascript))\b/
/**
 * Brotli at a middle level: per-request work must stay cheap (quality 11 is for build-time assets),
 * and at 4–5 brotli is about as fast as gzip -6 while a little smaller.
 */
const BROTLI_QUALITY = 4

/**
 * Compresses whole text answers above COMPRESS_MIN_BYTES for clients that accept br or gzip, off
 * the event loop (zlib's thread pool). Only bodies already complete in memory are touched: streams
 * — the overlay's event stream, files, the web app's precompressed assets — pass as they are, so
 * SSE events are never held back in a compressor's buffer. Socket.IO does not go through Fastify's
 * reply at all.
 */
export function compressResponses(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    if (
      reply.hasHeader('content-encoding') ||
      !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))
    )
      return payload
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload
    // Whether compressed or not, this answer depends on Accept-Encoding: caches must know.
    varyOnAcceptEncoding(reply)
    const accepted = acceptedEncodings(req.headers['accept-encoding'])
    const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined
    if (!encoding) return payload
    const body =
      encoding === 'br'
        ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : await gzip(payload)
    void reply.header('content-encoding', encoding).removeHeader('content-length')
    return body
  })
}

function varyOnAcceptEncoding(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '')
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) return
  void reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
}
