import type { Platform } from '../../platform/context'

/** The queue a run is worked from; senders (the HTTP routes) and the worker both declare it. */
export const SENTIMENT_QUEUE = 'sentiment.analyze'

/**
 * A run reads YouTube for seconds to a minute: one attempt (a retry would spend the quota again),
 * expired after ten minutes so a worker that died leaves a failed run rather than one running forever.
 */
export const ensureSentimentQueue = (deps: Pick<Platform, 'queue'>) =>
  deps.queue.ensure(SENTIMENT_QUEUE, { retryLimit: 0, expireInSeconds: 600 })
