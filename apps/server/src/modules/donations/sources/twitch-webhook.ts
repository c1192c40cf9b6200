import { createHmac, timingSafeEqual } from 'node:crypto'

/** Twitch's rule: a message older than this is a replay. */
export const WEBHOOK_MAX_AGE_SECONDS = 10 * 60

export class WebhookRejected extends Error {}

export interface WebhookHeaders {
  messageId: string | undefined
  timestamp: string | undefined
  signature: string | undefined
  type: string | undefined
}

export function webhookHeaders(headers: Record<string, string | string[] | undefined>): WebhookHeaders {
  const one = (name: string) => {
    const v = headers[name]
    return Array.isArray(v) ? v[0] : v
  }
  return {
    messageId: one('twitch-eventsub-message-id'),
    timestamp: one('twitch-eventsub-message-timestamp'),
    signature: one('twitch-eventsub-message-signature'),
    type: one('twitch-eventsub-message-type'),
  }
}

/**
 * Verifies `Twitch-Eventsub-Message-Signature: sha256=<hex>` = HMAC-SHA256(secret, message id +
 * timestamp + raw body), in constant time, and refuses messages older than ten minutes (or from
 * the future beyond the same margin) so a captured request cannot be replayed later.
 */
export function verifyTwitchWebhook(
  rawBody: Buffer,
  h: WebhookHeaders,
  secret: string,
  nowMs = Date.now(),
): void {
  if (!h.messageId || !h.timestamp || !h.signature)
    throw new WebhookRejected('Missing Twitch-Eventsub headers')
  const expected = createHmac('sha256', secret)
    .update(h.messageId)
    .update(h.timestamp)
    .update(rawBody)
    .digest()
  const m = /^sha256=([0-9a-f]{64})$/i.exec(h.signature.trim())
  const given = m ? Buffer.from(m[1]!, 'hex') : Buffer.alloc(0)
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new WebhookRejected('Invalid signature')
  const sent = Date.parse(h.timestamp)
  if (Number.isNaN(sent) || Math.abs(nowMs - sent) > WEBHOOK_MAX_AGE_SECONDS * 1000)
    throw new WebhookRejected('Message too old')
}

/** Signs a webhook the way Twitch does (tests and local stand-ins). */
export function signTwitchWebhook(
  messageId: string,
  timestamp: string,
  body: string,
  secret: string,
): string {
  return `sha256=${createHmac('sha256', secret)
    .update(messageId + timestamp + body)
    .digest('hex')}`
}
