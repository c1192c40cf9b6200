/**
 * The operations queues and their options, in one file that senders (the services, the routes that
 * declare them) and the workers (`operations.jobs.ts`) both import.
 */

/** Bulk actions (`bulk-actions.service.ts`). A retry continues after the saved cursor, so retrying a half-done run is safe. */
export const BULK_QUEUE = 'operations.bulk'
export const BULK_QUEUE_OPTIONS = {
  retryLimit: 3,
  retryDelay: 5,
  expireInSeconds: 3_600,
  deleteAfterSeconds: 7 * 86_400,
}

/** Stress tests (`stress/stress-tests.service.ts`). No retry: a run cut off by a crash is reported as failed rather than run twice. */
export const STRESS_QUEUE = 'operations.stress'
export const STRESS_QUEUE_OPTIONS = { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 7 * 86_400 }
