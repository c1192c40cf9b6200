import http from 'node:http'
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
import { ArrivalGuard, wasRefusedAtArrival } from '../admission/refuse-at-arrival'
import { Lifecycle } from '../lifecycle'

declare module 'fastify' {
  interface FastifyInstance {
    /** Draining after SIGTERM: /api/ready says so, responses close their connection (main.ts). */
    lifecycle: Lifecycle
  }
}

/** Fastify's compiler factories, answering zod's compilers (typed for Ajv schemas, hence the cast). */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']

/** Probes that balancers and orchestrators ask every few seconds: a 200 from them is not logged. */
const PROBE_PATHS = new Set(['/api/health', '/api/ready'])

/** A pino destination that writes the lines of one event-loop turn to stdout together. */
function batchedStdout() {
  let lines: string[] = []
  const flush = () => {
    const text = lines.join('')
    lines = []
    if (text) process.stdout.write(text)
  }
  // Whatever is still gathered goes out before the process ends.
  process.once('exit', flush)
  return {
    write(line: string) {
      if (lines.push(line) === 1) setImmediate(flush)
    },
  }
}

/** Builds the HTTP app: plugins, every module's routes, the OpenAPI docs and the built web app. */
export async function buildApp(platform: Platform) {
  // Refuses callers of a full admission gate on the HTTP server itself, before Fastify (refuse-at-arrival.ts).
  const guard = new ArrivalGuard()
  const app = Fastify({
    // Lines are gathered and written once per turn of the event loop: a write to a pipe is
    // synchronous on Linux, so a write per line made every request pay a system call on the loop.
    logger:
      platform.config.NODE_ENV === 'test'
        ? false
        : { level: platform.config.LOG_LEVEL, stream: batchedStdout() },
    bodyLimit: BODY_LIMIT_BYTES,
    // Only behind a reverse proxy may X-Forwarded-For name the client (login rate limits key on it).
    trustProxy: platform.config.TRUST_PROXY,
    // One line per request (below) instead of Fastify's two: half the logging cost on the hot path.
    // Through the log controller: the top-level `disableRequestLogging` option is deprecated.
    logController: new LogController({ disableRequestLogging: true }),
    // Every schema is zod (the contracts): given our compilers from the start, Fastify never loads
    // Ajv and fast-json-stringify, its defaults — about half a second of a start's module loading.
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // Fastify's own HTTP/1 server (lib/server.js), with the arrival guard in front of its handler.
    serverFactory: (handler, options) => {
      const opts = options as {
        http?: http.ServerOptions
        keepAliveTimeout?: number
        requestTimeout?: number
        connectionTimeout?: number
        maxRequestsPerSocket?: number
      }
      const server = http.createServer(opts.http ?? {}, guard.wrap(handler))
      if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout
      if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout
      if (opts.connectionTimeout !== undefined) server.setTimeout(opts.connectionTimeout)
      if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket
      return server
    },
  })
  guard.log = app.log
  app.decorate('arrivalGuard', guard)
  const lifecycle = platform.lifecycle ?? new Lifecycle()
  app.decorate('lifecycle', lifecycle)
  // While draining, each response asks its client to close the connection: the next request opens
  // a new one, which the balancer sends to a process that is not going away.
  app.addHook('onRequest', (_req, reply, done) => {
    if (lifecycle.draining) void reply.header('connection', 'close')
    done()
  })
  app.addHook('onResponse', (req, reply, done) => {
    // A flood's refusals are summed up by the gate, not logged one by one; a healthy health check
    // (balancers and probes ask every few seconds) is no news either.
    if (wasRefusedAtArrival(req) || (reply.statusCode === 200 && PROBE_PATHS.has(req.url))) {
      done()
      return
    }
    // The path without its query: overlay keys, OAuth codes and states travel in query strings.
    req.log.info(
      {
        method: req.method,
        path: req.url.split('?', 1)[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    )
    done()
  })
  guard.setHeaders(addSecurityHeaders(app, platform.config))
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

  const route = makeRouter(app, createAuthenticator(platform), guard)
  for (const register of httpModules) await register({ ...platform, route, app })

  serveWeb(app, platform.config.WEB_DIST)
  return app
}
