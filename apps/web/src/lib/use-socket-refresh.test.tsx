import type { ReactNode } from 'react'
import type { Server, Socket as ServerSocket } from 'socket.io'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { renderHook } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RealtimeEvent } from '@mouthpiece/contracts/realtime/events'
import { clearCookies } from '../test/fake-fetch'
import { startRealtimeTestServer } from './realtime-test-server'
import { clearAdminKey, saveAdminKey } from './session'
import { closeRealtime } from './socket'
import { useSocketRefresh } from './use-socket-refresh'

let server: Awaited<ReturnType<typeof startRealtimeTestServer>>
let io: Server
let connected: ServerSocket[]

beforeAll(async () => {
  server = await startRealtimeTestServer({}, ['key-1'])
  io = server.io
  connected = server.sockets
})
afterAll(async () => {
  closeRealtime()
  await server.close()
})
afterEach(() => {
  closeRealtime()
  clearAdminKey()
  clearCookies()
})

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 5000, interval: 20 })

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
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
    const { unmount } = renderHook(() => useSocketRefresh(RealtimeEvent.adProject, ['admin', 'scraper'], (p) => heard.push(String(p.type))), { wrapper })

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
