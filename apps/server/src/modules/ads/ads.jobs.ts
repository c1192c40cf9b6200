import type { Platform } from '../../platform/context'
import { startScrapeWorker } from './scraper/scrape.jobs'
import { ensureImageSearchQueue, IMAGE_SEARCH_QUEUE } from './ads.queues'
import { runSearch } from './search/image-search.service'

/** The ads job workers (work and all processes). */
export async function startAdsWorkers(platform: Platform): Promise<void> {
  await startScrapeWorker(platform)
  await ensureImageSearchQueue(platform)
  await platform.queue.work<{ searchId: number }>(
    IMAGE_SEARCH_QUEUE,
    { pollingIntervalSeconds: 0.5, localConcurrency: 1 },
    async (jobs) => {
      for (const job of jobs) await runSearch(platform, job.data.searchId, job.signal)
    },
  )
}
