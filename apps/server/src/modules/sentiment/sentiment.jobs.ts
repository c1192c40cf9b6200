import type { Platform } from '../../platform/context'
import { runAnalysis } from './sentiment-run.service'
import { sentimentDeps } from './sentiment.deps'
import { ensureSentimentQueue, SENTIMENT_QUEUE } from './sentiment.queues'

/** Sentiment runs (analyze / analyze-again); run by `work` and `all` processes, two at a time. */
export async function startSentimentWorkers(platform: Platform): Promise<void> {
  const deps = sentimentDeps(platform)
  await ensureSentimentQueue(deps)
  await platform.queue.work<{ runId: string }>(
    SENTIMENT_QUEUE,
    { pollingIntervalSeconds: 0.5, localConcurrency: 2 },
    async (jobs) => {
      for (const job of jobs) await runAnalysis(deps, job.data.runId)
    },
  )
}
