import { Server } from 'socket.io'
import type { Socket } from 'socket.io'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { createAdapter } from '@socket.io/postgres-adapter'
import { REALTIME_PATH, REALTIME_UNAUTHORIZED } from '@mouthpiece/contracts/realtime/events'
import type {
  RealtimeEventName,
  RealtimeHandshakeAuth,
  RealtimePayloads,
} from '@mouthpiece/contracts/realtime/events'
import { USER_TOKEN_COOKIE } from '@mouthpiece/contracts/constants'
import type { Database, Queryable } from '../db/client'
import { ensureAttachmentsTable, sweepAttachments } from './attachments.repo'
import { createBroadcast, createDisconnect, decodeMessage, publish } from './wire'
import type { WireMessage } from './wire'

/**
 * Resolves a user token (the one the HTTP API takes as bearer) to its user and session, or null
 * (also for a user the socket must not serve).
 */
export type SocketUserResolver = (token: string) => Promise<{ id: number; sessionId: string } | null>
/** Resolves an admin key (the admin API's bearer) to its admin session, or null. */
export type SocketAdminResolver = (key: string) => Promise<{ sessionId: string } | null>

/** Whose sockets to disconnect: one session's (logout), or a user's (all, or all but one session). */
export type DisconnectTarget = { sessionId: string } | { userId: number; exceptSessionId?: string }

export interface Realtime {
  /**
   * Pushes an event to every socket of one user, in every API process. With `tx`, the event leaves
   * only when that transaction commits (PostgreSQL NOTIFY is transactional), so a rolled-back change
   * never announces itself.
   */
  emitToUser<E extends RealtimeEventName>(
    userId: number,
    event: E,
    payload: RealtimePayloads[E],
    opts?: { tx?: Queryable },
  ): Promise<void>
  /**
   * Pushes a back-office event to every socket signed in with an admin key, in every API process
   * (never to a user's socket). With `tx`, only once that transaction commits.
   */
  emitToAdmins<E extends RealtimeEventName>(
    event: E,
    payload: RealtimePayloads[E],
    opts?: { tx?: Queryable },
  ): Promise<void>
  /**
   * Disconnects sockets opened with sessions that were just revoked, in every API process. With
   * `tx`, only once that transaction commits (and not at all if it rolls back).
   */
  disconnect(target: DisconnectTarget, opts?: { tx?: Queryable }): Promise<void>
  /**
   * Serves sockets on the app's HTTP server (path /socket.io). API processes only. A socket needs a
   * live user token or admin key (or both): the user's goes in the user's rooms, the admin's in
   * the admins' room, each with its session's room so a logout closes it.
   */
  attach(app: FastifyInstance, resolve: { user: SocketUserResolver; admin: SocketAdminResolver }): void
  /**
   * SIGTERM in an API process: refuses new sockets and drops every open one's transport. Clients
   * see a transport close, not a server disconnect, so they reconnect by themselves — through the
   * balancer, to a process that is staying.
   */
  drain(): void
  close(): Promise<void>
}

export interface RealtimeOptions {
  database: Database
  /** The PostgreSQL URL of `database` (the adapter needs its own LISTEN connection). */
  databaseUrl?: string
  /** false in `work` processes: they only publish. */
  serveSockets: boolean
}

/** The socket.io room of a user: SPEC §7 "a channel named for the user id". */
export const userRoom = (userId: number) => String(userId)
/** The room of the sockets one session opened, so a logout can close exactly those. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`
/** The room of every admin's sockets (admins have ids of their own, so never a user's room). */
export const ADMINS_ROOM = 'admins'

/**
 * Real-time pushes. Every emit is a NOTIFY in the wire format of @socket.io/postgres-adapter
 * (the same one its emitter speaks), so API processes, worker processes and transactions all
 * publish the same way. On PostgreSQL the adapter in each API process listens and delivers; on
 * PGlite (one process) this process listens itself and delivers through the in-memory adapter.
 */
