import { createHmac } from 'node:crypto'
import type {
  AccountProvider,
  ConnectedAccount,
  StreamPlatform,
} from '@mouthpiece/contracts/donations/donations.schemas'
import { ACCOUNT_PROVIDERS } from '@mouthpiece/contracts/donations/donations.schemas'
import { sameOriginPath } from '@mouthpiece/contracts/same-origin-path'
import { AppError, forbidden, notFound } from '../../../platform/http/errors'
import { findUserById, findUserByLogin, recordReferral } from '../../users'
import * as repo from './accounts.repo'
import type { DonationsConfig } from '../donations.config'
import type { DonationsDeps } from '../donations.deps'
import type { ConnectedAccountRow } from '../donations.table'
import { ensureSettings, updateSettings } from '../settings/settings.service'
import { SourceAuthError, SourceHttpError } from '../../../platform/http/upstream'
import {
  authorizeUrl,
  canRevoke,
  exchangeCode,
  isConfigured,
  oauthProvider,
  refreshTokens,
  revokeToken,
} from '../sources/oauth'
import type { TokenSet } from '../sources/oauth'
import { streamElementsChannel } from '../sources/streamelements'
import { streamlabsIdentity } from '../sources/streamlabs'
import { createSubscription, getTwitchUser } from '../sources/twitch-helix'
import { TWITCH_SUBSCRIPTION_TYPES } from '../sources/twitch-normalize'
import { youtubeChannel } from '../sources/youtube'
import { TWITCH_DISABLED_MESSAGE, TWITCH_WEBHOOK_PATH, twitchConnection } from './twitch-setting.service'

export const SETTINGS_PAGE = '/donation-settings'
/** SPEC §8: "Integration callback error or missing state → donation-settings page with error=403". */
export const CALLBACK_FAILED = `${SETTINGS_PAGE}?error=403`
const STATE_TTL_SECONDS = 15 * 60

export function presentAccount(row: ConnectedAccountRow): ConnectedAccount {
  return {
    id: row.id,
    platform: row.platform,
    provider: row.provider,
    external_id: row.external_id,
    display_name: row.display_name,
    status: row.status,
    last_error: row.last_error,
    connected_at: row.created_at.toISOString(),
  }
}

export async function listGrouped(deps: DonationsDeps, userId: number) {
  const [rows, settings, twitch] = await Promise.all([
    repo.listAccounts(deps.db, userId),
    ensureSettings(deps, userId),
    twitchConnection(deps),
  ])
  const accounts = rows.map(presentAccount)
  return {
    accounts: {
      twitch: accounts.filter((a) => a.platform === 'twitch'),
      youtube: accounts.filter((a) => a.platform === 'youtube'),
    },
    selected_platform: settings.selected_platform,
    twitch_enabled: twitch.enabled,
    providers: ACCOUNT_PROVIDERS.map((provider) => ({
      provider,
      configured: isConfigured(oauthProvider(deps.config, provider)),
    })),
  }
}

/** The HMAC secret of Twitch webhook subscriptions: configured, or derived from the donations secret. */
export function eventSubSecret(config: DonationsConfig): string {
  return (
    config.TWITCH_EVENTSUB_SECRET ??
    createHmac('sha256', config.secret).update('twitch-eventsub').digest('hex').slice(0, 48)
  )
}

/** Only same-site return addresses: a path, or a URL on PUBLIC_URL; anything else is the settings page. */
export function safeReturn(config: DonationsConfig, uri: string | undefined): string {
  return sameOriginPath(uri, config.publicUrl) ?? SETTINGS_PAGE
}

interface LinkState {
  u: number
  p: AccountProvider
  r: string
  plat: StreamPlatform
  ref?: string
}

