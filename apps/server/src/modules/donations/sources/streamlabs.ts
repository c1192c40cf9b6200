import io from 'socket.io-client-v2'
import { z } from 'zod'
import type { NormalizedEventInput } from '@mouthpiece/contracts/donations/donations.schemas'
import { readJson, SourceAuthError, SourceHttpError, upstreamFetch } from '../../../platform/http/upstream'
import { MAX_FRAME_BYTES } from './source'
import type { SourceRunner } from './source'

const Num = z.union([z.number(), z.string()]).transform((v) => Number(v))
const Text = z
  .string()
  .nullish()
  .transform((v) => v ?? '')
const Item = z
  .object({
    _id: z.union([z.string(), z.number()]).optional(),
    id: z.union([z.string(), z.number()]).optional(),
    name: Text,
    display_name: z.string().nullish(),
    from: z.string().nullish(),
    amount: Num.optional(),
    currency: z.string().nullish(),
    message: z.string().nullish(),
    comment: z.string().nullish(),
    months: Num.optional(),
    sub_plan: z.string().nullish(),
    sub_type: z.string().nullish(),
    gifter_display_name: z.string().nullish(),
    gifter: z.string().nullish(),
    isTest: z.boolean().optional(),
  })
  .loose()
const SocketEvent = z.object({
  type: z.string(),
  for: z.string().optional(),
  event_id: z.string().optional(),
  isTest: z.boolean().optional(),
  /** Always an array for donations; some relayed events send one object. */
  message: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
})

type Item = z.infer<typeof Item>

/**
 * One Streamlabs socket `event` as normalised events. Branches on `type` and `for`:
 * donation (streamlabs); bits, subscription, resub (twitch_account); superchat, subscription =
 * membership (youtube_account). Follows, hosts and the rest are not alerts here.
 */
export function normalizeStreamlabs(payload: unknown): NormalizedEventInput[] {
  const ev = SocketEvent.safeParse(payload)
  if (!ev.success) return []
  const items = Array.isArray(ev.data.message) ? ev.data.message : [ev.data.message]
  const out: NormalizedEventInput[] = []
  items.forEach((raw, index) => {
    const item = Item.safeParse(raw)
    if (!item.success) return
    const e = normalizeItem(ev.data.type, ev.data.for ?? 'streamlabs', item.data)
    if (!e) return
    const id = item.data._id ?? item.data.id ?? (ev.data.event_id ? `${ev.data.event_id}:${index}` : null)
    if (id === null) return
    out.push({
      ...e,
      source: 'streamlabs',
      external_id: `${ev.data.type}:${String(id)}`,
      is_test: !!(ev.data.isTest ?? item.data.isTest),
      raw: { type: ev.data.type, for: ev.data.for, item: raw },
    })
  })
  return out
}

type ItemEvent = Omit<NormalizedEventInput, 'source' | 'external_id' | 'raw'>

function normalizeItem(type: string, target: string, m: Item): ItemEvent | null {
  const who = m.display_name || m.from || m.name
  if (type === 'donation')
    return {
      kind: 'donation',
      who,
      amount: m.amount,
      currency: m.currency ?? 'USD',
      message: m.message ?? '',
    }
  if (target === 'twitch_account') {
    if (type === 'bits') return { kind: 'bits', who, bits: m.amount, message: m.message ?? '' }
    if (type === 'subscription' || type === 'resub') {
      if (m.sub_type === 'subgift')
        return { kind: 'subscription', who, tier: planTier(m.sub_plan), gift_recipient: true }
      const months = m.months ?? 1
      return type === 'resub' || months > 1
        ? { kind: 'resub', who, tier: planTier(m.sub_plan), count: months, message: m.message ?? '' }
        : { kind: 'subscription', who, tier: planTier(m.sub_plan), message: m.message ?? '' }
    }
    return null
  }
  if (target === 'youtube_account') {
    // Streamlabs relays YouTube Super Chat amounts in micros, as YouTube sends them.
    if (type === 'superchat')
      return {
        kind: 'superchat',
        who,
        amount: m.amount === undefined ? undefined : m.amount / 1_000_000,
        currency: m.currency ?? 'USD',
        message: m.comment ?? m.message ?? '',
      }
    if (type === 'subscription')
      return (m.months ?? 1) > 1
        ? { kind: 'membership_milestone', who, count: m.months, message: m.message ?? '' }
        : { kind: 'membership', who }
  }
  return null
}

