import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from 'socket.io'
import type { Socket } from 'socket.io'
import { REALTIME_PATH, REALTIME_UNAUTHORIZED } from '@mouthpiece/contracts/realtime/events'
import type {
  RealtimeEventName,
  RealtimeHandshakeAuth,
  RealtimePayloads,
} from '@mouthpiece/contracts/realtime/events'

/**
 * For tests: a socket.io server that speaks our handshake (user token in `auth.token`, one room per
 * user id; admin key in `auth.adminKey`, the admins' room; the contract's refusal message), served
 * on the page's own origin as in production. `tokens` maps the tokens it accepts to user ids,
 * `adminKeys` lists the admin keys it accepts.
 */
export async function startRealtimeTestServer(tokens: Record<string, number>, adminKeys: string[] = []) {
  const http = createServer()
  const io = new Server(http, { path: REALTIME_PATH })
  const sockets: Socket[] = []
  io.use((socket, next) => {
    const { token = '', adminKey = '' } = socket.handshake.auth as RealtimeHandshakeAuth
    const userId = tokens[token]
    const admin = adminKeys.includes(adminKey)
    if (!userId && !admin) return next(new Error(REALTIME_UNAUTHORIZED))
    if (userId) void socket.join(String(userId))
    if (admin) void socket.join('admins')
    next()
  })
  io.on('connection', (s) => {
    sockets.push(s)
    s.on('disconnect', () => sockets.splice(sockets.indexOf(s), 1))
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  // The page (happy-dom) moves to the server's origin, as the built app is served by the API.
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/`,
  )
  return {
    io,
    /** Sockets connected right now. */
    sockets,
    emitToUser<E extends RealtimeEventName>(
      userId: number,
      event: E,
      payload: RealtimePayloads[E] | Record<string, unknown>,
    ) {
      io.to(String(userId)).emit(event, payload)
    },
    close: () => io.close(),
  }
}
