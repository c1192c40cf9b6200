import { z } from 'zod'
import { ConfigError } from '../../platform/config'
import { dataDirSecret } from '../../platform/secrets'
import type { Config } from '../../platform/config'

const Url = z.string().url()
const Seconds = z.coerce.number().int().positive()

/**
 * The alert sources' settings, read from the environment like platform/config.ts. Every host a
 * client talks to is a setting, so a local server speaking the same protocol can stand in (tests,
 * staging). A provider without its client id/secret cannot be linked; everything else still works.
 */
const DonationsEnv = z.object({
  /** Encrypts stored tokens and signs OAuth state; unset = a key generated once into DATA_DIR. */
  DONATIONS_SECRET: z.string().min(32).optional(),
  TWITCH_CLIENT_ID: z.string().min(1).optional(),
  TWITCH_CLIENT_SECRET: z.string().min(1).optional(),
  TWITCH_AUTH_URL: Url.default('https://id.twitch.tv/oauth2'),
  TWITCH_API_URL: Url.default('https://api.twitch.tv/helix'),
  TWITCH_EVENTSUB_WS_URL: Url.default('wss://eventsub.wss.twitch.tv/ws'),
  /** websocket: a worker keeps one EventSub socket per account; webhook: Twitch posts to us (hosted). */
  TWITCH_EVENTSUB_TRANSPORT: z.enum(['websocket', 'webhook']).default('websocket'),
  /** HMAC secret of webhook subscriptions (Twitch allows 10–100 ASCII characters). */
  TWITCH_EVENTSUB_SECRET: z.string().min(10).max(100).optional(),
  STREAMLABS_CLIENT_ID: z.string().min(1).optional(),
  STREAMLABS_CLIENT_SECRET: z.string().min(1).optional(),
  STREAMLABS_API_URL: Url.default('https://streamlabs.com/api/v2.0'),
  STREAMLABS_SOCKET_URL: Url.default('https://sockets.streamlabs.com'),
  STREAMELEMENTS_CLIENT_ID: z.string().min(1).optional(),
  STREAMELEMENTS_CLIENT_SECRET: z.string().min(1).optional(),
  STREAMELEMENTS_API_URL: Url.default('https://api.streamelements.com'),
  STREAMELEMENTS_ASTRO_URL: Url.default('wss://astro.streamelements.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: Url.default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: Url.default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: Url.default('https://oauth2.googleapis.com/revoke'),
  YOUTUBE_API_URL: Url.default('https://www.googleapis.com/youtube/v3'),
  /** The Google Cloud project's daily YouTube Data API quota, shared by every creator. */
  YOUTUBE_DAILY_QUOTA: z.coerce.number().int().positive().default(10_000),
  /** Two events with the same kind, sender, amount and message this close are one event relayed twice. */
  ALERT_DEDUPE_WINDOW_SECONDS: Seconds.default(30),
  /** An alert job whose worker died is handed out again after this long (a batch must finish within it). */
  ALERT_JOB_EXPIRE_SECONDS: Seconds.default(60),
  /** Voice for creators who have not picked one: espeak answers in milliseconds. */
  ALERT_DEFAULT_VOICE: z.string().default('espeak:en-us+f3'),
  /** How often a worker re-reads linked accounts (a link or unlink in this process is seen at once). */
  SOURCES_SCAN_SECONDS: Seconds.default(10),
  /** Tips one IP address may send from the public tip pages per minute (retries count). */
  DIRECT_TIPS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Off: no live clients run in this process (tests that drive sources by hand). */
  SOURCES_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
})
export type DonationsConfig = z.infer<typeof DonationsEnv> & {
  secret: string
  publicUrl: string
  /** PUBLIC_URL was set: links use it; otherwise they use the address the creator is using. */
  publicUrlSet: boolean
}

export function loadDonationsConfig(
  config: Pick<Config, 'dataDir' | 'publicUrl'> & { PUBLIC_URL?: string },
  env: NodeJS.ProcessEnv = process.env,
): DonationsConfig {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''))
  const parsed = DonationsEnv.safeParse(clean)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return {
    ...parsed.data,
    secret: parsed.data.DONATIONS_SECRET ?? dataDirSecret(config.dataDir, 'donations-secret'),
    publicUrl: config.publicUrl,
    publicUrlSet: Boolean(config.PUBLIC_URL),
  }
}
