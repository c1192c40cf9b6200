import type { Platform } from '../../platform/context'
import { run } from './bulk-actions.service'
import { startInstances } from './instances.service'
import { BULK_QUEUE, BULK_QUEUE_OPTIONS, STRESS_QUEUE, STRESS_QUEUE_OPTIONS } from './operations.queues'
import { run as runStressTest } from './stress/stress-tests.service'

/** Bulk actions and stress tests run here; the embedded render pool is sized here (the process that runs the render workers). */
export async function startOperationsWorkers(platform: Platform): Promise<void> {
  await platform.queue.ensure(BULK_QUEUE, BULK_QUEUE_OPTIONS)
  await platform.queue.work<{ id: string }>(BULK_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await run(platform, job.data.id)
  })
  // One run at a time, one job per poll: a stress test is the lowest-priority work this process does.
  await platform.queue.ensure(STRESS_QUEUE, STRESS_QUEUE_OPTIONS)
  await platform.queue.work<{ id: string }>(
    STRESS_QUEUE,
    { pollingIntervalSeconds: 1, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs) await runStressTest(platform, job.data.id)
    },
  )
  await startInstances(platform)
}
