import { createElement } from 'react'
import type { ReactNode } from 'react'
import type { Server, Socket as ServerSocket } from 'socket.io'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { renderHook } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import type { Notification } from '@mouthpiece/contracts/notifications/notifications.schemas'
import { clearCookies } from '../test/fake-fetch'
import { startRealtimeTestServer } from './realtime-test-server'
import type { StressTest } from '@mouthpiece/contracts/operations/stress-tests.contract'
import { clearAdminKey, saveAdminKey, saveUserSession } from './session'
import { closeRealtime, ensureRealtime, isRealtimeConnected, onConnectionChange, subscribe } from './socket'
import { useSocketRefresh } from './use-socket-refresh'

let server: Awaited<ReturnType<typeof startRealtimeTestServer>>
let io: Server
let connected: ServerSocket[]

const run: StressTest = {
  session_id: '00000000-0000-4000-8000-000000000001',
  target: 'voice',
  status: 'running',
  requests: 10,
  concurrency: 1,
  duration_s: 60,
  done: 4,
  ok: 4,
  errors: 0,
  yielded_ms: 0,
  throughput_rps: 2,
  latency_ms: null,
  histogram: [],
  error_samples: [],
  stop_requested: false,
  created_by: 'admin',
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: '2026-01-01T00:00:01.000Z',
  finished_at: null,
}
const note = (id: number): Notification => ({
  id,
  content: `Note ${id}`,
  type: 1,
  seen: false,
  time_created: 1_800_000_000,
})

beforeAll(async () => {
  server = await startRealtimeTestServer({ 'tok-7': 7, 'tok-8': 8 }, ['key-1'])
  io = server.io
  connected = server.sockets
})
afterAll(async () => {
  closeRealtime()
  await server.close()
})
const until = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 20 })

afterEach(async () => {
  closeRealtime()
  clearCookies()
  // The server hears the close a moment later; the next test counts the server's sockets.
  await until(() => connected.length === 0)
})

