import type { AccountProvider } from '@mouthpiece/contracts/donations/donations.schemas'
import type { DonationsConfig } from '../donations.config'
import { readJson, SourceHttpError, upstreamFetch } from '../../../platform/http/upstream'

/** What each provider's authorization-code flow needs; every URL comes from configuration. */
export interface OAuthProvider {
  name: AccountProvider
  clientId: string | undefined
  clientSecret: string | undefined
  authorizeUrl: string
  tokenUrl: string
  scopes: string[]
  /** Extra authorize parameters (Google: offline access so a refresh token comes back). */
  extra?: Record<string, string>
  /** Our callback, registered with the provider. */
  callbackPath: string
}

export interface TokenSet {
  access_token: string
  refresh_token?: string
  expires_in?: number
  token_type?: string
}

export function oauthProvider(config: DonationsConfig, name: AccountProvider): OAuthProvider {
  switch (name) {
    case 'twitch':
      return {
        name,
        clientId: config.TWITCH_CLIENT_ID,
        clientSecret: config.TWITCH_CLIENT_SECRET,
        authorizeUrl: `${config.TWITCH_AUTH_URL}/authorize`,
        tokenUrl: `${config.TWITCH_AUTH_URL}/token`,
        scopes: ['bits:read', 'channel:read:redemptions', 'channel:read:subscriptions'],
        callbackPath: '/api/donation/twitch/callback',
      }
    case 'streamlabs':
      return {
        name,
        clientId: config.STREAMLABS_CLIENT_ID,
        clientSecret: config.STREAMLABS_CLIENT_SECRET,
        authorizeUrl: `${config.STREAMLABS_API_URL}/authorize`,
        tokenUrl: `${config.STREAMLABS_API_URL}/token`,
        scopes: ['donations.read', 'socket.token'],
        callbackPath: '/api/donation/streamlabs/callback',
      }
    case 'streamelements':
      return {
        name,
        clientId: config.STREAMELEMENTS_CLIENT_ID,
        clientSecret: config.STREAMELEMENTS_CLIENT_SECRET,
        authorizeUrl: `${config.STREAMELEMENTS_API_URL}/oauth2/authorize`,
        tokenUrl: `${config.STREAMELEMENTS_API_URL}/oauth2/token`,
        scopes: ['tips:read', 'channel:read'],
        callbackPath: '/api/streamelements-callback',
      }
    case 'youtube':
      return {
        name,
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        authorizeUrl: config.GOOGLE_AUTH_URL,
        tokenUrl: config.GOOGLE_TOKEN_URL,
        // One Google link for every Google feature: live-chat alerts and sentiment (YouTube), ad import (Google Ads).
        scopes: [
          'https://www.googleapis.com/auth/youtube.readonly',
          'https://www.googleapis.com/auth/adwords',
        ],
        extra: { access_type: 'offline', prompt: 'consent' },
        callbackPath: '/api/donation/youtube/callback',
      }
  }
}

export const isConfigured = (p: OAuthProvider) => !!p.clientId && !!p.clientSecret

export function authorizeUrl(p: OAuthProvider, redirectUri: string, state: string): string {
  const url = new URL(p.authorizeUrl)
  url.search = new URLSearchParams({
    client_id: p.clientId ?? '',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: p.scopes.join(' '),
    state,
    ...p.extra,
  }).toString()
  return url.toString()
}

async function tokenRequest(p: OAuthProvider, form: Record<string, string>): Promise<TokenSet> {
  const res = await upstreamFetch(p.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: p.clientId ?? '', client_secret: p.clientSecret ?? '', ...form }),
    signal: AbortSignal.timeout(15_000),
  })
  const body = await readJson<Partial<TokenSet>>(res, `${p.name} token endpoint`)
  if (typeof body.access_token !== 'string' || !body.access_token)
    throw new SourceHttpError(`${p.name} token endpoint answered without an access token`, res.status)
  return { ...body, access_token: body.access_token }
}

export function exchangeCode(p: OAuthProvider, code: string, redirectUri: string): Promise<TokenSet> {
  return tokenRequest(p, { grant_type: 'authorization_code', code, redirect_uri: redirectUri })
}

export function refreshTokens(p: OAuthProvider, refreshToken: string): Promise<TokenSet> {
  return tokenRequest(p, { grant_type: 'refresh_token', refresh_token: refreshToken })
}

/**
 * Where each provider takes a token back. Twitch: form `client_id` + access `token`; Google:
 * form `token` (a refresh token revokes the whole grant); StreamElements: `client_id` + `token`
 * as query parameters. Streamlabs documents no revocation endpoint: null (the creator removes the
 * app in Streamlabs' own settings).
 */
function revocationRequest(
  config: DonationsConfig,
  name: AccountProvider,
  token: string,
): { url: string; body?: URLSearchParams } | null {
  switch (name) {
    case 'twitch':
      return {
        url: `${config.TWITCH_AUTH_URL}/revoke`,
        body: new URLSearchParams({ client_id: config.TWITCH_CLIENT_ID ?? '', token }),
      }
    case 'youtube':
      return { url: config.GOOGLE_REVOKE_URL, body: new URLSearchParams({ token }) }
    case 'streamelements': {
      const url = new URL(`${config.STREAMELEMENTS_API_URL}/oauth2/revoke`)
      url.search = new URLSearchParams({ client_id: config.STREAMELEMENTS_CLIENT_ID ?? '', token }).toString()
      return { url: url.toString() }
    }
    case 'streamlabs':
      return null
  }
}

export const canRevoke = (name: AccountProvider) => name !== 'streamlabs'

/** Asks the provider to revoke a token; throws SourceHttpError when it refuses or does not answer. */
export async function revokeToken(
  config: DonationsConfig,
  name: AccountProvider,
  token: string,
): Promise<void> {
  const req = revocationRequest(config, name, token)
  if (!req) return
  let res: Response
  try {
    res = await upstreamFetch(req.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: req.body ?? '',
      signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
    })
  } catch (err) {
    throw new SourceHttpError(`${name} revocation got no answer: ${(err as Error).message}`, 0)
  }
  await readJson(res, `${name} revocation`)
}

/** Unlinking waits for the revocation at most this long: a slow platform must not hold the page. */
const REVOKE_TIMEOUT_MS = 5000