/** The provider's consent page for this user; `state` is signed and expires, so a callback cannot be forged. */
export async function connectUrl(
  deps: DonationsDeps,
  actorId: number,
  provider: AccountProvider,
  q: { user_id: number; redirect_uri?: string; platform: StreamPlatform; env?: string; referred_by?: string },
): Promise<string> {
  if (q.user_id !== actorId) throw forbidden('You can only link accounts to your own profile')
  if (provider === 'twitch' && !(await twitchConnection(deps)).enabled)
    throw new AppError('twitch_disabled', TWITCH_DISABLED_MESSAGE, 403)
  const p = oauthProvider(deps.config, provider)
  if (!isConfigured(p))
    throw new AppError('not_configured', `${label(provider)} is not set up on this server yet`, 503)
  let state = deps.sealer.sign(
    {
      u: actorId,
      p: provider,
      r: safeReturn(deps.config, q.redirect_uri),
      plat: q.platform,
      ref: q.referred_by,
    } satisfies LinkState,
    STATE_TTL_SECONDS,
  )
  // SPEC §2: the StreamElements return page picks the backend from the last comma-separated part of state.
  if (provider === 'streamelements') state += `,${q.env ?? 'prod'}`
  return authorizeUrl(p, `${deps.config.publicUrl}${p.callbackPath}`, state)
}

/**
 * The provider sent the browser back: check the state, trade the code for tokens, ask who the
 * account is, store it (tokens sealed), and answer where to send the browser. Any failure lands on
 * the settings page with error=403.
 */
export async function completeLink(
  deps: DonationsDeps,
  provider: AccountProvider,
  q: { code?: string; state?: string; error?: string },
): Promise<string> {
  const state = q.state ? deps.sealer.verify<LinkState>(q.state.split(',')[0] ?? '') : null
  if (!state || state.p !== provider || !q.code || q.error) return CALLBACK_FAILED
  try {
    if (!(await findUserById(deps.db, state.u))) return CALLBACK_FAILED
    const twitch = provider === 'twitch' ? await twitchConnection(deps) : null
    // Turned off while the creator was on Twitch's consent page.
    if (twitch && !twitch.enabled) return CALLBACK_FAILED
    const p = oauthProvider(deps.config, provider)
    const tokens = await exchangeCode(p, q.code, `${deps.config.publicUrl}${p.callbackPath}`)
    const who = await identify(deps.config, provider, tokens)
    const account = await repo.upsertAccount(deps.db, {
      user_id: state.u,
      platform: provider === 'youtube' ? 'youtube' : provider === 'twitch' ? 'twitch' : state.plat,
      provider,
      external_id: who.id,
      display_name: who.name,
      token_type: 'oauth',
      ...sealTokens(deps, tokens),
      socket_token_enc: who.socketToken ? deps.sealer.seal(who.socketToken) : null,
      cursor: null,
    })
    if (twitch?.transport === 'webhook') await subscribeWebhooks(deps, account)
    await selectPlatformIfNone(deps, state.u, account.platform)
    if (state.ref) await recordReferral(deps.db, state.u, state.ref)
    deps.signals.emit('accounts')
    return `${state.r}${state.r.includes('?') ? '&' : '?'}connected=${provider}`
  } catch (err) {
    // fetch's own message is only "fetch failed": the reason (refused, reset, timed out) is its cause.
    const cause = (err as Error).cause as { code?: string; message?: string } | undefined
    console.error(
      `[donations] linking ${provider} failed:`,
      (err as Error).message,
      cause ? `(${cause.code ?? cause.message})` : '',
    )
    return CALLBACK_FAILED
  }
}

async function identify(
  config: DonationsConfig,
  provider: AccountProvider,
  tokens: TokenSet,
): Promise<{ id: string; name: string; socketToken?: string }> {
  switch (provider) {
    case 'twitch': {
      const user = await getTwitchUser(config, tokens.access_token)
      return { id: user.id, name: user.display_name || user.login }
    }
    case 'streamlabs':
      return streamlabsIdentity(config.STREAMLABS_API_URL, tokens.access_token)
    case 'streamelements':
      return streamElementsChannel(config.STREAMELEMENTS_API_URL, tokens.access_token, 'OAuth')
    case 'youtube':
      return youtubeChannel(config.YOUTUBE_API_URL, tokens.access_token)
  }
}

