import { registerProfileSpeech } from './voice-profiles.service'
import type { Platform } from '../../platform/context'
import { failUpload, processUpload } from './audio-uploads.service'
import type { UploadsDeps } from './audio-uploads.service'
import { AUDIO_PROCESS_DEAD_QUEUE, AUDIO_PROCESS_QUEUE, ensureVoicesQueues } from './voices.queues'

/** Converts and measures uploaded audio; run by `work` and `all` processes. */
export async function startVoicesWorkers(platform: Platform): Promise<void> {
  await ensureVoicesQueues(platform)
  // Renders and alerts in this process may speak `profile:<id>` voices.
  registerProfileSpeech(platform.db)
  const deps: UploadsDeps = platform
  await platform.queue.work<{ uuid: string }>(AUDIO_PROCESS_QUEUE, { pollingIntervalSeconds: 0.5, localConcurrency: 1 }, async (jobs) => {
    for (const job of jobs) await processUpload(deps, job.data.uuid, job.signal)
  })
  await platform.queue.work<{ uuid: string }>(AUDIO_PROCESS_DEAD_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await failUpload(deps, job.data.uuid)
  })
}