const planTier = (plan: string | null | undefined) =>
  plan && /^prime$/i.test(plan) ? 'Prime' : plan || '1000'

/**
 * The Streamlabs Socket API client (socket.io, `?token=<socket token>`, event `event`).
 *
 * sockets.streamlabs.com is a socket.io v2-era server (Engine.IO protocol 3), which refuses the
 * protocol 4 of socket.io-client 4: this uses socket.io-client 2 (installed as
 * `socket.io-client-v2`), and the tests' stand-in is a socket.io 2 server. A handshake the server
 * refuses (socket.io 2 sends it as an `error` event) marks the account until it is linked again;
 * drops reconnect by themselves with backoff.
 */
export const runStreamlabs: SourceRunner = (ctx) =>
  new Promise<void>((resolve, reject) => {
    const token = ctx.socketToken()
    if (!token)
      return reject(new SourceAuthError('Streamlabs socket token missing; please link Streamlabs again'))
    const socket = io(ctx.config.STREAMLABS_SOCKET_URL, {
      query: { token },
      transports: ['websocket'],
      forceNew: true,
      forceNode: true,
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 30_000,
      timeout: 10_000,
    })
    const end = (err?: Error) => {
      socket.removeAllListeners()
      socket.disconnect()
      if (err) reject(err)
      else resolve()
    }
    socket.on('connect', () => void ctx.report(null))
    socket.on('connect_error', (err: Error) => ctx.log(`Streamlabs connect error: ${err.message}`))
    socket.on('error', (err: unknown) => {
      const message = typeof err === 'string' ? err : err instanceof Error ? err.message : JSON.stringify(err)
      end(
        new SourceAuthError(
          `Streamlabs refused the socket token (${message.slice(0, 100)}); please link Streamlabs again`,
        ),
      )
    })
    socket.on('disconnect', (reason: string) => {
      // The server hanging up on us (kicked) will not be retried by socket.io itself.
      if (reason === 'io server disconnect') end(new Error('Streamlabs closed the socket'))
    })
    socket.on('event', (payload: unknown) => {
      if (JSON.stringify(payload ?? null).length > MAX_FRAME_BYTES)
        return ctx.log('ignored an oversized Streamlabs event')
      const events = normalizeStreamlabs(payload)
      if (!events.length) return ctx.log('ignored a Streamlabs event it does not alert on or could not read')
      void (async () => {
        for (const e of events) await ctx.emit(e)
      })()
    })
    if (ctx.signal.aborted) return end()
    ctx.signal.addEventListener('abort', () => end(), { once: true })
  })

/** After OAuth: the account's identity and socket token. */
export async function streamlabsIdentity(apiUrl: string, accessToken: string) {
  const headers = { Authorization: `Bearer ${accessToken}`, accept: 'application/json' }
  const user = await readJson<{
    streamlabs?: { id?: number | string; display_name?: string; username?: string }
  }>(
    await upstreamFetch(`${apiUrl}/user`, { headers, signal: AbortSignal.timeout(15_000) }),
    'Streamlabs /user',
  )
  const socket = await readJson<{ socket_token?: string }>(
    await upstreamFetch(`${apiUrl}/socket/token`, { headers, signal: AbortSignal.timeout(15_000) }),
    'Streamlabs /socket/token',
  )
  const id = user.streamlabs?.id
  if (id === undefined || !socket.socket_token)
    throw new SourceHttpError('Streamlabs did not return the account and its socket token', 200, user)
  return {
    id: String(id),
    name: user.streamlabs?.display_name ?? user.streamlabs?.username ?? String(id),
    socketToken: socket.socket_token,
  }
}
