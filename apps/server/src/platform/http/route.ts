import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type {
  RouteDef,
  RouteParams,
  RouteQuery,
  RouteBody,
  RouteResponse,
} from '@mouthpiece/contracts/define-route'
import { ACCOUNT_DISABLED_MESSAGE } from '@mouthpiece/contracts/users/users.schemas'
import {
  UNSTORABLE_TEXT_MESSAGE,
  findUnstorableText,
  unstorableNameMessage,
} from '@mouthpiece/contracts/storable-text'
import { refuseAtArrival } from '../admission/refuse-at-arrival'
import type { ArrivalGuard } from '../admission/refuse-at-arrival'
import type { AdmissionKind } from '../admission/admission'
import type { Actor, ActorFor, Authenticator } from './actor'
import { AppError } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor
  }
  interface FastifyInstance {
    /** Every contract route this app serves, in registration order (generated tests walk them). */
    contractRoutes: readonly RouteDef[]
    /** Refuses callers of a full admission gate before Fastify sees them (platform/admission/refuse-at-arrival.ts). */
    arrivalGuard?: ArrivalGuard
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

const AUTH_HOOK = Symbol('auth hook')
/** Marks a route's auth hook, so makeRouter can order it behind the rate limit. */
const authHook = (hook: (req: FastifyRequest) => Promise<void>) => Object.assign(hook, { [AUTH_HOOK]: true })
const ARRIVAL_HOOK = Symbol('arrival hook')
/** Marks a route's admission check, so makeRouter can order it before everything else. */
const arrivalHook = (kind: AdmissionKind) => Object.assign(refuseAtArrival(kind), { [ARRIVAL_HOOK]: true })

export interface RouteOptions {
  bodyLimit?: number
  rateLimit?: { max: number; timeWindow: number }
  /**
   * The admission gate the handler's work passes: while it is full, callers are refused at
   * arrival, before the rate limit, auth and the body (platform/admission/refuse-at-arrival.ts).
   */
  admission?: AdmissionKind
}

/**
 * Registers a contract route: auth → validate (zod, from the contract) → handler → serialize
 * (checked against the contract's response). Route files only compose these.
 */
export function makeRouter(app: FastifyInstance, authenticate: Authenticator, guard?: ArrivalGuard) {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  // Per-IP limits count a request when it arrives: @fastify/rate-limit appends its hook after the
  // route's own onRequest (auth, which may wait for the database), so auth is moved behind it. A
  // full admission gate refuses before both: a refused caller costs no count, lookup or body read.
  app.addHook('onRoute', (options) => {
    const hooks = options.onRequest
    if (!Array.isArray(hooks)) return
    const rank = (hook: object) => (ARRIVAL_HOOK in hook ? 0 : AUTH_HOOK in hook ? 2 : 1)
    options.onRequest = [...hooks].sort((a, b) => rank(a) - rank(b))
  })
  const registered: RouteDef[] = []
  app.decorate('contractRoutes', registered)
  return function route<R extends RouteDef>(def: R, handler: Handler<R>, opts: RouteOptions = {}) {
    registered.push(def)
    if (opts.admission) guard?.register(def.method, def.path, opts.admission)
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
      // Auth runs before validation, so an anonymous call gets 401 rather than a validation error.
      onRequest: [
        ...(opts.admission ? [arrivalHook(opts.admission)] : []),
        authHook(async (req) => {
          req.actor = await authenticate(req, def.auth)
          // The server, not only the web client, keeps disabled users out of the barred group.
          if (def.requiresEnabled && req.actor.kind === 'user' && !req.actor.user.is_enabled)
            throw new AppError('account_disabled', ACCOUNT_DISABLED_MESSAGE, 403)
        }),
      ],
      // Before any schema: one check for every string of every route, so no field can carry text
      // PostgreSQL refuses (a NUL once turned 27 operations into 500s).
      preValidation: async (req) => {
        rejectUnstorableText(req)
        if (def.multipart) checkMultipartParts(req)
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

function rejectUnstorableText(req: FastifyRequest) {
  for (const part of [req.params, req.query, req.body]) rejectUnstorable(part)
}

function rejectUnstorable(value: unknown) {
  const field = findUnstorableText(value)
  if (field !== undefined)
    throw new AppError('validation', UNSTORABLE_TEXT_MESSAGE, 400, { [field]: [UNSTORABLE_TEXT_MESSAGE] })
}

type Part = {
  type: 'file' | 'field'
  fieldname: string
  filename?: string
  value?: unknown
  fields?: Record<string, unknown>
}

/**
 * Multipart bodies are read by the handler, part by part (`req.parts()`, `req.files()`,
 * `req.file()`): each part's names and text pass the rules JSON bodies pass (findUnstorableText,
 * and no control character in a file or field name) as it is handed over, before its bytes are
 * read, so a refused part has written nothing. The fields `req.file()` collects are checked each
 * time they are read, those sent after the file included.
 */
function checkMultipartParts(req: FastifyRequest) {
  const parts = req.parts.bind(req)
  const files = req.files.bind(req)
  const file = req.file.bind(req)
  req.parts = ((...args: Parameters<typeof parts>) => checkedParts(parts(...args))) as typeof req.parts
  req.files = ((...args: Parameters<typeof files>) => checkedParts(files(...args))) as typeof req.files
  req.file = async (...args: Parameters<typeof file>) => {
    const found = await file(...args)
    if (!found) return found
    checkPart(found)
    const fields = found.fields
    const checkFields = () => {
      for (const field of Object.values(fields))
        for (const f of Array.isArray(field) ? field : [field]) if (f) checkPart(f)
    }
    checkFields()
    found.fields = new Proxy(fields, {
      get: (target, key, receiver): unknown => (checkFields(), Reflect.get(target, key, receiver)),
      ownKeys: (target) => (checkFields(), Reflect.ownKeys(target)),
    })
    return found
  }
}

async function* checkedParts<P extends Part>(parts: AsyncIterable<P>): AsyncGenerator<P> {
  for await (const part of parts) {
    checkPart(part)
    yield part
  }
}

function checkPart(part: Part) {
  refuseName(part.fieldname, part.fieldname)
  if (part.type === 'file') refuseName(part.filename ?? '', 'filename')
  else rejectUnstorable({ [part.fieldname]: part.value })
}

function refuseName(name: string, field: string) {
  const message = unstorableNameMessage(name)
  if (message) throw new AppError('validation', message, 400, { [field]: [message] })
}
