import type { Platform } from '../../platform/context'
import { paymentsDeps } from './payments.deps'
import { PAYMENTS_SWEEP_CRON, PAYMENTS_SWEEP_QUEUE } from './payments.queues'
import { sweep } from './webhooks.service'

/** Every minute: end finished trials; let the sandbox renew, retry and expire subscriptions. */
export async function startPaymentsWorkers(platform: Platform) {
  const deps = paymentsDeps(platform)
  // A late sweep is redone by the next one, so a job never needs retrying.
  await platform.queue.ensure(PAYMENTS_SWEEP_QUEUE, { retryLimit: 0, expireInSeconds: 300 })
  await platform.queue.work(PAYMENTS_SWEEP_QUEUE, { batchSize: 1 }, async () => {
    await sweep(deps)
  })
  await platform.queue.boss.schedule(PAYMENTS_SWEEP_QUEUE, PAYMENTS_SWEEP_CRON)
}