export async function startRealtime(opts: RealtimeOptions): Promise<Realtime> {
  const { database } = opts
  const engine = database.kind
  if (engine === 'postgres' && opts.serveSockets && !opts.databaseUrl)
    throw new Error('startRealtime: databaseUrl is required on PostgreSQL')
  await ensureAttachmentsTable(database.db)

  let io: Server | undefined
  let pool: pg.Pool | undefined
  let unlisten: (() => Promise<void>) | undefined
  let cleanup: NodeJS.Timeout | undefined
  let attached = false

  if (opts.serveSockets) {
    if (engine === 'postgres') {
      pool = new pg.Pool({
        connectionString: opts.databaseUrl,
        max: 3,
        application_name: 'mouthpiece-realtime',
      })
      pool.on('error', (err) => console.error('[realtime]', err.message))
      io = new Server({
        path: REALTIME_PATH,
        serveClient: false,
        adapter: createAdapter(pool, { errorHandler: (err) => console.error('[realtime]', err.message) }),
      })
    } else {
      io = new Server({ path: REALTIME_PATH, serveClient: false })
      const server = io
      const deliver = async (text: string) => {
        const message = await decodeMessage(database.db, text)
        if (message) deliverLocally(server, message)
      }
      unlisten = await database.pglite!.listen(channelOf(database), (text) => {
        deliver(text).catch((err: unknown) => console.error('[realtime]', (err as Error).message))
      })
      // The postgres adapter sweeps its attachments table; on PGlite nobody else does.
      cleanup = setInterval(() => {
        sweepAttachments(database.db).catch(() => {})
      }, 30_000)
      cleanup.unref()
    }
  }

  return {
    async emitToUser(userId, event, payload, emitOpts = {}) {
      const message = createBroadcast([userRoom(userId)], event, payload)
      await publish(emitOpts.tx ?? database.db, channelOf(database), message)
    },
    async emitToAdmins(event, payload, emitOpts = {}) {
      await publish(
        emitOpts.tx ?? database.db,
        channelOf(database),
        createBroadcast([ADMINS_ROOM], event, payload),
      )
    },
    async disconnect(target, disconnectOpts = {}) {
      const message =
        'sessionId' in target
          ? createDisconnect([sessionRoom(target.sessionId)])
          : createDisconnect(
              [userRoom(target.userId)],
              target.exceptSessionId ? [sessionRoom(target.exceptSessionId)] : [],
            )
      await publish(disconnectOpts.tx ?? database.db, channelOf(database), message)
    },
    attach(app, resolve) {
      if (!io) throw new Error('realtime: this process does not serve sockets')
      if (attached) return
      attached = true
      const server = io
      server.use((socket, next) => {
        authenticate(socket, resolve, app).then(
          () => next(),
          () => next(new Error(REALTIME_UNAUTHORIZED)),
        )
      })
      server.attach(app.server)
      // Open sockets would keep the HTTP server from closing.
      app.addHook('preClose', async () => {
        server.local.disconnectSockets(true)
        server.engine.close()
      })
    },
    drain() {
      if (!io || !attached) return
      io.engine.opts.allowRequest = (_req, callback) => callback('draining', false)
      io.engine.close()
    },
    async close() {
      if (cleanup) clearInterval(cleanup)
      if (unlisten) await unlisten().catch(() => {})
      if (io) {
        if (attached) await io.close()
        else await io.of('/').adapter.close()
      }
      if (pool) await pool.end()
    },
  }
}

function channelOf(database: Database) {
  // PGlite's listen() does not quote the channel name, so it gets a plain identifier.
  return database.kind === 'postgres' ? 'socket.io#/' : 'mp_realtime'
}

/** The handshake's `auth` as sent: anything may arrive. */
type Offered = { [K in keyof RealtimeHandshakeAuth]?: unknown }

async function authenticate(
  socket: Socket,
  resolve: { user: SocketUserResolver; admin: SocketAdminResolver },
  app: FastifyInstance,
) {
  const token = tokenOf(socket, app)
  const { adminKey } = socket.handshake.auth as Offered
  const [user, admin] = await Promise.all([
    token ? resolve.user(token) : null,
    typeof adminKey === 'string' && adminKey ? resolve.admin(adminKey) : null,
  ])
  if (!user && !admin) throw new Error(REALTIME_UNAUTHORIZED)
  const rooms: string[] = []
  if (user) {
    ;(socket.data as { userId?: number }).userId = user.id
    rooms.push(userRoom(user.id), sessionRoom(user.sessionId))
  }
  if (admin) rooms.push(ADMINS_ROOM, sessionRoom(admin.sessionId))
  await socket.join(rooms)
}

/** The user token from `auth: { token }`, else the bearer header, else the user cookie (same origin). */
function tokenOf(socket: Socket, app: FastifyInstance): string | undefined {
  const auth = socket.handshake.auth as Offered
  if (typeof auth.token === 'string' && auth.token) return auth.token
  const header = socket.handshake.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined
  const cookie = socket.handshake.headers.cookie
  if (cookie) return app.parseCookie(cookie)[USER_TOKEN_COOKIE] || undefined
  return undefined
}

function deliverLocally(io: Server, message: WireMessage) {
  if (message.type === 6) {
    const { rooms, except } = message.data.opts
    io.of(message.nsp).local.in(rooms).except(except).disconnectSockets(message.data.close)
    return
  }
  const { packet, opts } = message.data
  const [event, ...args] = packet.data
  if (typeof event !== 'string') return
  let target = io.of(message.nsp).local
  if (opts.rooms.length > 0) target = target.to(opts.rooms)
  if (opts.except.length > 0) target = target.except(opts.except)
  target.emit(event, ...args)
}
