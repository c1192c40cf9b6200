import type { Job, JobWithMetadata } from 'pg-boss'
import type { Platform } from '../../../platform/context'
import { donationsDeps } from '../donations.deps'
import { ALERT_QUEUE, ensureAlertQueue } from '../donations.queues'
import { processAlerts } from './alert.service'
import type { AlertJobData } from './alert.service'
import { startSourceSupervisor } from '../sources/supervisor'

/**
 * Wakes at most this often: an alert after a quiet spell wakes the worker at once; in a flood the
 * wakes are spread out, so the worker is not pulled away for every transaction.
 */
const WAKE_EVERY_MS = 20

/** Runs `fn` now, or at the end of the current `ms` window if it already ran in it (once). */
function coalesce(fn: () => void, ms: number): () => void {
  let last = 0
  let timer: NodeJS.Timeout | null = null
  return () => {
    const wait = last + ms - Date.now()
    if (wait <= 0) {
      last = Date.now()
      fn()
    } else
      timer ??= setTimeout(() => {
        timer = null
        last = Date.now()
        fn()
      }, wait).unref()
  }
}

/** Alert workers and the live source clients; run by `work` and `all` processes. */
export async function startDonationsWorkers(platform: Platform) {
  const deps = donationsDeps(platform)
  await ensureAlertQueue(platform.queue, deps.config)
  const handle = async (jobs: Job<AlertJobData>[]) => {
    // includeMetadata below: the jobs carry their retry counts.
    const job = jobs[0] as JobWithMetadata<AlertJobData> | undefined
    if (!job) return
    await processAlerts(deps, job.data, job.retryCount >= job.retryLimit)
  }
  // One poller, woken after an accept in this process (the 0.5 s poll covers other processes), one
  // job at a time: a job holds what one ingest transaction stored, one alert when idle, many in a flood.
  await platform.queue.work(
    ALERT_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 },
    handle,
  )
  deps.wakeWorkers = coalesce(() => platform.queue.wake(ALERT_QUEUE), WAKE_EVERY_MS)
  await startSourceSupervisor(platform, deps)
}
