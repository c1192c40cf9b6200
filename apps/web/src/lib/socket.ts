import type { io as Io, ManagerOptions, Socket, SocketOptions } from 'socket.io-client'
import { REALTIME_PATH, REALTIME_UNAUTHORIZED, RealtimePayload } from '@mouthpiece/contracts/realtime/events'
import type {
  RealtimeEventName,
  RealtimeHandshakeAuth,
  RealtimePayloads,
} from '@mouthpiece/contracts/realtime/events'
import { API_BASE_URL } from './api'
import { getAdminKey, getUserToken } from './session'

/**
 * The signed-in user's real-time connection (SPEC §7): one socket.io connection per tab, shared by
 * every feature. The server puts the socket in the room named for the user id, so all that reaches
 * it is this user's events; a tab signed into the back office also offers its admin key and hears
 * the admins' events (stress-test progress). The connection opens with the first subscriber, reconnects by itself
 * after network drops, and closes shortly after the last subscriber leaves (a short grace period so
 * a header re-mounting on navigation does not reconnect).
 *
 * The socket.io client is loaded with the first connection, not with the app: signed-out pages
 * (the landing page) never need it, so they never download it.
 */

export type RealtimeHandler<E extends RealtimeEventName> = (payload: RealtimePayloads[E]) => void
export type ConnectionListener = (connected: boolean) => void

/** How long the socket stays open with no subscribers. */
export const IDLE_DISCONNECT_MS = 1000

type AnyHandler = (payload: unknown) => void

const handlers = new Map<string, Set<AnyHandler>>()
const connectionListeners = new Set<ConnectionListener>()
let socket: Socket | null = null
/** The credentials the current (or loading) socket signed in with: others (a different user, an admin signing in or out) need a new socket. */
let socketKey: string | null = null
/** Bumped by every open and close, so a client that finished loading after a close is not used. */
let generation = 0
let idleTimer: ReturnType<typeof setTimeout> | null = null

function subscriberCount(): number {
  let n = 0
  for (const set of handlers.values()) n += set.size
  return n
}

function isRealtimeEvent(event: string): event is RealtimeEventName {
  return Object.hasOwn(RealtimePayload, event)
}

/** Hands an incoming event to its subscribers; payloads that break the contract are dropped. */
function dispatch(event: string, payload: unknown) {
  const set = handlers.get(event)
  if (!set?.size || !isRealtimeEvent(event)) return
  const parsed = RealtimePayload[event].safeParse(payload)
  if (!parsed.success) {
    console.warn(`[realtime] ignored a malformed ${event}`, parsed.error.issues)
    return
  }
  for (const handler of [...set]) {
    try {
      handler(parsed.data)
    } catch (error) {
      // One feature's bug must not stop the others from hearing the event.
      console.error(`[realtime] a ${event} handler failed`, error)
    }
  }
}

function notifyConnection(connected: boolean) {
  for (const listener of [...connectionListeners]) listener(connected)
}

function createSocket(io: typeof Io): Socket {
  const options: Partial<ManagerOptions & SocketOptions> = {
    path: REALTIME_PATH,
    // Read at every (re)connection attempt, so a refreshed token is used and never a stale one.
    auth: (cb) => cb(handshakeAuth()),
    withCredentials: Boolean(API_BASE_URL),
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
  }
  const s = API_BASE_URL ? io(API_BASE_URL, options) : io(options)
  s.onAny((event: string, payload: unknown) => dispatch(event, payload))
  s.on('connect', () => notifyConnection(true))
  s.on('disconnect', () => notifyConnection(false))
  s.on('connect_error', (error: Error) => {
    // A refused handshake (signed out, expired token) is not retried by socket.io; the next
    // subscriber or `ensureRealtime()` tries again with whatever token the cookie then holds.
    if (error.message === REALTIME_UNAUTHORIZED) console.warn('[realtime] the server refused the session')
  })
  return s
}

/** What the socket offers: the user token and the admin key, whichever this tab holds. */
function handshakeAuth(): RealtimeHandshakeAuth {
  const token = getUserToken()
  const adminKey = getAdminKey()
  return { ...(token ? { token } : {}), ...(adminKey ? { adminKey } : {}) }
}

function open(key: string) {
  const mine = ++generation
  socketKey = key
  void import('socket.io-client').then(
    ({ io }) => {
      if (mine === generation) socket = createSocket(io)
    },
    (error: unknown) => {
      // A chunk lost to a deploy or the network: the next `ensureRealtime()` tries again.
      if (mine !== generation) return
      socketKey = null
      console.warn('[realtime] could not load the realtime client', error)
    },
  )
}

function close() {
  if (idleTimer) clearTimeout(idleTimer)
  idleTimer = null
  generation++
  socketKey = null
  if (!socket) return
  const old = socket
  socket = null
  old.removeAllListeners()
  old.offAny()
  old.disconnect()
  notifyConnection(false)
}

/**
 * Opens (or re-opens) the connection when someone listens and a user or an admin is signed in. Safe
 * to call any time, e.g. after sign-in or when the page comes back online.
 */
export function ensureRealtime(): void {
  if (subscriberCount() === 0) return
  const { token, adminKey } = handshakeAuth()
  if (!token && !adminKey) {
    close()
    return
  }
  const key = JSON.stringify([token ?? '', adminKey ?? ''])
  if (socketKey === key) {
    // `active` is false only after a refused handshake or a manual disconnect. No socket yet: the
    // client is still loading and connects when it arrives.
    if (socket && !socket.active) socket.connect()
    return
  }
  close()
  open(key)
}

/**
 * Calls `handler` with each `event` pushed to the signed-in user (or admin), its payload checked against the
 * contract. Returns the unsubscribe function (safe to call twice).
 */
export function subscribe<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): () => void {
  const fn = handler as AnyHandler
  let set = handlers.get(event)
  if (!set) handlers.set(event, (set = new Set()))
  set.add(fn)
  if (idleTimer) clearTimeout(idleTimer)
  idleTimer = null
  ensureRealtime()
  let active = true
  return () => {
    if (!active) return
    active = false
    handlers.get(event)?.delete(fn)
    if (subscriberCount() === 0 && !idleTimer) idleTimer = setTimeout(close, IDLE_DISCONNECT_MS)
  }
}

/**
 * Hears the connection come up (true, also after every reconnection) and go down (false). A
 * feature uses it to refetch what it may have missed while disconnected. Does not open the socket.
 */
export function onConnectionChange(listener: ConnectionListener): () => void {
  connectionListeners.add(listener)
  return () => {
    connectionListeners.delete(listener)
  }
}

export function isRealtimeConnected(): boolean {
  return socket?.connected ?? false
}

/** Closes the connection now (sign-out); subscribers stay registered and the next `ensureRealtime` reopens it. */
export function closeRealtime(): void {
  close()
}

if (typeof window !== 'undefined') {
  // Back online after a long sleep: socket.io may have given up waiting; nudge it.
  window.addEventListener('online', () => ensureRealtime())
}
