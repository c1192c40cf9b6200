import fs from 'node:fs'
import path from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fastifyStatic from '@fastify/static'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Platform } from '../context'
import { errorHandler } from './errors'
import { makeRouter } from './route'
import { rateLimitStore } from './rate-limit-store'
import { httpModules } from '../../modules'
import { createAuthenticator } from '../../modules/auth/authenticate'
import { APP_VERSION } from '../version'

export const BODY_LIMIT_BYTES = 1024 * 1024

/** Builds the HTTP app: plugins, every module's routes, the OpenAPI docs and the built web app. */
export async function buildApp(platform: Platform) {
  const app = Fastify({
    logger: platform.config.NODE_ENV === 'test' ? false : { level: platform.config.LOG_LEVEL },
    bodyLimit: BODY_LIMIT_BYTES,
    // Only behind a reverse proxy may X-Forwarded-For name the client (login rate limits key on it).
    trustProxy: platform.config.TRUST_PROXY,
    // One line per request (below) instead of Fastify's two: half the logging cost on the hot path.
    disableRequestLogging: true,
  })
  app.addHook('onResponse', (req, reply, done) => {
    // The path without its query: overlay keys, OAuth codes and states travel in query strings.
    req.log.info({ method: req.method, path: req.url.split('?', 1)[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request')
    done()
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(errorHandler)

  await app.register(cookie)
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 5 } })
  // Off by default; routes opt in through `config.rateLimit` (logins, public tips). On PostgreSQL
  // the counters are shared by every API process; on PGlite (one process) they stay in memory.
  await app.register(rateLimit, { global: false, store: rateLimitStore(platform.database) })
  await app.register(swagger, {
    openapi: {
      info: { title: 'Mouthpiece API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })

  const route = makeRouter(app, createAuthenticator(platform))
  for (const register of httpModules) await register({ ...platform, route, app })

  serveWeb(app, platform.config.WEB_DIST)
  return app
}

/** Serves the built SPA; unknown non-API paths get index.html so the client router decides. */
function serveWeb(app: FastifyInstance, dist: string | undefined) {
  const root = dist ? path.resolve(dist) : undefined
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    app.setNotFoundHandler((_req, reply) => {
      void reply.status(404).send({ message: 'This page could not be found', code: 'not_found' })
    })
    return
  }
  void app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h' })
  const indexFile = path.join(root, 'index.html')
  // Re-read index.html when a rebuild replaced it, so a running server never serves stale chunk names.
  let cached = { mtimeMs: 0, html: Buffer.alloc(0) }
  const indexHtml = () => {
    const { mtimeMs } = fs.statSync(indexFile)
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: fs.readFileSync(indexFile) }
    return cached.html
  }
  app.setNotFoundHandler((req, reply) => {
    // The donation-service OAuth return page lives under /api/ but is a client page (SPEC §2).
    const isPage = !req.url.startsWith('/api/') || req.url.startsWith('/api/streamelements-callback')
    if (!isPage || req.method !== 'GET')
      return reply.status(404).send({ message: 'This page could not be found', code: 'not_found' })
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml())
  })
}