describe('realtime connection', () => {
  it('one connection per tab, signed in with the user cookie, events reach every subscriber of that user', async () => {
    saveUserSession('tok-7')
    const first = vi.fn()
    const second = vi.fn()
    const offFirst = subscribe(RealtimeEvent.receiveNotification, first)
    const offSecond = subscribe(RealtimeEvent.receiveNotification, second)
    await until(() => isRealtimeConnected())
    expect(connected).toHaveLength(1)
    expect(connected[0]?.handshake.auth).toEqual({ token: 'tok-7' })

    io.to('7').emit(RealtimeEvent.receiveNotification, { newNotification: note(1) })
    io.to('8').emit(RealtimeEvent.receiveNotification, { newNotification: note(2) })
    await until(() => second.mock.calls.length === 1)
    expect(first).toHaveBeenCalledWith({ newNotification: note(1) })
    expect(second).toHaveBeenCalledWith({ newNotification: note(1) })

    // A payload that breaks the contract is dropped, not handed on.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    io.to('7').emit(RealtimeEvent.receiveNotification, { newNotification: { id: 'x' } })
    offFirst()
    offFirst()
    io.to('7').emit(RealtimeEvent.receiveNotification, { newNotification: note(3) })
    await until(() => second.mock.calls.length === 2)
    expect(second).toHaveBeenLastCalledWith({ newNotification: note(3) })
    expect(first).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()

    offSecond()
    // The last subscriber gone, the connection closes after its grace period.
    await until(() => connected.length === 0)
    expect(isRealtimeConnected()).toBe(false)
  })

  it('resubscribing within the grace period keeps the same connection', async () => {
    saveUserSession('tok-7')
    const off = subscribe(RealtimeEvent.receiveNotification, () => {})
    await until(() => isRealtimeConnected())
    const socketId = connected[0]?.id
    off()
    const offAgain = subscribe(RealtimeEvent.receiveNotification, () => {})
    await new Promise((r) => setTimeout(r, 1200))
    expect(connected.map((s) => s.id)).toEqual([socketId])
    offAgain()
  })

  it('reconnects by itself after the connection drops, and says so', async () => {
    saveUserSession('tok-7')
    const states: boolean[] = []
    const offState = onConnectionChange((c) => states.push(c))
    const handler = vi.fn()
    const off = subscribe(RealtimeEvent.receiveNotification, handler)
    await until(() => states.includes(true))
    connected[0]?.conn.close()
    await until(() => states.join() === 'true,false,true')
    io.to('7').emit(RealtimeEvent.receiveNotification, { newNotification: note(4) })
    await until(() => handler.mock.calls.length === 1)
    off()
    offState()
  })

  it('a back-office tab offers its admin key and hears the admins’ room; signing in or out changes the connection', async () => {
    saveAdminKey('key-1')
    const handler = vi.fn()
    const off = subscribe(RealtimeEvent.stressTest, handler)
    await until(() => isRealtimeConnected())
    expect(connected.map((s) => s.handshake.auth)).toEqual([{ adminKey: 'key-1' }])
    io.to('admins').emit(RealtimeEvent.stressTest, { stress_test: run })
    await until(() => handler.mock.calls.length === 1)
    expect(handler).toHaveBeenCalledWith({ stress_test: run })

    // The user signs in too: one connection offering both.
    saveUserSession('tok-7')
    ensureRealtime()
    await until(
      () => connected.length === 1 && (connected[0]?.handshake.auth as { token?: string }).token === 'tok-7',
    )
    expect(connected[0]?.handshake.auth).toEqual({ token: 'tok-7', adminKey: 'key-1' })
    // The admin signs out: the connection goes on as the user's alone.
    clearAdminKey()
    ensureRealtime()
    await until(() => connected.length === 1 && !('adminKey' in (connected[0]?.handshake.auth as object)))
    expect(connected[0]?.handshake.auth).toEqual({ token: 'tok-7' })
    off()
  })

  it('a refused session stays closed until a valid token is there; another user gets a new connection', async () => {
    saveUserSession('tok-unknown')
    const states: boolean[] = []
    const offState = onConnectionChange((c) => states.push(c))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const off = subscribe(RealtimeEvent.receiveNotification, () => {})
    await until(() => warn.mock.calls.some((c) => String(c[0]).includes('refused')))
    expect(isRealtimeConnected()).toBe(false)
    warn.mockRestore()

    saveUserSession('tok-8')
    ensureRealtime()
    await until(() => isRealtimeConnected())
    expect(connected.map((s) => s.handshake.auth)).toEqual([{ token: 'tok-8' }])

    // Signed out: nothing to connect with.
    clearCookies()
    ensureRealtime()
    expect(isRealtimeConnected()).toBe(false)
    await until(() => connected.length === 0)
    off()
    offState()
  })
})

describe('useSocketRefresh', () => {
  it('hands each push to the caller, reads the refresh key again after every (re)connection, and stops on unmount', async () => {
    saveAdminKey('key-1')
    const client = new QueryClient()
    const refreshed: unknown[] = []
    vi.spyOn(client, 'invalidateQueries').mockImplementation((filters) => {
      refreshed.push(filters?.queryKey)
      return Promise.resolve()
    })
    const heard: string[] = []
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children)
    const { unmount } = renderHook(
      () =>
        useSocketRefresh(RealtimeEvent.adProject, ['admin', 'scraper'], (p) => heard.push(String(p.type))),
      { wrapper },
    )

    await until(() => refreshed.length === 1)
    expect(refreshed).toEqual([['admin', 'scraper']])
    io.to('admins').emit(RealtimeEvent.adProject, { type: 'scrape' })
    await until(() => heard.length === 1)
    expect(heard).toEqual(['scrape'])

    connected.at(-1)?.conn.close()
    await until(() => refreshed.length === 2)
    expect(refreshed[1]).toEqual(['admin', 'scraper'])

    unmount()
    io.to('admins').emit(RealtimeEvent.adProject, { type: 'image-search' })
    await new Promise((r) => setTimeout(r, 200))
    expect(heard).toEqual(['scrape'])
  })
})
