import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import type { ErrorBody } from '@mouthpiece/contracts/errors'

/** The one application error. `message` is shown to people; `#detail` after it is for logs (SPEC §8). */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly errors?: Record<string, string[]>,
    /** Sent as `Retry-After` (seconds): a refused caller learns when to come back. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`, 404)
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('forbidden', message, 403)
export const unauthorized = (message = 'Please log in to continue') =>
  new AppError('unauthorized', message, 401)

/** Field-keyed validation messages, first message per field first. */
export function fieldError(field: string, message: string, code = 'validation'): AppError {
  return new AppError(code, message, 422, { [field]: [message] })
}

/** A message as people see it: the part before `#` (the rest is for logs, SPEC §8). */
export function humanPart(message: string): string {
  const at = message.indexOf('#')
  return at < 0 ? message : message.slice(0, at).trim()
}

/** "30 seconds", "a minute", "8 minutes", "2 hours": how long until a limited caller may try again. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds))
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`
  const m = Math.ceil(s / 60)
  if (m < 60) return m === 1 ? 'a minute' : `${m} minutes`
  const h = Math.ceil(m / 60)
  return h === 1 ? 'an hour' : `${h} hours`
}

/** The 429 of every rate limit, telling the real time left in the caller's window. */
export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(
    'rate_limited',
    `Too many attempts. Please wait ${waitText(retryAfterSeconds)} and try again.`,
    429,
  )
}

/** Whether the connection that asked is gone (closed before the reply was written). */
function callerLeft(req: FastifyRequest, reply: FastifyReply): boolean {
  const res = reply.raw
  return !res.writableFinished && (res.destroyed || req.raw.destroyed || req.raw.socket?.destroyed === true)
}

export function errorHandler(err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, body: ErrorBody) => {
    // Details after '#' go to the log only: they may name files, providers' answers or addresses.
    const detail = body.message.includes('#') ? body.message.slice(body.message.indexOf('#') + 1) : undefined
    if (detail) req.log.warn({ status, code: body.code, detail }, humanPart(body.message))
    const errors =
      body.errors && Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k, v.map(humanPart)]))
    return reply.status(status).send({ message: humanPart(body.message), code: body.code, errors })
  }
  if (err instanceof AppError) {
    if (err.retryAfterSeconds !== undefined) void reply.header('retry-after', String(err.retryAfterSeconds))
    return send(err.status, { message: err.message, code: err.code, errors: err.errors })
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string[]> = {}
    for (const v of err.validation) {
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body'
      ;(errors[field] ??= []).push(v.message ?? 'Invalid value')
    }
    const first = err.validation[0]
    // A missing or non-JSON body fails on the root object; say so plainly.
    const message =
      first && first.instancePath === '' && err.validationContext === 'body'
        ? 'Please send the request fields as JSON'
        : (first?.message ?? 'Invalid request')
    return send(400, { message, code: 'validation', errors })
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err }, 'response does not match its contract')
    return send(500, { message: 'Something went wrong. Try again!', code: 'internal' })
  }
  const fe = err as FastifyError
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const message = fe.statusCode === 413 ? 'The request is too large' : fe.message
    return send(fe.statusCode, { message, code: fe.code ?? 'bad_request' })
  }
  // The caller left before the answer (a voice preview cancelled by leaving the page): its work was
  // stopped on purpose, nobody reads the reply, and it is no fault of the server.
  if (callerLeft(req, reply)) {
    req.log.info({ err: err.message }, 'caller left before the answer; work stopped')
    return reply.status(499).send({ message: 'The request was cancelled', code: 'cancelled' })
  }
  req.log.error({ err }, 'unhandled error')
  return send(500, { message: 'Something went wrong. Try again!', code: 'internal' })
}
