import { routePath } from '@mouthpiece/contracts/define-route'
import type { RouteDef } from '@mouthpiece/contracts/define-route'
import type { ApiResult } from './api-result'
import { networkFailure, normalise } from './api-result'
import { API_BASE_URL } from './api'
import { tokenFor } from './session'

/**
 * SPEC §7 blob downloads (CSV exports): fetched with the role's bearer token, then handed to the
 * browser as a file named by the server's Content-Disposition (POST downloads send `body` as JSON).
 * Failures come back normalised.
 */
export async function downloadFile(
  route: RouteDef,
  fallbackName: string,
  query?: Record<string, string>,
  params?: Record<string, string | number>,
  body?: object,
): Promise<ApiResult<{ fileName: string }>> {
  const qs = query ? `?${new URLSearchParams(query).toString()}` : ''
  const headers: Record<string, string> = body ? { 'Content-Type': 'application/json' } : {}
  const token = tokenFor(route.auth)
  if (token) headers.Authorization = `Bearer ${token}`
  let res: Response
  try {
    res = await fetch(API_BASE_URL + routePath(route.path, params) + qs, {
      method: route.method,
      headers,
      credentials: API_BASE_URL ? 'include' : 'same-origin',
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
  } catch {
    return networkFailure()
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => undefined)
    return normalise(res.status, res.statusText, body)
  }
  const fileName =
    /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return normalise(200, 'OK', { fileName })
}