function sealTokens(deps: DonationsDeps, t: TokenSet) {
  return {
    access_token_enc: deps.sealer.seal(t.access_token),
    refresh_token_enc: t.refresh_token ? deps.sealer.seal(t.refresh_token) : null,
    token_expires_at: t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
  }
}

async function selectPlatformIfNone(deps: DonationsDeps, userId: number, platform: StreamPlatform) {
  const settings = await ensureSettings(deps, userId)
  if (!settings.selected_platform) await updateSettings(deps, userId, { selected_platform: platform })
}

/** Hosted deployments: Twitch posts the five event types to our webhook instead of a worker socket. */
async function subscribeWebhooks(deps: DonationsDeps, account: ConnectedAccountRow) {
  const auth = tokenAccess(deps, account)
  for (const type of TWITCH_SUBSCRIPTION_TYPES)
    await createSubscription(deps.config, auth, type, account.external_id, {
      method: 'webhook',
      callback: `${deps.config.publicUrl}${TWITCH_WEBHOOK_PATH}`,
      secret: eventSubSecret(deps.config),
    })
}

/**
 * The admin switched to webhooks: every linked Twitch account gets its subscriptions (one at a
 * time, Helix rate limits). An account that fails shows why; relinking it subscribes again.
 */
export async function subscribeAllWebhooks(deps: DonationsDeps): Promise<void> {
  for (const account of await repo.listActiveAccounts(deps.db, 'twitch')) {
    try {
      await subscribeWebhooks(deps, account)
      await repo.updateAccount(deps.db, account.id, { last_error: null })
    } catch (err) {
      const message = `Could not subscribe to Twitch webhooks: ${(err as Error).message}`.slice(0, 500)
      console.warn(`[donations:twitch#${account.id}] ${message}`)
      await repo.updateAccount(deps.db, account.id, { last_error: message }).catch(() => {})
    }
  }
}

/** StreamElements by JWT (pasted from its dashboard): checked against the channel it claims. */
export async function syncStreamElements(
  deps: DonationsDeps,
  userId: number,
  body: { platform: StreamPlatform; jwtToken: string; accountId: string },
) {
  let channel: { id: string; name: string }
  try {
    channel = await streamElementsChannel(deps.config.STREAMELEMENTS_API_URL, body.jwtToken, 'Bearer')
  } catch (err) {
    if (err instanceof SourceAuthError)
      throw new AppError('invalid_token', 'StreamElements did not accept this JWT token', 422, {
        jwtToken: ['StreamElements did not accept this JWT token'],
      })
    throw new AppError(
      'provider_unavailable',
      'StreamElements is not answering. Please try again in a moment.',
      502,
    )
  }
  if (channel.id !== body.accountId)
    throw new AppError('account_mismatch', 'This JWT token belongs to another StreamElements account', 422, {
      accountId: ['This JWT token belongs to another StreamElements account'],
    })
  const account = await repo.upsertAccount(deps.db, {
    user_id: userId,
    platform: body.platform,
    provider: 'streamelements',
    external_id: channel.id,
    display_name: channel.name,
    token_type: 'jwt',
    socket_token_enc: deps.sealer.seal(body.jwtToken),
    access_token_enc: null,
    refresh_token_enc: null,
    token_expires_at: null,
  })
  await selectPlatformIfNone(deps, userId, body.platform)
  deps.signals.emit('accounts')
  return presentAccount(account)
}

/**
 * Unlinks: the rows (and their sealed tokens) go first and the live clients stop, then each token is
 * revoked at its platform. A platform that refuses or does not answer is logged, never blocks the
 * unlink: the token is gone from here either way.
 */
export async function unlink(
  deps: DonationsDeps,
  userId: number,
  provider: AccountProvider,
  platform?: StreamPlatform,
) {
  const rows = await repo.deleteAccounts(deps.db, userId, { provider, platform })
  deps.signals.emit('accounts')
  await Promise.all(rows.map((row) => revokeAccess(deps, row)))
}

