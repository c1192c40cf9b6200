import type { FastifyInstance } from 'fastify'
import { AppError } from '../http/errors'
import type { Config } from '../config'
import { FILES_PATH } from './file-links'
import type { LinkQuery } from './file-links'
import { fileLinksFor } from './create-storage'
import { assertValidKey, fileNotFound, parseRange } from './storage'
import type { Storage } from './storage'

const invalidLink = () => new AppError('invalid_link', 'This link has expired or is not valid', 403)

/**
 * Serves stored files behind signed links (`storage.url()` of the local storage), with single
 * byte ranges so video and audio players can seek.
 */
export function registerFileRoutes({ app, storage, config }: { app: FastifyInstance; storage: Storage; config: Config }) {
  const links = fileLinksFor(config)
  app.get<{ Params: { '*': string }; Querystring: LinkQuery }>(`${FILES_PATH}/*`, async (req, reply) => {
    const key = req.params['*']
    assertValidKey(key)
    if (!links.verify(key, req.query)) throw invalidLink()
    const object = await storage.stat(key)
    if (!object) throw fileNotFound()
    const range = parseRange(req.headers.range, object.size)
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${object.size}`).send({ message: 'Range not satisfiable', code: 'range' })
    }
    const { body } = await storage.get(key, range ?? undefined)
    const remaining = Math.max(0, Number(req.query.expires) - Math.floor(Date.now() / 1000))
    void reply
      .header('content-type', object.contentType)
      .header('accept-ranges', 'bytes')
      .header('last-modified', object.modifiedAt.toUTCString())
      .header('cache-control', `private, max-age=${remaining}`)
      .header('x-content-type-options', 'nosniff')
      // Uploaded HTML or SVG opened directly must not run script on our origin.
      .header('content-security-policy', 'sandbox')
    if (req.query.download)
      void reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(req.query.download)}`)
    if (range) {
      void reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
        .header('content-length', range.end - range.start + 1)
    } else void reply.header('content-length', object.size)
    return reply.send(body)
  })
}
