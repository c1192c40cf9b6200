import type { FastifyInstance } from 'fastify'
import { AppError } from '../http/errors'
import type { Config } from '../config'
import { FILES_PATH } from './file-links'
import type { LinkQuery } from './file-links'
import { fileLinksFor } from './create-storage'
import { assertValidKey } from './storage'
import type { Storage } from './storage'
import { sendStoredFile } from './send-stored-file'

const invalidLink = () => new AppError('invalid_link', 'This link has expired or is not valid', 403)

/**
 * Serves stored files behind signed links (`storage.url()` of the local storage), through
 * `sendStoredFile` (single byte ranges, so video and audio players can seek); a link is cached
 * no longer than it is valid.
 */
export function registerFileRoutes({
  app,
  storage,
  config,
}: {
  app: FastifyInstance
  storage: Storage
  config: Config
}) {
  const links = fileLinksFor(config)
  app.get<{ Params: { '*': string }; Querystring: LinkQuery }>(`${FILES_PATH}/*`, async (req, reply) => {
    const key = req.params['*']
    assertValidKey(key)
    if (!links.verify(key, req.query)) throw invalidLink()
    // The signed link is the key: whoever holds it may read the file from any page (the OBS overlay
    // opened on another address than the one the link was made on fetches its alert audio).
    void reply.header('access-control-allow-origin', '*')
    const remaining = Math.max(0, Number(req.query.expires) - Math.floor(Date.now() / 1000))
    return sendStoredFile(req, reply, storage, key, {
      cacheControl: `private, max-age=${remaining}`,
      downloadName: req.query.download,
    })
  })
}
