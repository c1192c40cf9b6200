import { z } from 'zod'
import { parseEnv } from '../../platform/config'

/**
 * Sentiment's own settings. The YouTube base URL, the daily quota and the Google OAuth link are the
 * donations module's (one Google Cloud project): see donations.config.ts.
 */
const SentimentEnv = z.object({
  /** Public data without a linked Google account (search and comments need no user consent). */
  YOUTUBE_API_KEY: z.string().min(1).optional(),
  /** The newer quota page's separate search bucket (calls a day). */
  YOUTUBE_SEARCH_DAILY_CALLS: z.coerce.number().int().positive().default(100),
  /** OpenAI-compatible endpoint for the LLM engine, when the admin has not set one. */
  SENTIMENT_LLM_URL: z.string().url().optional(),
  SENTIMENT_LLM_API_KEY: z.string().min(1).optional(),
  /**
   * Hosts (comma-separated names or addresses) the LLM engine may reach although they are private
   * or local (a model on this machine or the LAN). Set by whoever runs the server, never from the
   * admin area; SENTIMENT_LLM_URL's own host is allowed without it.
   */
  SENTIMENT_LLM_ALLOW_HOSTS: z.string().optional(),
  /** Analyses spend the shared YouTube quota and CPU: a creator starts this many a minute (analyze and analyze-again each). */
  SENTIMENT_RUNS_PER_MINUTE: z.coerce.number().int().positive().default(10),
})
export type SentimentConfig = z.infer<typeof SentimentEnv>

export const loadSentimentConfig = (env: NodeJS.ProcessEnv = process.env): SentimentConfig =>
  parseEnv(SentimentEnv, env)

/** The private hosts the LLM engine may reach: the operator's list and SENTIMENT_LLM_URL's host. */
export function llmAllowHosts(config: SentimentConfig): string[] {
  const hosts = (config.SENTIMENT_LLM_ALLOW_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)
  if (config.SENTIMENT_LLM_URL) hosts.push(new URL(config.SENTIMENT_LLM_URL).hostname.replace(/^\[|\]$/g, ''))
  return hosts
}
