import { routePath } from '@mouthpiece/contracts/define-route'
import type { RouteDef } from '@mouthpiece/contracts/define-route'
import { API_BASE_URL } from './api'
import type { ResponseOf } from './api'
import { networkFailure, normalise } from './api-result'
import type { ApiResult } from './api-result'
import { getUserToken } from './session'

/**
 * Sends one file to a multipart route with upload progress (fetch cannot report it, XHR can).
 * Answers like `api()`: status 1 with the body, or status 0 with the server's message.
 */
export function uploadFile<R extends RouteDef>(
  route: R,
  file: File | undefined,
  opts: {
    onProgress?: (fraction: number) => void
    signal?: AbortSignal
    params?: Record<string, string | number>
    fields?: Record<string, string | number>
    /** More files after `file`, by field name. */
    files?: Record<string, File | undefined>
  } = {},
): Promise<ApiResult<ResponseOf<R>>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open(route.method, API_BASE_URL + (opts.params ? routePath(route.path, opts.params) : route.path))
    xhr.withCredentials = Boolean(API_BASE_URL)
    xhr.setRequestHeader('Accept', 'application/json')
    const token = getUserToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total)
    }
    xhr.onload = () => {
      let body: unknown
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined
      } catch {
        body = undefined
      }
      resolve(normalise<ResponseOf<R>>(xhr.status, xhr.statusText, body))
    }
    xhr.onerror = () => resolve(networkFailure())
    xhr.onabort = () => resolve({ ...networkFailure(), message: 'Upload cancelled' })
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    const form = new FormData()
    // Fields first: the server reads them before it streams the file.
    for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, String(v))
    if (file) form.append('file', file)
    for (const [k, f] of Object.entries(opts.files ?? {})) if (f) form.append(k, f)
    xhr.send(form)
  })
}
