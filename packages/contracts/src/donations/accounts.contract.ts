import { z } from 'zod'
import { defineRoute } from '../define-route'
import { UserIdText } from '../users/users.schemas'
import { AccountProvider, ConnectedAccount, StreamPlatform } from './donations.schemas'

/**
 * The environment variables a server needs before creators can link a service by its consent page
 * (issue 24: the pages say so before the click; an admin is shown these names).
 */
export const PROVIDER_ENV: Record<AccountProvider, readonly [string, string]> = {
  twitch: ['TWITCH_CLIENT_ID', 'TWITCH_CLIENT_SECRET'],
  youtube: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  streamlabs: ['STREAMLABS_CLIENT_ID', 'STREAMLABS_CLIENT_SECRET'],
  streamelements: ['STREAMELEMENTS_CLIENT_ID', 'STREAMELEMENTS_CLIENT_SECRET'],
}
/** Whether this server can link a service through its consent page (its client id and secret are set). */
export const ProviderSetup = z.object({ provider: AccountProvider, configured: z.boolean() })
export type ProviderSetup = z.infer<typeof ProviderSetup>

/** Connected accounts grouped by platform (SPEC §3: "connected accounts keyed by platform, each a list"). */
export const AccountsAnswer = z.object({
  accounts: z.object({ twitch: z.array(ConnectedAccount), youtube: z.array(ConnectedAccount) }),
  selected_platform: StreamPlatform.nullable(),
  /** false while the admin has turned Twitch linking off (SPEC §7 Twitch connection setting). */
  twitch_enabled: z.boolean(),
  /** Every service, in ACCOUNT_PROVIDERS order: can it be linked on this server at all. */
  providers: z.array(ProviderSetup),
})
const Ok = z.object({ ok: z.literal(true) })
/** Where the browser returns after the provider's consent page; must be on this site (same origin or a path). */
const RedirectUri = z.string().trim().max(2000).optional()
/** The authorize URL, for clients that asked with `Accept: application/json` instead of following a 302. */
const ConnectAnswer = z.object({ url: z.string() })
const Env = z.enum(['prod', 'dev', 'local']).default('prod')
/** OAuth return: the provider sends `code` + `state`, or `error`. */
const CallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
})

export const getAccounts = defineRoute({
  method: 'GET',
  path: '/api/donation/account/get',
  auth: 'user',
  requiresEnabled: true,
  response: AccountsAnswer,
})
export const unlinkAccount = defineRoute({
  method: 'POST',
  path: '/api/donation/account/unlink',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Disconnect every account of a provider on a platform',
  body: z.object({ platform: StreamPlatform, provider: AccountProvider }),
  response: AccountsAnswer,
})
export const syncAccount = defineRoute({
  method: 'POST',
  path: '/api/donation/account/sync',
  auth: 'user',
  requiresEnabled: true,
  summary: 'Connect StreamElements with the JWT from its dashboard',
  body: z.object({
    platform: StreamPlatform,
    jwtToken: z
      .string({ error: 'Please paste your JWT token' })
      .trim()
      .min(20, 'Please paste your JWT token')
      .max(4000),
    accountId: z
      .string({ error: 'Please enter your account id' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Please enter your account id'),
  }),
  response: z.object({ account: ConnectedAccount }),
})
export const userPermissionByChannel = defineRoute({
  method: 'GET',
  path: '/api/donation/account/user-permission-by-channel',
  auth: 'public',
  summary: 'Whether the creator who linked this channel may receive alerts (unauthenticated)',
  query: z.object({
    channel_id: z.string({ error: 'Missing channel_id' }).trim().min(1, 'Missing channel_id').max(100),
  }),
  response: z.object({
    channel_id: z.string(),
    platform: StreamPlatform,
    provider: AccountProvider,
    username: z.string(),
    alerts_allowed: z.boolean(),
  }),
})

// OAuth linking (SPEC §7 "Platform linking")
export const twitchConnect = defineRoute({
  method: 'GET',
  path: '/api/donation/twitch/connect',
  auth: 'user',
  requiresEnabled: true,
  query: z.object({
    user_id: UserIdText,
    redirect_uri: RedirectUri,
    env: Env,
    referred_by: z.string().trim().max(100).optional(),
  }),
  response: ConnectAnswer,
})
export const twitchCallback = defineRoute({
  method: 'GET',
  path: '/api/donation/twitch/callback',
  auth: 'public',
  query: CallbackQuery,
})
export const twitchDisconnect = defineRoute({
  method: 'GET',
  path: '/api/donation/twitch/disconnect',
  auth: 'user',
  requiresEnabled: true,
  response: Ok,
})

export const streamlabsConnect = defineRoute({
  method: 'GET',
  path: '/api/donation/streamlabs/connect',
  auth: 'user',
  requiresEnabled: true,
  query: z.object({
    user_id: UserIdText,
    redirect_uri: RedirectUri,
    selected_platform: StreamPlatform.default('twitch'),
  }),
  response: ConnectAnswer,
})
export const streamlabsCallback = defineRoute({
  method: 'GET',
  path: '/api/donation/streamlabs/callback',
  auth: 'public',
  query: CallbackQuery,
})
export const streamlabsDisconnect = defineRoute({
  method: 'POST',
  path: '/api/donation/streamlabs/disconnect',
  auth: 'user',
  requiresEnabled: true,
  response: Ok,
})

export const streamelementsConnect = defineRoute({
  method: 'GET',
  path: '/api/donation/streamelements/connect',
  auth: 'user',
  requiresEnabled: true,
  query: z.object({
    user_id: UserIdText,
    redirect_uri: RedirectUri,
    env: Env,
    selected_platform: StreamPlatform.default('twitch'),
  }),
  response: ConnectAnswer,
})
/** SPEC §2: the OAuth return page of StreamElements; `state` ends in `,prod|dev|local`. */
export const streamelementsCallback = defineRoute({
  method: 'GET',
  path: '/api/streamelements-callback',
  auth: 'public',
  query: CallbackQuery,
})

export const youtubeConnect = defineRoute({
  method: 'GET',
  path: '/api/donation/youtube/connect',
  auth: 'user',
  requiresEnabled: true,
  query: z.object({ user_id: UserIdText, redirect_uri: RedirectUri }),
  response: ConnectAnswer,
})
export const youtubeCallback = defineRoute({
  method: 'GET',
  path: '/api/donation/youtube/callback',
  auth: 'public',
  query: CallbackQuery,
})
export const youtubeDisconnect = defineRoute({
  method: 'POST',
  path: '/api/donation/youtube/disconnect',
  auth: 'user',
  requiresEnabled: true,
  response: Ok,
})

/**
 * Twitch EventSub webhook transport (hosted deployments). The body stays raw: the signature covers
 * its exact bytes. Answers the verification challenge as text/plain, events with 204.
 */
export const twitchEventSubWebhook = defineRoute({
  method: 'POST',
  path: '/api/donation/twitch/eventsub',
  auth: 'public',
})

/**
 * Who invited a visitor (issue 24): the sign-up page opened from /r/{username} names the creator —
 * their channel's display name when they linked one, else their username. Public, like the tip page.
 */
export const Referrer = z.object({ username: z.string(), display_name: z.string() })
export type Referrer = z.infer<typeof Referrer>
export const getReferrer = defineRoute({
  method: 'GET',
  path: '/api/referrer/:username',
  auth: 'public',
  summary: 'The creator whose /r/{username} link a visitor followed (404 when there is none)',
  params: z.object({ username: z.string().trim().min(1).max(30) }),
  response: z.object({ referrer: Referrer }),
})
