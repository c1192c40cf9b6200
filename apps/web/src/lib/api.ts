import type { z } from 'zod'
import { routePath } from '@mouthpiece/contracts/define-route'
import type { RouteDef, RouteResponse } from '@mouthpiece/contracts/define-route'
import { ApiStatus } from '@mouthpiece/contracts/statuses'
import type { ApiFailure, ApiResult, ApiSuccess } from './api-result'
import { networkFailure, normalise, shouldRedirectOn401 } from './api-result'
import { authKeys, queryClient } from './query-client'
import { clearAdminKey, clearUserSession, tokenFor } from './session'
import { browser } from './browser'

/**
 * API base address (SPEC §9: configurable). Empty = the page's own origin. `env?.`: the a11y e2e test
 * loads the route table under Node, where Vite's env is absent.
 */
export const API_BASE_URL: string =
  (import.meta.env?.VITE_API_BASE_URL as string | undefined)?.replace(/\/$/, '') ?? ''

type Part<S, K extends string> = S extends z.ZodType ? { [P in K]: z.input<S> } : { [P in K]?: undefined }
export type ApiArgs<R extends RouteDef> = Part<R['params'], 'params'> &
  Part<R['query'], 'query'> &
  Part<R['body'], 'body'> & {
    signal?: AbortSignal
    /** Multipart routes send this instead of a JSON body. */
    formData?: FormData
    /** Set false when the caller handles a 401 itself (the route guards do). */
    redirectOn401?: boolean
  }
type ArgsTuple<R extends RouteDef> = object extends ApiArgs<R> ? [args?: ApiArgs<R>] : [args: ApiArgs<R>]
export type ResponseOf<R extends RouteDef> = RouteResponse<R> extends object ? RouteResponse<R> : object

function queryValue(v: unknown): string {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return v.toString()
  return JSON.stringify(v) ?? ''
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue
    const values: unknown[] = Array.isArray(value) ? value : [value]
    for (const v of values) params.append(key, queryValue(v))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

/**
 * The one typed client (SPEC §7): fills path params from the contract, sends GET payloads as query
 * parameters and others as a JSON body, adds the bearer token of the route's role and normalises the
 * answer (SPEC §4, §8). It never throws for HTTP or network failures; it returns status 0.
 */
export async function api<R extends RouteDef>(
  route: R,
  ...[args]: ArgsTuple<R>
): Promise<ApiResult<ResponseOf<R>>> {
  const a = (args ?? {}) as ApiArgs<RouteDef> & {
    params?: Record<string, string | number>
    query?: unknown
    body?: unknown
  }
  const url = API_BASE_URL + routePath(route.path, a.params) + queryString(a.query)
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = tokenFor(route.auth)
  if (token) headers.Authorization = `Bearer ${token}`
  let body: BodyInit | undefined
  if (route.method !== 'GET') {
    if (a.formData) body = a.formData
    else {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(a.body ?? {})
    }
  }

  let response: Response
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body,
      signal: a.signal,
      credentials: API_BASE_URL ? 'include' : 'same-origin',
    })
  } catch (error) {
    if (a.signal?.aborted) throw error
    return networkFailure()
  }

  const text = await response.text().catch(() => '')
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    parsed = undefined
  }
  const result = normalise<ResponseOf<R>>(response.status, response.statusText, parsed)

  // A 401 speaks only for the session the call was sent with. If this tab has since signed out or
  // in again, the answer is stale: acting on it would reload /login over the page the person is on.
  if (response.status === 401 && tokenFor(route.auth) === token) {
    if (route.auth === 'user') {
      clearUserSession()
      if (queryClient.getQueryData(authKeys.me)) queryClient.setQueryData(authKeys.me, null)
    }
    if (route.auth === 'admin') {
      clearAdminKey()
      if (queryClient.getQueryData(authKeys.admin)) queryClient.setQueryData(authKeys.admin, null)
    }
    // Only calls made with a session redirect: a wrong password on a login form is not "signed out".
    if (route.auth === 'user' && a.redirectOn401 !== false && shouldRedirectOn401(window.location.pathname))
      browser.assign('/login')
  }
  return result
}

/** Thrown by `request` so TanStack Query sees failures; carries the normalised failure. */
export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message)
    this.name = 'ApiError'
  }
}

export function isSuccess<T>(result: ApiResult<T>): result is ApiSuccess<T> {
  return result.status === ApiStatus.success
}

/** Like `api` but throws ApiError on status 0: for query functions and mutations. */
export async function request<R extends RouteDef>(
  route: R,
  ...rest: ArgsTuple<R>
): Promise<ApiSuccess<ResponseOf<R>>> {
  const result = await api(route, ...rest)
  if (isSuccess(result)) return result
  throw new ApiError(result)
}
