import { z } from 'zod'
import { parseEnv } from '../../platform/config'

const Url = z.string().url()
/** The ad platforms' hosts (settings, so stand-ins can answer) and the Meta app. Google's OAuth app is donations'. */
const AdImportEnv = z.object({
  GOOGLE_ADS_API_URL: Url.default('https://googleads.googleapis.com/v26'),
  META_GRAPH_URL: Url.default('https://graph.facebook.com/v25.0'),
  META_AUTH_URL: Url.default('https://www.facebook.com/v25.0/dialog/oauth'),
  META_APP_ID: z.string().min(1).optional(),
  META_APP_SECRET: z.string().min(1).optional(),
  /** Calls one IP may make to the social-ad routes a minute (they carry a Meta token, not ours). */
  META_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** First backoff after Meta's "(#17) User request limit reached" (ms). */
  META_BACKOFF_MS: z.coerce.number().int().positive().default(2000),
})
export type AdImportConfig = z.infer<typeof AdImportEnv>

export const loadAdImportConfig = (env: NodeJS.ProcessEnv = process.env): AdImportConfig =>
  parseEnv(AdImportEnv, env)
