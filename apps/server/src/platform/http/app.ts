import Fastify, { LogController } from 'fastify'
import type { FastifyServerOptions } from 'fastify'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Platform } from '../context'
import { compressResponses } from './compress-responses'
import { errorHandler, rateLimited } from './errors'
import { serveWeb } from './serve-web'
import { makeRouter } from './route'
import { rateLimitStore } from './rate-limit-store'
import { addSecurityHeaders } from './security-headers'
import { httpModules } from '../../modules'
import { createAuthenticator } from '../../modules/auth'
import { APP_VERSION } from '../version'
import { BODY_LIMIT_BYTES } from './body-limit'
import { wasRefusedAtArrival } from '../admission/refuse-at-arrival'

/** Fastify's compiler factories, answering zod's compilers (typed for Ajv schemas, hence the cast). */
const ZOD_COMPILERS = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']

/** Builds the HTTP app: plugins, every module's routes, the OpenAPI docs and the built web app. */
export async function buildApp(platform: Platform) {
  const app = Fastify({
    logger: platform.config.NODE_ENV === 'test' ? false : { level: platform.config.LOG_LEVEL },
    bodyLimit: BODY_LIMIT_BYTES,
    // Only behind a reverse proxy may X-Forwarded-For name the client (login rate limits key on it).
    trustProxy: platform.config.TRUST_PROXY,
    // One line per request (below) instead of Fastify's two: half the logging cost on the hot path.
    // Through the log controller: the top-level `disableRequestLogging` option is deprecated.
    logController: new LogController({ disableRequestLogging: true }),
    // Every schema is zod (the contracts): given our compilers from the start, Fastify never loads
    // Ajv and fast-json-stringify, its defaults — about half a second of a start's module loading.
    schemaController: { compilersFactory: ZOD_COMPILERS },
  })
  app.addHook('onResponse', (req, reply, done) => {
    // A flood's refusals are summed up by the gate, not logged one by one.
    if (wasRefusedAtArrival(req)) {
      done()
      return
    }
    // The path without its query: overlay keys, OAuth codes and states travel in query strings.
    req.log.info({ method: req.method, path: req.url.split('?', 1)[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request')
    done()
  })
  addSecurityHeaders(app, platform.config)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.setErrorHandler(errorHandler)
  compressResponses(app)

  await app.register(cookie)
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 5 } })
  // Off by default; routes opt in through `config.rateLimit` (logins, public tips). On PostgreSQL
  // the counters are shared by every API process; on PGlite (one process) they stay in memory.
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(platform.database),
    // Every limit answers the same way: `rate_limited`, and the real time left in its window.
    errorResponseBuilder: (_req, context) => rateLimited(context.ttl / 1000),
  })
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
