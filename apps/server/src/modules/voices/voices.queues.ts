import type { Platform } from '../../platform/context'

/** The voices queues, apart from the jobs and the service so both can declare them. */
export const AUDIO_PROCESS_QUEUE = 'voices.process'
export const AUDIO_PROCESS_DEAD_QUEUE = 'voices.process-failed'
/** Every 10 minutes: signed-out uploads past their time are deleted (audio-uploads.service.ts sweepAnonymousUploads). */
export const ANONYMOUS_UPLOADS_SWEEP_QUEUE = 'voices.sweep-anonymous'
export const ANONYMOUS_UPLOADS_SWEEP_CRON = '*/10 * * * *'

/** Declared by senders and workers alike (idempotent). */
export async function ensureVoicesQueues(platform: Pick<Platform, 'queue'>): Promise<void> {
  await platform.queue.ensure(AUDIO_PROCESS_DEAD_QUEUE, { retryLimit: 3, retryDelay: 2 })
  // deadLetter is a pg-boss queue option the wrapper's type leaves out; createQueue/updateQueue take it.
  const options = {
    retryLimit: 2,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: 300,
    heartbeatSeconds: 10,
    deadLetter: AUDIO_PROCESS_DEAD_QUEUE,
  }
  await platform.queue.ensure(AUDIO_PROCESS_QUEUE, options)
}
