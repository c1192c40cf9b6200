import WebSocket from 'ws'
import { z } from 'zod'
import { SourceAuthError } from '../../../platform/http/upstream'
import { MAX_FRAME_BYTES, parseFrame } from './source'
import type { SourceContext, SourceRunner } from './source'
import { createSubscription } from './twitch-helix'
import { TWITCH_SUBSCRIPTION_TYPES, normalizeTwitch } from './twitch-normalize'

const Message = z.object({
  metadata: z.object({
    message_id: z.string().min(1).max(200),
    message_type: z.string(),
    message_timestamp: z.string().optional(),
    subscription_type: z.string().optional(),
  }),
  payload: z.record(z.string(), z.unknown()).default({}),
})
const Session = z.object({
  id: z.string(),
  keepalive_timeout_seconds: z.number().int().positive().nullish(),
  reconnect_url: z.string().nullish(),
})
const Subscription = z.object({ type: z.string(), status: z.string() })
const DEFAULT_KEEPALIVE_SECONDS = 10

/** Message ids seen lately: EventSub delivers at least once, often twice around a reconnect. */
export class RecentIds {
  private readonly ids = new Set<string>()
  constructor(private readonly max = 2000) {}
  /** True the first time an id is offered. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false
    this.ids.add(id)
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value!)
    return true
  }
}

/**
 * One account's Twitch EventSub WebSocket session:
 * welcome → create the five subscriptions over Helix (within the keepalive window, or Twitch
 * closes with 4003) → keepalives, watched: silence past keepalive_timeout_seconds means the socket
 * is dead, and since Twitch replays nothing the session ends so the supervisor reconnects and
 * subscribes afresh → session_reconnect: a second socket to reconnect_url, the old one kept (and
 * still delivering) until the new welcome, no resubscribing (subscriptions move with the session)
 * → revocation: reported on the account; a revoked authorization ends the client for good.
 */
export const runTwitchEventSub: SourceRunner = (ctx) => new EventSubSession(ctx).run()

class EventSubSession {
  private current: WebSocket | null = null
  private pending: WebSocket | null = null
  private watchdog: NodeJS.Timeout | null = null
  private keepaliveSeconds = DEFAULT_KEEPALIVE_SECONDS
  private subscribed = false
  private done = false
  private readonly seen = new RecentIds()
  private finish: (err?: Error) => void = () => {}

  constructor(private readonly ctx: SourceContext) {}

  run(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.finish = (err) => {
        if (this.done) return
        this.done = true
        if (this.watchdog) clearTimeout(this.watchdog)
        for (const ws of [this.current, this.pending]) ws?.terminate()
        if (err) reject(err)
        else resolve()
      }
      if (this.ctx.signal.aborted) return this.finish()
      this.ctx.signal.addEventListener('abort', () => this.finish(), { once: true })
      this.current = this.open(this.ctx.config.TWITCH_EVENTSUB_WS_URL)
    })
  }

  private open(url: string): WebSocket {
    const ws = new WebSocket(url, { maxPayload: MAX_FRAME_BYTES, handshakeTimeout: 10_000 })
    ws.on('message', (data) => {
      this.onMessage(ws, data).catch((err: unknown) => this.finish(err as Error))
    })
    ws.on('error', (err) => this.ctx.log(`EventSub socket error: ${err.message}`))
    ws.on('close', (code, reason) => this.onClose(ws, code, reason.toString()))
    return ws
  }

  private onClose(ws: WebSocket, code: number, reason: string) {
    if (ws === this.pending) {
      // The reconnect target failed; the old socket still works until Twitch closes it.
      this.pending = null
      this.ctx.log(`EventSub reconnect socket closed (${code} ${reason})`)
      return
    }
    if (ws !== this.current || this.done) return
    this.finish(new Error(`EventSub socket closed (${code}${reason ? ` ${reason}` : ''})`))
  }

  /** Any message proves the socket alive; silence past the keepalive timeout (plus a margin) proves it dead. */
  private feedWatchdog() {
    if (this.watchdog) clearTimeout(this.watchdog)
    this.watchdog = setTimeout(
      () => {
        this.ctx.log(`no EventSub message for ${this.keepaliveSeconds} s: reconnecting`)
        this.finish(new Error('EventSub keepalive timeout'))
      },
      this.keepaliveSeconds * 1200 + 250,
    )
  }

  private async onMessage(ws: WebSocket, data: WebSocket.RawData) {
    if (this.done) return
    const parsed = Message.safeParse(parseFrame(data, this.ctx.log))
    if (!parsed.success) return
    const { metadata, payload } = parsed.data
    if (ws === this.current) this.feedWatchdog()
    switch (metadata.message_type) {
      case 'session_welcome':
        return this.onWelcome(ws, payload)
      case 'session_keepalive':
        return
      case 'notification': {
        if (!metadata.subscription_type || !this.seen.add(metadata.message_id)) return
        const event = normalizeTwitch(
          metadata.message_id,
          metadata.subscription_type,
          payload.event,
          metadata.message_timestamp,
        )
        if (event) await this.ctx.emit(event)
        else this.ctx.log(`ignored a ${metadata.subscription_type} notification it could not read`)
        return
      }
      case 'session_reconnect': {
        const session = Session.safeParse(payload.session)
        const url = session.success ? session.data.reconnect_url : null
        if (ws !== this.current || !url || !this.sameService(url)) return
        this.pending?.terminate()
        this.pending = this.open(url)
        return
      }
      case 'revocation': {
        const sub = Subscription.safeParse(payload.subscription)
        if (!sub.success) return
        await this.ctx.report(`Twitch ended the ${sub.data.type} subscription (${sub.data.status})`)
        if (sub.data.status === 'authorization_revoked' || sub.data.status === 'user_removed')
          this.finish(
            new SourceAuthError(`Twitch revoked access (${sub.data.status}); please link Twitch again`),
          )
        return
      }
      default:
        this.ctx.log(`ignored EventSub message type ${metadata.message_type}`)
    }
  }

  private async onWelcome(ws: WebSocket, payload: Record<string, unknown>) {
    const session = Session.safeParse(payload.session)
    if (!session.success) return
    this.keepaliveSeconds = session.data.keepalive_timeout_seconds ?? DEFAULT_KEEPALIVE_SECONDS
    if (ws === this.pending) {
      const old = this.current
      this.current = ws
      this.pending = null
      old?.close(1000)
      this.feedWatchdog()
      this.ctx.log('EventSub session moved to its reconnect URL')
      return
    }
    if (ws !== this.current || this.subscribed) return
    this.feedWatchdog()
    const auth = {
      accessToken: () => this.ctx.accessToken(),
      refreshAccessToken: () => this.ctx.refreshAccessToken(),
    }
    for (const type of TWITCH_SUBSCRIPTION_TYPES) {
      if (this.done) return
      await createSubscription(this.ctx.config, auth, type, this.ctx.account.external_id, {
        method: 'websocket',
        session_id: session.data.id,
      })
    }
    this.subscribed = true
    // A revocation may have ended the session while the subscriptions were being made.
    if (!this.done) await this.ctx.report(null)
  }

  /** Reconnect URLs must stay on the configured EventSub host (and speak ws/wss). */
  private sameService(url: string): boolean {
    try {
      const u = new URL(url)
      return (
        (u.protocol === 'ws:' || u.protocol === 'wss:') &&
        u.hostname === new URL(this.ctx.config.TWITCH_EVENTSUB_WS_URL).hostname
      )
    } catch {
      return false
    }
  }
}
