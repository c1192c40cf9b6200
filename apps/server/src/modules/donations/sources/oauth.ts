import type { AccountProvider } from '@mouthpiece/contracts/donations/donations.schemas'
import type { DonationsConfig } from '../donations.config'
import { SourceHttpError, readJson } from './http'

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
        name, clientId: config.TWITCH_CLIENT_ID, clientSecret: config.TWITCH_CLIENT_SECRET,
        authorizeUrl: `${config.TWITCH_AUTH_URL}/authorize`, tokenUrl: `${config.TWITCH_AUTH_URL}/token`,
        scopes: ['bits:read', 'channel:read:redemptions', 'channel:read:subscriptions'], callbackPath: '/api/donation/twitch/callback',
      }
    case 'streamlabs':
      return {
        name, clientId: config.STREAMLABS_CLIENT_ID, clientSecret: config.STREAMLABS_CLIENT_SECRET,
        authorizeUrl: `${config.STREAMLABS_API_URL}/authorize`, tokenUrl: `${config.STREAMLABS_API_URL}/token`,
        scopes: ['donations.read', 'socket.token'], callbackPath: '/api/donation/streamlabs/callback',
      }
    case 'streamelements':
      return {
        name, clientId: config.STREAMELEMENTS_CLIENT_ID, clientSecret: config.STREAMELEMENTS_CLIENT_SECRET,
        authorizeUrl: `${config.STREAMELEMENTS_API_URL}/oauth2/authorize`, tokenUrl: `${config.STREAMELEMENTS_API_URL}/oauth2/token`,
        scopes: ['tips:read', 'channel:read'], callbackPath: '/api/streamelements-callback',
      }
    case 'youtube':
      return {
        name, clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET,
        authorizeUrl: config.GOOGLE_AUTH_URL, tokenUrl: config.GOOGLE_TOKEN_URL,
        scopes: ['https://www.googleapis.com/auth/youtube.readonly'], extra: { access_type: 'offline', prompt: 'consent' },
        callbackPath: '/api/donation/youtube/callback',
      }
  }
}

export const isConfigured = (p: OAuthProvider) => !!p.clientId && !!p.clientSecret

export function authorizeUrl(p: OAuthProvider, redirectUri: string, state: string): string {
  const url = new URL(p.authorizeUrl)
  url.search = new URLSearchParams({
    client_id: p.clientId ?? '', redirect_uri: redirectUri, response_type: 'code', scope: p.scopes.join(' '), state, ...p.extra,
  }).toString()
  return url.toString()
}

async function tokenRequest(p: OAuthProvider, form: Record<string, string>): Promise<TokenSet> {
  const res = await fetch(p.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: p.clientId ?? '', client_secret: p.clientSecret ?? '', ...form }),
    signal: AbortSignal.timeout(15_000),
  })
  const body = await readJson<Partial<TokenSet>>(res, `${p.name} token endpoint`)
  if (typeof body.access_token !== 'string' || !body.access_token) throw new SourceHttpError(`${p.name} token endpoint answered without an access token`, res.status)
  return { ...body, access_token: body.access_token }
}

export function exchangeCode(p: OAuthProvider, code: string, redirectUri: string): Promise<TokenSet> {
  return tokenRequest(p, { grant_type: 'authorization_code', code, redirect_uri: redirectUri })
}

export function refreshTokens(p: OAuthProvider, refreshToken: string): Promise<TokenSet> {
  return tokenRequest(p, { grant_type: 'refresh_token', refresh_token: refreshToken })
}
