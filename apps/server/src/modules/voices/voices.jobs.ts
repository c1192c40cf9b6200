import type { Platform } from '../../platform/context'
import { AUDIO_PROCESS_QUEUE, failUpload, processUpload } from './audio-uploads.service'
import type { UploadsDeps } from './audio-uploads.service'

export const AUDIO_PROCESS_DEAD_QUEUE = 'voices.process-failed'

/** Declared by senders and workers alike (idempotent). */
export async function ensureVoicesQueues(platform: Pick<Platform, 'queue'>): Promise<void> {
  await platform.queue.ensure(AUDIO_PROCESS_DEAD_QUEUE, { retryLimit: 3, retryDelay: 2 })
  // deadLetter is a pg-boss queue option the wrapper's type leaves out; createQueue/updateQueue take it.
  const options = { retryLimit: 2, retryDelay: 1, retryBackoff: true, expireInSeconds: 300, heartbeatSeconds: 10, deadLetter: AUDIO_PROCESS_DEAD_QUEUE }
  await platform.queue.ensure(AUDIO_PROCESS_QUEUE, options)
}

const wakers = new WeakMap<Platform['queue'], () => void>()
/** Wakes this process's upload worker (set once it runs here). */
export const wakeUploadWorker = (queue: Platform['queue']) => wakers.get(queue)?.()

/** Converts and measures uploaded audio; run by `work` and `all` processes. */
export async function startVoicesWorkers(platform: Platform): Promise<void> {
  await ensureVoicesQueues(platform)
  const deps: UploadsDeps = platform
  const id = await platform.queue.work<{ uuid: string }>(AUDIO_PROCESS_QUEUE, { pollingIntervalSeconds: 0.5, localConcurrency: 1 }, async (jobs) => {
    for (const job of jobs) await processUpload(deps, job.data.uuid, job.signal)
  })
  await platform.queue.work<{ uuid: string }>(AUDIO_PROCESS_DEAD_QUEUE, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await failUpload(deps, job.data.uuid)
  })
  wakers.set(platform.queue, () => platform.queue.boss.notifyWorker(id))
}
