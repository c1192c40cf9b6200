import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { RouteDef, RouteParams, RouteQuery, RouteBody, RouteResponse } from '@mouthpiece/contracts/define-route'
import type { Actor, ActorFor, Authenticator } from './actor'

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor
  }
}

export interface HandlerContext<R extends RouteDef> {
  params: RouteParams<R>
  query: RouteQuery<R>
  body: RouteBody<R>
  actor: ActorFor<R['auth']>
  req: FastifyRequest
  reply: FastifyReply
}

export type Handler<R extends RouteDef> = (
  ctx: HandlerContext<R>,
) => Promise<R['response'] extends undefined ? unknown : RouteResponse<R>>

/**
 * Registers a contract route: auth → validate (zod, from the contract) → handler → serialize
 * (checked against the contract's response). Route files only compose these.
 */
export function makeRouter(app: FastifyInstance, authenticate: Authenticator) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  return function route<R extends RouteDef>(def: R, handler: Handler<R>, opts: { bodyLimit?: number; rateLimit?: { max: number; timeWindow: number } } = {}) {
    typed.route({
      method: def.method,
      url: def.path,
      bodyLimit: opts.bodyLimit,
      config: opts.rateLimit ? { rateLimit: opts.rateLimit } : {},
      schema: {
        summary: def.summary,
        tags: [def.path.split('/')[2] ?? 'api'],
        security: def.auth === 'public' ? [] : [{ bearer: [] }],
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body && !def.multipart ? { body: def.body } : {}),
        ...(def.response ? { response: { 200: def.response } } : {}),
      },
      // Auth runs first, so an anonymous call gets 401 rather than a validation error.
      onRequest: async (req) => {
        req.actor = await authenticate(req, def.auth)
      },
      handler: async (req, reply) => {
        const actor = req.actor
        return handler({
          params: req.params as RouteParams<R>,
          query: req.query as RouteQuery<R>,
          body: req.body as RouteBody<R>,
          actor: actor as ActorFor<R['auth']>,
          req,
          reply,
        })
      },
    })
  }
}
export type Router = ReturnType<typeof makeRouter>
