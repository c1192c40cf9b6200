import type { Platform } from '../../../platform/context'

/** The ad image queues, apart from the jobs and the services so both can declare them. */
export const AD_EXTRACT_QUEUE = 'ads.extract'
export const AD_EXTRACT_DEAD_QUEUE = 'ads.extract-failed'
export const AD_GENERATE_QUEUE = 'ads.generate-images'
export const AD_GENERATE_DEAD_QUEUE = 'ads.generate-images-failed'

/** Declared by senders and workers alike (idempotent). */
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
