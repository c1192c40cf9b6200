import type {
  TwitchConnectionSetting,
  TwitchEventSubTransport,
} from '@mouthpiece/contracts/donations/twitch-setting.contract'
import { AppError } from '../../../platform/http/errors'
import { countTwitchAccounts } from './accounts.repo'
import type { DonationsConfig } from '../donations.config'
import type { DonationsDeps } from '../donations.deps'
import { readTwitchConnection, writeTwitchConnection } from '../settings/settings.repo'

export const TWITCH_WEBHOOK_PATH = '/api/donation/twitch/eventsub'
export const TWITCH_DISABLED_MESSAGE =
  'Linking Twitch is turned off on this server for now. Please try again later or contact support.'

/** What is in force: the admin's choice, else the environment's transport. Read per use so every process follows a change. */
export async function twitchConnection(
  deps: DonationsDeps,
): Promise<{ enabled: boolean; transport: TwitchEventSubTransport }> {
  const row = await readTwitchConnection(deps.db)
  return { enabled: row.enabled, transport: row.transport ?? deps.config.TWITCH_EVENTSUB_TRANSPORT }
}

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0|.*\.local|.*\.localhost)$/i

/** Twitch only posts to a public HTTPS address and signs with a secret we chose: without both, no webhook transport. */
export function webhookUnavailable(config: DonationsConfig): string | null {
  if (!config.TWITCH_EVENTSUB_SECRET)
    return 'Set TWITCH_EVENTSUB_SECRET (10 to 100 characters) on the server to use the webhook transport.'
  const url = new URL(config.publicUrl)
  if (url.protocol !== 'https:' || LOCAL_HOST.test(url.hostname))
    return `Twitch only posts to a public HTTPS address, and PUBLIC_URL is ${url.origin}. Set PUBLIC_URL to the site's public address to use the webhook transport.`
  return null
}

export async function presentTwitchConnection(deps: DonationsDeps): Promise<TwitchConnectionSetting> {
  const [setting, counts] = await Promise.all([twitchConnection(deps), countTwitchAccounts(deps.db)])
  return {
    ...setting,
    summary: {
      client_configured: !!deps.config.TWITCH_CLIENT_ID && !!deps.config.TWITCH_CLIENT_SECRET,
      webhook_unavailable: webhookUnavailable(deps.config),
      webhook_callback: `${deps.config.publicUrl}${TWITCH_WEBHOOK_PATH}`,
      linked_accounts: counts.linked,
      accounts_in_error: counts.errors,
      live_clients: setting.transport === 'websocket' ? counts.live : 0,
    },
  }
}

/** Saves the admin's change; answers the transport it switched to, if it did (the caller moves the accounts over). */
export async function changeTwitchConnection(
  deps: DonationsDeps,
  body: { enabled?: boolean; transport?: TwitchEventSubTransport },
): Promise<TwitchEventSubTransport | null> {
  if (body.transport === 'webhook') {
    const why = webhookUnavailable(deps.config)
    if (why) throw new AppError('webhook_unavailable', why, 422, { transport: [why] })
  }
  const before = await twitchConnection(deps)
  await writeTwitchConnection(deps.db, body)
  if (!body.transport || body.transport === before.transport) return null
  // Workers of this process rescan now (others at their next scan): sockets start or stop.
  deps.signals.emit('accounts')
  return body.transport
}
