import type { Platform } from '../../../platform/context'
import { runScrape } from './scrape.service'
import { ensureScrapeQueue, SCRAPE_QUEUE } from '../ads.queues'

/** Runs brand scrapes; started from `workerModules` (work and all processes). */
export async function startScrapeWorker(platform: Platform): Promise<void> {
  await ensureScrapeQueue(platform)
  await platform.queue.work<{ taskId: string }>(
    SCRAPE_QUEUE,
    { pollingIntervalSeconds: 0.5, localConcurrency: 2 },
    async (jobs) => {
      for (const job of jobs) await runScrape(platform, job.data.taskId)
    },
  )
}
