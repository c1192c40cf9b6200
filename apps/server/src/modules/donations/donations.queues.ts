import type { Queue } from '../../platform/queue/queue'
import type { DonationsConfig } from './donations.config'

/** The alert job: what one ingest transaction (or a tip) stored, `{ eventIds }` (alerts/alert.jobs.ts works it). */
export const ALERT_QUEUE = 'donations.alert'

/**
 * Declares the alert queue. A failing alert (storage down, database blip) is retried a few times
 * quickly; a worker killed mid-job leaves its job to expire and be handed out again, and processing
 * is idempotent.
 */
export async function ensureAlertQueue(queue: Queue, config: DonationsConfig) {
  await queue.ensure(ALERT_QUEUE, {
    retryLimit: 3,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: config.ALERT_JOB_EXPIRE_SECONDS,
  })
}
