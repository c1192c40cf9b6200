import { EventEmitter } from 'node:events'
import pg from 'pg'
import { notify } from '../../../platform/db/notify'
import type { Database, Queryable } from '../../../platform/db/client'

/**
 * NOTIFY channel of ready alerts: payload `<userId>:<alertId>`, or `<userId>:<tipId>:<what>` for
 * tip videos. A plain identifier (PGlite does not quote).
 */
const CHANNEL = 'mp_donation_alerts'

/** What the overlay is told: an alert to play, a tip video to play, or a tip video to stop. */
export type OverlayDelivery = 'alert' | 'video' | 'stop-video'
const DELIVERIES: readonly string[] = ['alert', 'video', 'stop-video'] satisfies OverlayDelivery[]

/**
 * Tells every API process that an alert is ready for a creator's overlay. The alert job publishes
 * inside the transaction that marks the alert `speaking`, so the news leaves exactly when the row
 * commits (NOTIFY is transactional), from whichever process ran the job. Each API process listens
 * once (PGlite: in-process; PostgreSQL: one dedicated connection) and fans out to its open overlay
 * streams. The payload is only ids: the stream reads the alert itself.
 *
 * The socket.io rooms of platform/realtime are per signed-in user; the overlay is a public page
 * holding only its secret key, so it has its own stream and this bus rather than a user's room.
 */
export interface OverlayBus {
  publish(q: Queryable, userId: number, alertId: number, what?: OverlayDelivery): Promise<void>
  subscribe(userId: number, listener: (alertId: number, what: OverlayDelivery) => void): () => void
  close(): Promise<void>
}

export function createOverlayBus(database: Database): OverlayBus {
  const local = new EventEmitter()
  local.setMaxListeners(0)
  let listening: Promise<() => Promise<void>> | null = null
  let closed = false

  const deliver = (payload: string) => {
    const [user, alert, what = 'alert'] = payload.split(':')
    if (Number.isInteger(Number(user)) && Number.isInteger(Number(alert)) && DELIVERIES.includes(what))
      local.emit(String(Number(user)), Number(alert), what)
  }

  const listen = async (): Promise<() => Promise<void>> => {
    if (database.pglite) return database.pglite.listen(CHANNEL, deliver)
    return listenOnPostgres(database, deliver, () => closed)
  }

  return {
    async publish(q, userId, alertId, what = 'alert') {
      await notify(q, CHANNEL, what === 'alert' ? `${userId}:${alertId}` : `${userId}:${alertId}:${what}`)
    },
    subscribe(userId, listener) {
      listening ??= listen().catch((err: unknown) => {
        console.error('[donations] overlay bus cannot listen:', (err as Error).message)
        listening = null
        return async () => {}
      })
      const key = String(userId)
      local.on(key, listener)
      return () => {
        local.off(key, listener)
      }
    },
    async close() {
      closed = true
      local.removeAllListeners()
      if (listening) await (await listening)().catch(() => {})
    },
  }
}

/** A dedicated LISTEN connection with the pool's settings, reconnecting with backoff if it drops. */
async function listenOnPostgres(
  database: Database,
  deliver: (payload: string) => void,
  isClosed: () => boolean,
) {
  const pool = (database.db as unknown as { $client?: pg.Pool }).$client
  if (!pool) throw new Error('no node-postgres pool to take connection settings from')
  let client: pg.Client | null = null
  let delay = 500
  const connect = async () => {
    const c = new pg.Client(pool.options)
    c.on('notification', (msg) => {
      if (msg.channel === CHANNEL && msg.payload) deliver(msg.payload)
    })
    c.on('error', (err) => {
      console.error('[donations] overlay bus connection lost:', err.message)
      client = null
      void c.end().catch(() => {})
      if (!isClosed()) setTimeout(() => void connect().catch(() => {}), delay).unref()
      delay = Math.min(delay * 2, 10_000)
    })
    await c.connect()
    await c.query(`LISTEN ${CHANNEL}`)
    client = c
    delay = 500
  }
  await connect()
  return async () => {
    const c = client
    client = null
    if (c) await c.end()
  }
}
