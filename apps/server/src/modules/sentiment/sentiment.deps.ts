import type { Platform } from '../../platform/context'
import { cachedPerDb } from '../../platform/cached-per-db'
import type { Db } from '../../platform/db/client'
import type { Queue } from '../../platform/queue/queue'
import type { Realtime } from '../../platform/realtime/realtime'
import { donationsDeps } from '../donations'
import type { DonationsDeps } from '../donations'
import { allowHostsFrom } from '../../platform/http/safe-fetch'
import { llmAllowHosts, loadSentimentConfig } from './sentiment.config'
import type { SentimentConfig } from './sentiment.config'

/** What the sentiment use cases work with; the Google link and YouTube settings come from donations. */
export interface SentimentDeps {
  db: Db
  queue: Queue
  /** Progress of a run goes to its creator's sockets. */
  realtime: Realtime
  config: SentimentConfig
  /** Private hosts the LLM engine may reach: llmAllowHosts, and the test-only SAFE_FETCH_ALLOW_HOSTS. */
  llmAllowHosts: string[]
  google: DonationsDeps
  /** Wakes this process's run worker at once (a no-op where no worker runs). */
}

export const sentimentDeps = cachedPerDb(
  (
    platform: Pick<Platform, 'db' | 'database' | 'queue' | 'storage' | 'config' | 'realtime'>,
  ): SentimentDeps => {
    const config = loadSentimentConfig()
    return {
      db: platform.db,
      queue: platform.queue,
      realtime: platform.realtime,
      config,
      google: donationsDeps(platform),
      llmAllowHosts: [...llmAllowHosts(config), ...allowHostsFrom(platform.config)],
    }
  },
)
