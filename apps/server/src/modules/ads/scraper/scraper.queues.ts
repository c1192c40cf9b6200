import type { Platform } from '../../../platform/context'

/** The brand scrape queue, apart from the jobs and the service so both can declare it. */
export const SCRAPE_QUEUE = 'ads.scrape'

export async function ensureScrapeQueue(platform: Pick<Platform, 'queue'>): Promise<void> {
  // No automatic retry: a failed scrape tells the user why, and they retry (retry-extraction).
  await platform.queue.ensure(SCRAPE_QUEUE, { retryLimit: 0, expireInSeconds: 180 })
}
