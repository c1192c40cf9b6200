import type { AddressInfo } from 'node:net'
import { io as connectSocket } from 'socket.io-client'
import type { Socket } from 'socket.io-client'
import type {
  RealtimeEventName,
  RealtimeHandshakeAuth,
  RealtimePayloads,
} from '@mouthpiece/contracts/realtime/events'
import type { TestApp } from './harness'

/** The app's base URL, listening on a free loopback port (sockets need a real server, not inject). */
export async function listenTestApp(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
}

/** Every payload of `event` the socket hears from now on (a second event on a page `openSocket` opened). */
export function recordEvent<E extends RealtimeEventName>(
  socket: Socket,
  event: E,
): Array<RealtimePayloads[E]> {
  const heard: Array<RealtimePayloads[E]> = []
  // socket.io types an event name it does not know as untyped: the payload type is ours.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  socket.on(event as string, (p: RealtimePayloads[E]) => heard.push(p))
  return heard
}

/** A page's socket, as the web client opens it, recording every payload of `event` it hears. */
export async function openSocket<E extends RealtimeEventName>(
  base: string,
  auth: RealtimeHandshakeAuth,
  event: E,
) {
  const socket: Socket = connectSocket(base, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  })
  const heard = recordEvent(socket, event)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })
  return { socket, heard }
}
