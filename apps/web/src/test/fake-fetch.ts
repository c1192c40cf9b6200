import { vi } from 'vitest'

/** A stand-in for the server at the fetch boundary: answers by "METHOD /path" and records every call. */
export interface FakeCall {
  method: string
  path: string
  query: URLSearchParams
  headers: Record<string, string>
  body: unknown
}
export type FakeAnswer =
  | { status?: number; statusText?: string; body?: unknown }
  | Promise<{ status?: number; statusText?: string; body?: unknown }>
export type FakeHandler = (call: FakeCall) => FakeAnswer

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
}

export function fakeFetch(routes: Record<string, FakeHandler>) {
  const calls: FakeCall[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost')
    const method = init?.method ?? 'GET'
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>))
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body
    const call = { method, path: url.pathname, query: url.searchParams, headers, body }
    calls.push(call)
    const handler = routes[`${method} ${url.pathname}`]
    const answer = handler
      ? await handler(call)
      : { status: 404, body: { message: 'This page could not be found', code: 'not_found' } }
    const status = answer.status ?? 200
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status,
      statusText: answer.statusText ?? STATUS_TEXT[status] ?? '',
      headers: { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fn)
  return { calls, fn }
}

export const sampleUser = {
  id: 7,
  username: 'streamer',
  email: 'streamer@example.com',
  is_enabled: true,
  is_super_user: false,
  is_grandfather: false,
  created_at: '2026-01-02T03:04:05.000Z',
}

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`
  }
}
