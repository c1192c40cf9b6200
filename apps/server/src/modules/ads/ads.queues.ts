import type { Platform } from '../../platform/context'

/**
 * Every queue of the ads module, in one file that senders (services) and workers (`*.jobs.ts`) both
 * import. Each is declared by senders and workers alike (idempotent).
 */

// ───────────── images: subject extraction and image generation (ads/images) ─────────────
export const AD_EXTRACT_QUEUE = 'ads.extract'
export const AD_EXTRACT_DEAD_QUEUE = 'ads.extract-failed'
export const AD_GENERATE_QUEUE = 'ads.generate-images'
export const AD_GENERATE_DEAD_QUEUE = 'ads.generate-images-failed'

export async function ensureAdImageQueues(platform: Pick<Platform, 'queue'>): Promise<void> {
  await platform.queue.ensure(AD_EXTRACT_DEAD_QUEUE, { retryLimit: 3, retryDelay: 2 })
  await platform.queue.ensure(AD_GENERATE_DEAD_QUEUE, { retryLimit: 3, retryDelay: 2 })
  // deadLetter is a pg-boss queue option the wrapper's type leaves out; createQueue/updateQueue take it.
  const extract = {
    retryLimit: 1,
    retryDelay: 1,
    expireInSeconds: 300,
    heartbeatSeconds: 10,
    deadLetter: AD_EXTRACT_DEAD_QUEUE,
  }
  await platform.queue.ensure(AD_EXTRACT_QUEUE, extract)
  const generate = {
    retryLimit: 1,
    retryDelay: 1,
    expireInSeconds: 300,
    heartbeatSeconds: 10,
    deadLetter: AD_GENERATE_DEAD_QUEUE,
  }
  await platform.queue.ensure(AD_GENERATE_QUEUE, generate)
}

// ───────────── scraper: a brand's site (ads/scraper) ─────────────
export const SCRAPE_QUEUE = 'ads.scrape'

export async function ensureScrapeQueue(platform: Pick<Platform, 'queue'>): Promise<void> {
  // No automatic retry: a failed scrape tells the user why, and they retry (retry-extraction).
  await platform.queue.ensure(SCRAPE_QUEUE, { retryLimit: 0, expireInSeconds: 180 })
}

// ───────────── search: the admin image search (ads/search) ─────────────
export const IMAGE_SEARCH_QUEUE = 'ads.search-images'

export async function ensureImageSearchQueue(platform: Pick<Platform, 'queue'>): Promise<void> {
  // No automatic retry: a failed search says why and the admin retries it (POST retry).
  await platform.queue.ensure(IMAGE_SEARCH_QUEUE, { retryLimit: 0, expireInSeconds: 120 })
}
