import type { FastifyRequest, onRequestHookHandler } from 'fastify'
import { admission, OverloadedError } from './admission'
import type { AdmissionKind } from './admission'

/** What errorHandler sends for the gate's OverloadedError (its message and code), serialized once. */
const overloaded = new OverloadedError('any', 1)
const OVERLOADED_BODY = JSON.stringify({ message: overloaded.message, code: overloaded.code })
/** A flood logs one line per gate this often, not one per refused request. */
const SUMMARY_EVERY_MS = 10_000

const refusedAtArrival = new WeakSet<FastifyRequest>()

/** Whether this request was refused by refuseAtArrival (the per-request log line skips it). */
export const wasRefusedAtArrival = (req: FastifyRequest): boolean => refusedAtArrival.has(req)

/**
 * A route's first `onRequest` hook: while `kind`'s gate is full (every slot busy, the line full),
 * answers the gate's 503 before anything else runs — before the per-IP limit, auth, the body is
 * read, parsed and validated, and without an error object or a log line. In a flood most callers
 * are refused, so this is what a flood costs the event loop that health checks, the overlay and
 * alerts share. A caller let through here may still be refused by the gate itself (the gate filled
 * while its body arrived); this only makes the common refusal cheap.
 */
export function refuseAtArrival(kind: AdmissionKind): onRequestHookHandler {
  const gate = admission(kind)
  let unlogged = 0
  let loggedAt = -Infinity
  return function refuseWhenFull(req, reply, done) {
    if (!gate.isFull()) {
      done()
      return
    }
    refusedAtArrival.add(req)
    unlogged++
    const now = performance.now()
    if (now - loggedAt >= SUMMARY_EVERY_MS) {
      req.log.warn({ kind, refused: unlogged }, 'busy: requests refused at arrival')
      unlogged = 0
      loggedAt = now
    }
    // A string with its content type set is sent as it is: no serializer runs.
    void reply.code(503).header('retry-after', String(gate.refuseAtArrival())).type('application/json; charset=utf-8').send(OVERLOADED_BODY)
  }
}
