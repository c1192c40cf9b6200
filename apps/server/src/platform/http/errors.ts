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
  ) {
    super(message)
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`, 404)
export const forbidden = (message = 'You do not have permission to do this') => new AppError('forbidden', message, 403)
export const unauthorized = (message = 'Please log in to continue') => new AppError('unauthorized', message, 401)

/** Field-keyed validation messages, first message per field first. */
export function fieldError(field: string, message: string, code = 'validation'): AppError {
  return new AppError(code, message, 422, { [field]: [message] })
}

export function errorHandler(err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, body: ErrorBody) => reply.status(status).send(body)
  if (err instanceof AppError) return send(err.status, { message: err.message, code: err.code, errors: err.errors })
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string[]> = {}
    for (const v of err.validation) {
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body'
      ;(errors[field] ??= []).push(v.message ?? 'Invalid value')
    }
    const first = err.validation[0]
    // A missing or non-JSON body fails on the root object; say so plainly.
    const message = first && first.instancePath === '' && err.validationContext === 'body' ? 'Please send the request fields as JSON' : (first?.message ?? 'Invalid request')
    return send(400, { message, code: 'validation', errors })
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err }, 'response does not match its contract')
    return send(500, { message: 'Something went wrong. Try again!', code: 'internal' })
  }
  const fe = err as FastifyError
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const message = fe.statusCode === 413 ? 'The request is too large' : fe.statusCode === 429 ? 'Too many attempts. Please wait a minute and try again.' : fe.message
    return send(fe.statusCode, { message, code: fe.code ?? 'bad_request' })
  }
  req.log.error({ err }, 'unhandled error')
  return send(500, { message: 'Something went wrong. Try again!', code: 'internal' })
}
