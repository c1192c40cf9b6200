import type { DonationsConfig } from '../donations.config'
import { readJson, SourceAuthError, SourceHttpError, upstreamFetch } from '../../../platform/http/upstream'
import type { TwitchSubscriptionType } from './twitch-normalize'

/** How Helix calls authenticate: the app's Client-Id plus the creator's user token, refreshed on a 401. */
export interface HelixAuth {
  accessToken(): Promise<string>
  refreshAccessToken(): Promise<string>
}

export type EventSubTransport =
  { method: 'websocket'; session_id: string } | { method: 'webhook'; callback: string; secret: string }

async function helix<T>(
  config: DonationsConfig,
  auth: HelixAuth,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const call = async (token: string) =>
    upstreamFetch(`${config.TWITCH_API_URL}${path}`, {
      method,
      headers: {
        'Client-Id': config.TWITCH_CLIENT_ID ?? '',
        Authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    })
  let res = await call(await auth.accessToken())
  if (res.status === 401) res = await call(await auth.refreshAccessToken())
  if (res.status === 401)
    throw new SourceAuthError('Twitch refused the account token; please link Twitch again')
  return readJson<T>(res, `Twitch ${method} ${path}`)
}

/**
 * Creates one EventSub subscription for the broadcaster. 409 means it exists already (a retry after
 * a lost answer): fine. 403 means a scope is missing: the account has to be linked again.
 */
export async function createSubscription(
  config: DonationsConfig,
  auth: HelixAuth,
  type: TwitchSubscriptionType,
  broadcasterId: string,
  transport: EventSubTransport,
): Promise<void> {
  try {
    await helix(config, auth, 'POST', '/eventsub/subscriptions', {
      type,
      version: '1',
      condition: { broadcaster_user_id: broadcasterId },
      transport,
    })
  } catch (err) {
    if (err instanceof SourceHttpError && err.status === 409) return
    if (err instanceof SourceHttpError && err.status === 403)
      throw new SourceAuthError(`Twitch refused ${type}: ${err.message}`)
    throw err
  }
}

export interface TwitchUser {
  id: string
  login: string
  display_name: string
}

/** The user a token belongs to (GET /helix/users without parameters). */
export async function getTwitchUser(config: DonationsConfig, accessToken: string): Promise<TwitchUser> {
  const token = accessToken
  const body = await helix<{ data?: TwitchUser[] }>(
    config,
    { accessToken: async () => token, refreshAccessToken: async () => token },
    'GET',
    '/users',
  )
  const user = body.data?.[0]
  if (!user?.id) throw new SourceHttpError('Twitch did not say who this token belongs to', 200, body)
  return user
}