/** The token the platform should forget: Google's refresh token ends the whole grant; the others take the access token. */
async function revokeAccess(deps: DonationsDeps, row: ConnectedAccountRow): Promise<void> {
  // A StreamElements JWT is the creator's own dashboard key, not a grant to us: revoking it would break their other tools.
  if (!canRevoke(row.provider) || row.token_type !== 'oauth') return
  try {
    const token =
      row.provider === 'youtube' && row.refresh_token_enc
        ? deps.sealer.open(row.refresh_token_enc)
        : await tokenAccess(deps, row).accessToken()
    await revokeToken(deps.config, row.provider, token)
  } catch (err) {
    console.warn(
      `[donations] ${label(row.provider)} did not revoke the token of account #${row.id} (unlinked anyway): ${(err as Error).message}`,
    )
  }
}

export async function permissionByChannel(deps: DonationsDeps, channelId: string) {
  const account = await repo.findAccountByChannel(deps.db, channelId)
  if (!account) throw notFound('Channel')
  const [user, settings] = await Promise.all([
    findUserById(deps.db, account.user_id),
    ensureSettings(deps, account.user_id),
  ])
  return {
    channel_id: account.external_id,
    platform: account.platform,
    provider: account.provider,
    username: user?.username ?? '',
    alerts_allowed: settings.alerts_allowed && (user?.is_enabled ?? false),
  }
}

/** Access to an account's tokens for the clients: decrypt, refresh when expired or refused. */
export function tokenAccess(deps: DonationsDeps, account: ConnectedAccountRow) {
  let row = account
  const refresh = async (): Promise<string> => {
    if (!row.refresh_token_enc)
      throw new SourceAuthError(`${label(row.provider)} access expired; please link it again`)
    let tokens: TokenSet
    try {
      tokens = await refreshTokens(
        oauthProvider(deps.config, row.provider),
        deps.sealer.open(row.refresh_token_enc),
      )
    } catch (err) {
      if (err instanceof SourceHttpError && err.status >= 400 && err.status < 500)
        throw new SourceAuthError(`${label(row.provider)} refused to refresh access; please link it again`)
      throw err
    }
    const sealed = sealTokens(deps, tokens)
    row =
      (await repo.updateAccount(deps.db, row.id, {
        ...sealed,
        refresh_token_enc: sealed.refresh_token_enc ?? row.refresh_token_enc,
      })) ?? row
    return tokens.access_token
  }
  const accessToken = async (): Promise<string> => {
    if (!row.access_token_enc)
      throw new SourceAuthError(`${label(row.provider)} has no access token; please link it again`)
    if (row.token_expires_at && row.token_expires_at.getTime() < Date.now() + 60_000 && row.refresh_token_enc)
      return refresh()
    return deps.sealer.open(row.access_token_enc)
  }
  return { accessToken, refreshAccessToken: refresh }
}

const label = (p: AccountProvider) =>
  ({ twitch: 'Twitch', youtube: 'YouTube', streamlabs: 'Streamlabs', streamelements: 'StreamElements' })[p]

/**
 * The creator's linked Google account (the YouTube link) with token access, for the other Google
 * APIs that act as the creator (sentiment's YouTube Data calls, Google Ads); null when not linked.
 */
export async function googleTokenAccess(deps: DonationsDeps, userId: number) {
  const row = (await repo.listAccounts(deps.db, userId)).find(
    (r) => r.provider === 'youtube' && r.status === 'active' && r.access_token_enc,
  )
  return row ? { account: presentAccount(row), ...tokenAccess(deps, row) } : null
}

/**
 * The creator behind a /r/{username} link, as the sign-up page names them: the display name of
 * their first working channel, else their username. A missing or disabled user is "Referrer not found".
 */
export async function referrer(
  deps: Pick<DonationsDeps, 'db'>,
  username: string,
): Promise<{ username: string; display_name: string }> {
  const user = username.includes('@') ? undefined : await findUserByLogin(deps.db, username)
  if (!user?.is_enabled) throw notFound('Referrer')
  const channel = (await repo.listAccounts(deps.db, user.id)).find((a) => a.status === 'active')
  return { username: user.username, display_name: channel?.display_name || user.username }
}
