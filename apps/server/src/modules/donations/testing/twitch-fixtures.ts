import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { signTwitchWebhook } from '../sources/twitch-webhook'

/** The real EventSub payloads (Twitch CLI captures), kept in fixtures/twitch-eventsub (docs/integrations.md). */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/twitch-eventsub')

export interface EventSubMessage {
  metadata: {
    message_id: string
    message_type: string
    message_timestamp: string
    subscription_type?: string
    subscription_version?: string
  }
  payload: {
    session?: {
      id: string
      status: string
      keepalive_timeout_seconds: number | null
      reconnect_url: string | null
      connected_at: string
    }
    subscription?: {
      id: string
      type: string
      status: string
      condition: { broadcaster_user_id: string }
      transport: Record<string, unknown>
    }
    event?: Record<string, unknown>
  }
}

export function fixture(name: string): EventSubMessage {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as EventSubMessage
}

export const NOTIFICATIONS = {
  cheer: 'notification.channel.cheer',
  cheerAnonymous: 'notification.channel.cheer.anonymous',
  subscribe: 'notification.channel.subscribe',
  subscribeGifted: 'notification.channel.subscribe.gifted',
  gift: 'notification.channel.subscription.gift',
  redemption: 'notification.channel.channel_points_custom_reward_redemption.add',
} as const

/** A notification fixture re-addressed to a broadcaster, optionally under a new message id. */
export function notificationFor(name: string, broadcasterId: string, messageId?: string): EventSubMessage {
  const m = fixture(name)
  if (messageId) m.metadata.message_id = messageId
  m.metadata.message_timestamp = new Date().toISOString()
  m.payload.subscription!.condition.broadcaster_user_id = broadcasterId
  if (m.payload.event) m.payload.event.broadcaster_user_id = broadcasterId
  return m
}

/** channel.subscription.message: no CLI fixture ships with it; this is the documented shape. */
export function resubNotification(broadcasterId: string): EventSubMessage {
  const m = notificationFor(NOTIFICATIONS.subscribe, broadcasterId, randomUUID())
  m.metadata.subscription_type = 'channel.subscription.message'
  m.payload.subscription!.type = 'channel.subscription.message'
  m.payload.event = {
    user_id: '1234',
    user_login: 'cool_user',
    user_name: 'Cool_User',
    broadcaster_user_id: broadcasterId,
    broadcaster_user_login: 'cooler_user',
    broadcaster_user_name: 'Cooler_User',
    tier: '1000',
    message: { text: 'Love the stream! FevziGG', emotes: [{ begin: 23, end: 30, id: '302976485' }] },
    cumulative_months: 15,
    streak_months: 1,
    duration_months: 6,
  }
  return m
}

/** The webhook request Twitch would send for a notification (body, headers with a valid signature). */
export function webhookRequest(
  secret: string,
  message: EventSubMessage,
  opts: { type?: string; timestamp?: string; body?: string } = {},
) {
  const body =
    opts.body ?? JSON.stringify({ subscription: message.payload.subscription, event: message.payload.event })
  const timestamp = opts.timestamp ?? new Date().toISOString()
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'twitch-eventsub-message-id': message.metadata.message_id,
      'twitch-eventsub-message-timestamp': timestamp,
      'twitch-eventsub-message-type': opts.type ?? 'notification',
      'twitch-eventsub-subscription-type': message.payload.subscription?.type ?? '',
      'twitch-eventsub-message-signature': signTwitchWebhook(
        message.metadata.message_id,
        timestamp,
        body,
        secret,
      ),
    },
  }
}
