import { ApiStatus } from '@mouthpiece/contracts/statuses'
import { GENERIC_ERROR_MESSAGE } from '@mouthpiece/contracts/errors'

/** SPEC §4: every call ends as the response body plus status 1, or status 0 with a message. */
export type ApiSuccess<T> = Omit<T, 'status'> & { status: typeof ApiStatus.success }
export interface ApiFailure {
  status: typeof ApiStatus.failure
  message: string
  /** HTTP status of the answer; 0 when the request never got one (network down). */
  httpStatus: number
  code?: string
  /** Per-field messages from the server, first message first. */
  errors?: Record<string, string[]>
}
export type ApiResult<T> = ApiSuccess<T> | ApiFailure

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * SPEC §8: the server message (the part before '#'), else the HTTP status text, else the generic text.
 */
export function errorMessage(body: unknown, statusText: string | undefined): string {
  if (isRecord(body) && typeof body.message === 'string') {
    const human = body.message.split('#')[0]?.trim()
    if (human) return human
  }
  if (statusText?.trim()) return statusText.trim()
  return GENERIC_ERROR_MESSAGE
}

function fieldErrors(body: unknown): Record<string, string[]> | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined
  const out: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string')
  }
  return out
}

/** Turns an HTTP answer (already parsed; undefined when the body was not JSON) into an ApiResult. */
export function normalise<T>(
  httpStatus: number,
  statusText: string | undefined,
  body: unknown,
): ApiResult<T> {
  if (httpStatus >= 200 && httpStatus < 300) {
    const payload = isRecord(body) ? body : {}
    return { ...(payload as T), status: ApiStatus.success }
  }
  return {
    status: ApiStatus.failure,
    message: errorMessage(body, statusText),
    httpStatus,
    code: isRecord(body) && typeof body.code === 'string' ? body.code : undefined,
    errors: fieldErrors(body),
  }
}

/** A call that never got an answer. */
export function networkFailure(): ApiFailure {
  return { status: ApiStatus.failure, message: GENERIC_ERROR_MESSAGE, httpStatus: 0 }
}

/** First message of each field (SPEC §5 create-user: only the first message per field is shown). */
export function firstFieldErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const first = messages[0]
    if (first) out[field] = first.split('#')[0]?.trim() || first
  }
  return out
}

/** SPEC §8: a 401 sends the browser to /login unless it is in the admin area or already there. */
export function shouldRedirectOn401(pathname: string): boolean {
  return !pathname.includes('/admin') && pathname !== '/login'
}
