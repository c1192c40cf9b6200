import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { defineRoute } from '@mouthpiece/contracts/define-route'
import { ADMIN_KEY_COOKIE, USER_TOKEN_COOKIE } from '@mouthpiece/contracts/constants'
import { api, request, ApiError } from './api'
import { browser } from './browser'
import { clearUserSession, saveAdminKey, saveUserSession } from './session'
import { clearCookies, fakeFetch } from '../test/fake-fetch'

const list = defineRoute({
  method: 'GET',
  path: '/api/things/:kind',
  auth: 'user',
  params: z.object({ kind: z.string() }),
  query: z.object({ page: z.number(), keySearch: z.string().optional() }),
  response: z.object({ list: z.array(z.string()) }),
})
const save = defineRoute({
  method: 'POST',
  path: '/api/things/save',
  auth: 'admin',
  body: z.object({ name: z.string() }),
  response: z.object({ ok: z.literal(true) }),
})
const open = defineRoute({
  method: 'POST',
  path: '/api/open',
  auth: 'public',
  body: z.object({ a: z.number() }),
  response: z.object({}),
})

describe('api client', () => {
  beforeEach(() => clearCookies())
  afterEach(() => vi.unstubAllGlobals())

  it('GET fills path params, sends the payload as query parameters and the user bearer token', async () => {
    saveUserSession('user-token-1')
    const server = fakeFetch({ 'GET /api/things/clips': () => ({ body: { list: ['a'] } }) })
    const result = await api(list, { params: { kind: 'clips' }, query: { page: 2, keySearch: undefined } })
    expect(result).toEqual({ list: ['a'], status: 1 })
    const call = server.calls[0]!
    expect(call.query.get('page')).toBe('2')
    expect(call.query.has('keySearch')).toBe(false)
    expect(call.headers.Authorization).toBe('Bearer user-token-1')
    expect(call.body).toBeUndefined()
  })

  it('other methods send a JSON body and the admin key for admin routes', async () => {
    saveUserSession('user-token-1')
    saveAdminKey('admin-key-9')
    const server = fakeFetch({ 'POST /api/things/save': () => ({ body: { ok: true } }) })
    await api(save, { body: { name: 'x' } })
    expect(server.calls[0]!.body).toEqual({ name: 'x' })
    expect(server.calls[0]!.headers.Authorization).toBe('Bearer admin-key-9')
    expect(server.calls[0]!.headers['Content-Type']).toBe('application/json')
  })

  it('public routes send no token', async () => {
    saveUserSession('user-token-1')
    const server = fakeFetch({ 'POST /api/open': () => ({ body: {} }) })
    await api(open, { body: { a: 1 } })
    expect(server.calls[0]!.headers.Authorization).toBeUndefined()
  })

  it('a network failure becomes status 0 with the generic message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    expect(await api(open, { body: { a: 1 } })).toEqual({
      status: 0,
      message: 'Something went wrong. Try again!',
      httpStatus: 0,
    })
  })

  it('a 401 on a user call drops the token and sends the browser to /login', async () => {
    saveUserSession('stale')
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {})
    fakeFetch({
      'GET /api/things/clips': () => ({
        status: 401,
        body: { message: 'Please log in to continue', code: 'unauthorized' },
      }),
    })
    const result = await api(list, { params: { kind: 'clips' }, query: { page: 1 } })
    expect(result).toMatchObject({ status: 0, message: 'Please log in to continue', httpStatus: 401 })
    expect(document.cookie).not.toContain(USER_TOKEN_COOKIE)
    expect(assign).toHaveBeenCalledWith('/login')
    assign.mockRestore()
  })

  it('a 401 answering a call sent before this tab signed out leaves the page alone', async () => {
    saveUserSession('old-session')
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {})
    let answer!: () => void
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = () =>
              resolve(
                new Response(JSON.stringify({ message: 'Please log in to continue', code: 'unauthorized' }), {
                  status: 401,
                }),
              )
          }),
      ),
    )
    const pending = api(list, { params: { kind: 'clips' }, query: { page: 1 } })
    clearUserSession()
    answer()
    expect(await pending).toMatchObject({ status: 0, httpStatus: 401 })
    expect(assign).not.toHaveBeenCalled()
    assign.mockRestore()
  })

  it('a 401 on an admin call clears the admin key but does not leave the admin area', async () => {
    saveAdminKey('old')
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {})
    fakeFetch({
      'POST /api/things/save': () => ({
        status: 401,
        body: { message: 'Please log in', code: 'unauthorized' },
      }),
    })
    await api(save, { body: { name: 'x' } })
    expect(document.cookie).not.toContain(ADMIN_KEY_COOKIE)
    expect(assign).not.toHaveBeenCalled()
    assign.mockRestore()
  })

  it('request() throws an ApiError carrying the normalised failure', async () => {
    fakeFetch({
      'POST /api/open': () => ({
        status: 400,
        body: { message: 'Bad a#detail', code: 'validation', errors: { a: ['Bad a'] } },
      }),
    })
    const error = await request(open, { body: { a: 1 } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('Bad a')
    expect((error as ApiError).failure.errors).toEqual({ a: ['Bad a'] })
  })
})
