import { decode, encode } from '@msgpack/msgpack'
import type { Queryable } from '../db/client'
import { notify } from '../db/notify'
import { findAttachment, insertAttachment } from './attachments.repo'

/**
 * The message @socket.io/postgres-adapter (socket.io-adapter's ClusterAdapter) exchanges over
 * NOTIFY for a broadcast. uid 'emitter' marks a message from a process that has no sockets of its
 * own; every adapter, including the sender's, delivers it.
 */
export interface BroadcastMessage {
  uid: 'emitter'
  nsp: string
  /** MessageType.BROADCAST */
  type: 3
  data: {
    /** A socket.io EVENT packet (type 2): data is [event, ...args]. */
    packet: { type: 2; data: unknown[]; nsp: string }
    opts: { rooms: string[]; except: string[]; flags: Record<string, boolean> }
  }
}

/**
 * The adapter's DISCONNECT_SOCKETS message: every process disconnects its sockets in `rooms`
 * (except those also in `except`). The same message `io.in(room).disconnectSockets()` sends.
 */
export interface DisconnectMessage {
  uid: 'emitter'
  nsp: string
  /** MessageType.DISCONNECT_SOCKETS */
  type: 6
  data: { opts: { rooms: string[]; except: string[]; flags: Record<string, boolean> }; close: boolean }
}

export type WireMessage = BroadcastMessage | DisconnectMessage

/** NOTIFY payloads must stay under 8000 bytes; the adapter moves bigger ones to this table. */
const NOTIFY_PAYLOAD_LIMIT = 8000

export function createBroadcast(rooms: string[], event: string, ...args: unknown[]): BroadcastMessage {
  return {
    uid: 'emitter',
    nsp: '/',
    type: 3,
    data: { packet: { type: 2, data: [event, ...args], nsp: '/' }, opts: { rooms, except: [], flags: {} } },
  }
}

export function createDisconnect(rooms: string[], except: string[] = []): DisconnectMessage {
  return { uid: 'emitter', nsp: '/', type: 6, data: { opts: { rooms, except, flags: {} }, close: true } }
}

/** NOTIFY on `channel` through `q` (a transaction delays it to commit), large payloads by reference. */
export async function publish(q: Queryable, channel: string, message: WireMessage): Promise<void> {
  const json = JSON.stringify(message)
  if (Buffer.byteLength(json) <= NOTIFY_PAYLOAD_LIMIT) {
    await notify(q, channel, json)
    return
  }
  const bytes = Buffer.from(encode(message))
  const attachmentId = await insertAttachment(q, bytes)
  if (attachmentId === undefined) throw new Error('realtime: attachment insert returned no id')
  const header = JSON.stringify({ uid: message.uid, type: message.type, attachmentId: String(attachmentId) })
  await notify(q, channel, header)
}

/** Reads a NOTIFY payload back into a message (fetching the attachment when it was too big). */
export async function decodeMessage(q: Queryable, text: string): Promise<WireMessage | null> {
  const head = JSON.parse(text) as Partial<WireMessage> & { attachmentId?: string }
  if (head.attachmentId === undefined) return isWireMessage(head) ? head : null
  const payload = await findAttachment(q, head.attachmentId)
  if (!payload) return null
  const full = decode(payload) as Partial<WireMessage>
  return isWireMessage(full) ? full : null
}

function isWireMessage(m: Partial<WireMessage>): m is WireMessage {
  if (typeof m.nsp !== 'string') return false
  if (m.type === 3) return Array.isArray(m.data?.packet.data)
  return m.type === 6 && Array.isArray(m.data?.opts.rooms)
}
