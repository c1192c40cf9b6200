import { randomUUID } from 'node:crypto'
import WebSocket from 'ws'
import { z } from 'zod'
import type { NormalizedEventInput } from '@mouthpiece/contracts/donations/donations.schemas'
import { readJson, SourceAuthError, SourceHttpError, upstreamFetch } from '../../../platform/http/upstream'
import { MAX_FRAME_BYTES, parseFrame } from './source'
import type { SourceRunner } from './source'

export const TIPS_TOPIC = 'channel.tips'
export const MODERATION_TOPIC = 'channel.tips.moderation'

const ModerationState = z.enum(['pending', 'allowed', 'rejected'])
const Frame = z.object({
  type: z.string(),
  nonce: z.string().optional(),
  error: z.string().optional(),
  topic: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
})
const Tip = z.object({
  _id: z.string().optional(),
  transactionId: z.string().optional(),
  provider: z.string().optional(),
  approved: ModerationState.optional().catch(undefined),
  status: z.string().optional(),
  isMock: z.boolean().optional(),
  donation: z.object({
    user: z.object({ username: z.string().nullish() }).loose().nullish(),
    message: z.string().nullish(),
    amount: z.union([z.number(), z.string()]).transform(Number),
    currency: z.string().nullish(),
  }),
})
const Moderation = z.object({
  _id: z.string().optional(),
  tipId: z.string().optional(),
  transactionId: z.string().optional(),
  status: ModerationState.optional().catch(undefined),
  approved: ModerationState.optional().catch(undefined),
})

/** A `channel.tips` message as a normalised event (null when it is not a tip we can read). */
export function normalizeStreamElementsTip(data: unknown): NormalizedEventInput | null {
  const tip = Tip.safeParse(data)
  if (!tip.success) return null
  const id = tip.data._id ?? tip.data.transactionId
  if (!id) return null
  return {
    source: 'streamelements',
    kind: 'tip',
    external_id: `tip:${id}`,
    who: tip.data.donation.user?.username ?? '',
    amount: tip.data.donation.amount,
    currency: tip.data.donation.currency ?? 'USD',
    message: tip.data.donation.message ?? '',
    is_test: !!tip.data.isMock,
    external_status: tip.data.approved ?? null,
    raw: data,
  }
}

/**
 * The StreamElements Astro client: one socket, subscribed to `channel.tips` and
 * `channel.tips.moderation` with the account's token (a dashboard JWT after account/sync, or an
 * OAuth token). err_unauthorized ends the client until the account is linked again; a rate limit
 * or a dropped socket ends it for the supervisor to reconnect with backoff.
 */
export const runStreamElements: SourceRunner = (ctx) =>
  new Promise<void>((resolve, reject) => {
    const token = ctx.account.token_type === 'oauth' ? null : ctx.socketToken()
    const tokenType = ctx.account.token_type === 'oauth' ? 'oauth' : 'jwt'
    let done = false
    const ws = new WebSocket(ctx.config.STREAMELEMENTS_ASTRO_URL, {
      maxPayload: MAX_FRAME_BYTES,
      handshakeTimeout: 10_000,
    })
    const end = (err?: Error) => {
      if (done) return
      done = true
      ws.terminate()
      if (err) reject(err)
      else resolve()
    }
    const nonces = new Map<string, string>()
    ws.on('open', () => {
      void (async () => {
        const credential = token ?? (await ctx.accessToken())
        for (const topic of [TIPS_TOPIC, MODERATION_TOPIC]) {
          const nonce = randomUUID()
          nonces.set(nonce, topic)
          ws.send(
            JSON.stringify({
              type: 'subscribe',
              nonce,
              data: { topic, token: credential, token_type: tokenType },
            }),
          )
        }
      })().catch((err: unknown) => end(err as Error))
    })
    ws.on('message', (data) => {
      const frame = Frame.safeParse(parseFrame(data, ctx.log))
      if (!frame.success) return
      const f = frame.data
      if (f.type === 'response') {
        const topic = f.nonce ? nonces.get(f.nonce) : undefined
        if (f.error === 'err_unauthorized')
          return end(
            new SourceAuthError('StreamElements refused the token; please link StreamElements again'),
          )
        if (f.error === 'rate_limit_exceeded') return end(new Error('StreamElements rate limit exceeded'))
        if (f.error) return ctx.log(`StreamElements ${topic ?? 'subscribe'} error: ${f.error}`)
        if (topic === TIPS_TOPIC) void ctx.report(null)
        return
      }
      if (f.type !== 'message') return
      if (f.topic === TIPS_TOPIC) {
        const event = normalizeStreamElementsTip(f.data)
        if (event) void ctx.emit(event)
        else ctx.log('ignored a StreamElements tip it could not read')
      } else if (f.topic === MODERATION_TOPIC) {
        const m = Moderation.safeParse(f.data)
        const id = m.success ? (m.data.tipId ?? m.data._id ?? m.data.transactionId) : undefined
        const status = m.success ? (m.data.status ?? m.data.approved) : undefined
        if (id && status) void ctx.moderate('streamelements', `tip:${id}`, status)
      }
    })
    ws.on('error', (err) => ctx.log(`StreamElements socket error: ${err.message}`))
    ws.on('close', (code) => end(new Error(`StreamElements socket closed (${code})`)))
    if (ctx.signal.aborted) return end()
    ctx.signal.addEventListener('abort', () => end(), { once: true })
  })

/** The channel a StreamElements JWT (or OAuth token) belongs to: GET /kappa/v2/channels/me. */
export async function streamElementsChannel(apiUrl: string, token: string, scheme: 'Bearer' | 'OAuth') {
  const res = await upstreamFetch(`${apiUrl}/kappa/v2/channels/me`, {
    headers: { Authorization: `${scheme} ${token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(15_000),
  })
  if (res.status === 401 || res.status === 403) throw new SourceAuthError('StreamElements refused this token')
  const body = await readJson<{ _id?: string; username?: string; displayName?: string }>(
    res,
    'StreamElements channels/me',
  )
  if (!body._id)
    throw new SourceHttpError('StreamElements did not say which channel this is', res.status, body)
  return { id: body._id, name: body.displayName ?? body.username ?? body._id }
}
