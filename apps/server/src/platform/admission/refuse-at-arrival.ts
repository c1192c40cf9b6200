import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyRequest, onRequestHookHandler } from 'fastify'
import { admission, OverloadedError } from './admission'
import type { AdmissionKind } from './admission'

/** What errorHandler sends for the gate's OverloadedError (its message and code), serialized once. */
const overloaded = new OverloadedError('any', 1)
const OVERLOADED_BODY = JSON.stringify({ message: overloaded.message, code: overloaded.code })
const OVERLOADED_BYTES = Buffer.from(OVERLOADED_BODY)
/** A flood logs one line per gate this often, not one per refused request. */
const SUMMARY_EVERY_MS = 10_000

const refusedAtArrival = new WeakSet<FastifyRequest>()

/** Whether this request was refused by refuseAtArrival (the per-request log line skips it). */
export const wasRefusedAtArrival = (req: FastifyRequest): boolean => refusedAtArrival.has(req)

/** One summary line per gate every SUMMARY_EVERY_MS, however the refusals were made. */
const summaries = new Map<AdmissionKind, { unlogged: number; loggedAt: number }>()
function noteRefusal(kind: AdmissionKind, log: FastifyBaseLogger | undefined) {
  let s = summaries.get(kind)
  if (!s) summaries.set(kind, (s = { unlogged: 0, loggedAt: -Infinity }))
  s.unlogged++
  const now = performance.now()
  if (log && now - s.loggedAt >= SUMMARY_EVERY_MS) {
    log.warn({ kind, refused: s.unlogged }, 'busy: requests refused at arrival')
    s.unlogged = 0
    s.loggedAt = now
  }
}

/**
 * A route's first `onRequest` hook: while `kind`'s gate is full (every slot busy, the line full),
 * answers the gate's 503 before anything else runs — before the per-IP limit, auth, the body is
 * read, parsed and validated, and without an error object or a log line. The arrival guard below
 * refuses most such callers earlier still; this hook catches the rest (a path spelled another way,
 * `app.inject`, a gate that filled while Fastify routed the request).
 */
export function refuseAtArrival(kind: AdmissionKind): onRequestHookHandler {
  const gate = admission(kind)
  return function refuseWhenFull(req, reply, done) {
    if (!gate.isFull()) {
      done()
      return
    }
    refusedAtArrival.add(req)
    noteRefusal(kind, req.log)
    // A string with its content type set is sent as it is: no serializer runs.
    void reply
      .code(503)
      .header('retry-after', String(gate.refuseAtArrival()))
      .type('application/json; charset=utf-8')
      .send(OVERLOADED_BODY)
  }
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void

/**
 * In a flood most callers are refused, and each refusal used to cost Fastify's whole request
 * lifecycle (routing, request and reply objects, the global hooks, onSend and onResponse hooks):
 * a wave of 200 previews held the event loop, which health checks, the overlay and alerts share,
 * for 100–300 ms (issue 23). The guard sits in front of Fastify's handler on the HTTP server itself:
 * a request for a gated route (exact method and path) whose gate is full gets the same 503, written
 * straight to the socket from bytes made once, before Fastify sees it.
 */
export class ArrivalGuard {
  private readonly routes = new Map<string, { kind: AdmissionKind; gate: ReturnType<typeof admission> }>()
  private headers: Record<string, string> = {}
  private refusedHere = 0
  log: FastifyBaseLogger | undefined

  /** Guards `METHOD path` (a path without parameters) by `kind`'s gate. */
  register(method: string, path: string, kind: AdmissionKind): void {
    if (!path.includes(':') && !path.includes('*'))
      this.routes.set(`${method} ${path}`, { kind, gate: admission(kind) })
  }

  /** Headers every answer carries (the security headers): the guard's refusals carry them too. */
  setHeaders(headers: Record<string, string>): void {
    this.headers = headers
  }

  /** How many requests the guard refused before Fastify saw them (tests, benches). */
  refused(): number {
    return this.refusedHere
  }

  /** The HTTP server's request handler: the guard, then Fastify's. */
  wrap(handler: NodeHandler): NodeHandler {
    return (req, res) => {
      if (this.routes.size) {
        const url = req.url ?? ''
        const q = url.indexOf('?')
        const route = this.routes.get(`${req.method} ${q < 0 ? url : url.slice(0, q)}`)
        if (route?.gate.isFull()) {
          this.refusedHere++
          noteRefusal(route.kind, this.log)
          res.writeHead(503, {
            ...this.headers,
            'content-type': 'application/json; charset=utf-8',
            'content-length': OVERLOADED_BYTES.length,
            'retry-after': String(route.gate.refuseAtArrival()),
            'cache-control': 'no-store',
          })
          res.end(OVERLOADED_BYTES)
          return
        }
      }
      handler(req, res)
    }
  }
}
