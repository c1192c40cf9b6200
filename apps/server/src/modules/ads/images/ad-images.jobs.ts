import type { Platform } from '../../../platform/context'
import { failExtraction, runExtraction } from './ad-assets.service'
import { failGeneration, runGeneration } from './ad-generations.service'
import {
  AD_EXTRACT_DEAD_QUEUE,
  AD_EXTRACT_QUEUE,
  AD_GENERATE_DEAD_QUEUE,
  AD_GENERATE_QUEUE,
  ensureAdImageQueues,
} from '../ads.queues'

interface ExtractJob {
  assetId: number
  revision: number
}
interface GenerateJob {
  generationId: number
}

/** Subject extraction and ad image generation; run by `work` and `all` processes. */
export async function startAdImagesWorkers(platform: Platform): Promise<void> {
  await ensureAdImageQueues(platform)
  await platform.queue.work<ExtractJob>(
    AD_EXTRACT_QUEUE,
    { pollingIntervalSeconds: 0.5, localConcurrency: 1 },
    async (jobs) => {
      for (const job of jobs) await runExtraction(platform, job.data.assetId, job.data.revision)
    },
  )
  await platform.queue.work<ExtractJob>(
    AD_EXTRACT_DEAD_QUEUE,
    { pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) await failExtraction(platform, job.data.assetId, job.data.revision)
    },
  )
  await platform.queue.work<GenerateJob>(
    AD_GENERATE_QUEUE,
    { pollingIntervalSeconds: 0.5, localConcurrency: 1 },
    async (jobs) => {
      for (const job of jobs) await runGeneration(platform, job.data.generationId, job.signal)
    },
  )
  await platform.queue.work<GenerateJob>(
    AD_GENERATE_DEAD_QUEUE,
    { pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) await failGeneration(platform, job.data.generationId)
    },
  )
}
