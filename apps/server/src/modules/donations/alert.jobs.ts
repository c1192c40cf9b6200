import type { Job } from 'pg-boss'
import type { Platform } from '../../platform/context'
import type { Queue } from '../../platform/queue/queue'
import { ALERT_QUEUE, donationsDeps } from './donations.deps'
import type { DonationsConfig } from './donations.config'
import { processAlerts } from './alert.service'
import type { AlertJobData } from './alert.service'
import { startSourceSupervisor } from './sources/supervisor'

/**
 * Declares the alert queue and puts it in pg-boss's queue cache, so job inserts inside an ingest
 * transaction never need a look-up outside it (on PGlite, with one connection, that would wait forever).
 * A failing alert (storage down, database blip) is retried a few times quickly; a worker killed
 * mid-job leaves its jobs to expire and be handed out again, and processAlert is idempotent.
 */
export async function prepareAlertQueue(queue: Queue, config: DonationsConfig) {
  await queue.ensure(ALERT_QUEUE, { retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: config.ALERT_JOB_EXPIRE_SECONDS })
  await queue.boss.insert(ALERT_QUEUE, [])
}

/**
 * Wakes at most this often: the first alert after a quiet spell wakes the worker at once, while a
 * flood wakes it every 250 ms with everything that queued up meanwhile (big batches are cheap
 * batches; one wake per ingest transaction would mean one job fetch per handful of alerts). An
 * alert that follows another this closely waits at most that long — behind one that plays for seconds.
 */
const WAKE_EVERY_MS = 250

/** Runs `fn` now, or at the end of the current `ms` window if it already ran in it (once). */
export function coalesce(fn: () => void, ms: number): () => void {
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
  await prepareAlertQueue(platform.queue, deps.config)
  const handle = async (jobs: Job<AlertJobData>[]) => processAlerts(deps, jobs.map((j) => j.data))
  // One poller, woken at once after an accept in this process (the 0.5 s poll covers other
  // processes). A batch is whatever has queued up: one alert when idle, hundreds in a flood, whose
  // rules then cost a few statements in all; the alerts that speak are spoken two at a time.
  const id = await platform.queue.work(ALERT_QUEUE, { batchSize: 200, pollingIntervalSeconds: 0.5 }, handle)
  deps.wakeWorkers = coalesce(() => platform.queue.boss.notifyWorker(id), WAKE_EVERY_MS)
  await startSourceSupervisor(platform, deps)
}
