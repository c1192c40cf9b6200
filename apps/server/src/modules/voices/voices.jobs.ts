import { registerProfileSpeech } from './voice-profiles.service'
import type { Platform } from '../../platform/context'
import type { VoicesDeps } from './voices.deps'
import { failUpload, processUpload, sweepAnonymousUploads } from './audio-uploads.service'
import {
  ANONYMOUS_UPLOADS_SWEEP_CRON,
  ANONYMOUS_UPLOADS_SWEEP_QUEUE,
  AUDIO_PROCESS_DEAD_QUEUE,
  AUDIO_PROCESS_QUEUE,
  ensureVoicesQueues,
} from './voices.queues'

/** Converts and measures uploaded audio; run by `work` and `all` processes. */
export async function startVoicesWorkers(platform: Platform): Promise<void> {
  await ensureVoicesQueues(platform)
  // Renders and alerts in this process may speak `profile:<id>` voices.
  registerProfileSpeech(platform.db)
  const deps: VoicesDeps = platform
  await platform.queue.work<{ uuid: string }>(
    AUDIO_PROCESS_QUEUE,
    { pollingIntervalSeconds: 0.5, localConcurrency: 1 },
    async (jobs) => {
      for (const job of jobs) await processUpload(deps, job.data.uuid, job.signal)
    },
  )
  await platform.queue.work<{ uuid: string }>(
    AUDIO_PROCESS_DEAD_QUEUE,
    { pollingIntervalSeconds: 2 },
    async (jobs) => {
      for (const job of jobs) await failUpload(deps, job.data.uuid)
    },
  )
  // A missed or failed sweep is redone by the next one, so a job never needs retrying.
  await platform.queue.ensure(ANONYMOUS_UPLOADS_SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 600 })
  await platform.queue.work(ANONYMOUS_UPLOADS_SWEEP_QUEUE, { batchSize: 1 }, async () => {
    const swept = await sweepAnonymousUploads(deps)
    if (swept.removed)
      console.log(`[voices] removed ${swept.removed} expired signed-out uploads (${swept.bytes} bytes)`)
  })
  await platform.queue.boss.schedule(ANONYMOUS_UPLOADS_SWEEP_QUEUE, ANONYMOUS_UPLOADS_SWEEP_CRON)
}
