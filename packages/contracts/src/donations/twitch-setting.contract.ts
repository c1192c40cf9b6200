import { z } from 'zod'
import { defineRoute } from '../define-route'

/** How Twitch delivers EventSub events: a worker's WebSocket per account, or Twitch posting to our webhook. */
export const TwitchEventSubTransport = z.enum(['websocket', 'webhook'], {
  error: 'Transport must be websocket or webhook',
})
export type TwitchEventSubTransport = z.infer<typeof TwitchEventSubTransport>

/** The admin's Twitch connection setting (SPEC §7 admin calls): what may change, and how things stand. */
export const TwitchConnectionSetting = z.object({
  /** Off: creators cannot link Twitch; accounts already linked keep working. */
  enabled: z.boolean(),
  transport: TwitchEventSubTransport,
  /** Read-only: what the server is set up with and what runs now (not `status`: the API client's answer has an HTTP status field). */
  summary: z.object({
    /** TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET are set: linking can work at all. */
    client_configured: z.boolean(),
    /** Why the webhook transport cannot be chosen, or null when it can. */
    webhook_unavailable: z.string().nullable(),
    /** Where Twitch posts in webhook mode. */
    webhook_callback: z.string(),
    linked_accounts: z.number().int(),
    accounts_in_error: z.number().int(),
    /** Accounts whose EventSub socket a worker holds open and healthy right now (websocket mode). */
    live_clients: z.number().int(),
  }),
})
export type TwitchConnectionSetting = z.infer<typeof TwitchConnectionSetting>

export const adminGetTwitchConnectionSetting = defineRoute({
  method: 'GET',
  path: '/api/admin/twitch-connection-setting',
  auth: 'admin',
  response: TwitchConnectionSetting,
})
export const adminSetTwitchConnectionSetting = defineRoute({
  method: 'POST',
  path: '/api/admin/twitch-connection-setting',
  auth: 'admin',
  summary:
    'Switching to webhook subscribes every linked Twitch account to our callback; switching back lets the workers open sockets',
  body: z.object({
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    transport: TwitchEventSubTransport.optional(),
  }),
  response: TwitchConnectionSetting,
})
