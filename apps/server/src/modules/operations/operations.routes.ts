import {
  getBulkAction,
  listBulkActions,
  previewBulkAction,
  startBulkAction,
} from '@mouthpiece/contracts/operations/bulk-actions.contract'
import {
  adminInstanceCount,
  adminListInstances,
  adminPerformanceJobs,
  adminSetDesiredCapacity,
} from '@mouthpiece/contracts/operations/instances.contract'
import { adminDashboard } from '@mouthpiece/contracts/operations/dashboard.contract'
import { healthCheck } from '@mouthpiece/contracts/system/system.contract'
import type { HttpContext } from '../../platform/context'
import { dashboardFigures } from './dashboard.repo'
import { healthReport } from './health.service'
import { auditActorOf } from '../audit'
import * as bulk from './bulk-actions.service'
import { BULK_QUEUE, BULK_QUEUE_OPTIONS } from './operations.queues'
import { recentBulkActions } from './bulk-actions.repo'
import * as instances from './instances.service'
import { performanceJobs } from './instances.repo'
import { registerStressTestRoutes } from './stress/stress-tests.routes'

/** Back-office operations: bulk actions, the render-worker pool (SPEC §7 "Instances"), stress tests, the dashboard's figures and the public health check. */
export async function registerOperationsRoutes(ctx: HttpContext) {
  const { route, db, queue } = ctx
  await queue.ensure(BULK_QUEUE, BULK_QUEUE_OPTIONS)
  await registerStressTestRoutes(ctx)

  route(previewBulkAction, async ({ body }) => ({ count: await bulk.preview(ctx, body) }))
  route(startBulkAction, async ({ body, actor }) => ({
    bulk_action: await bulk.start(ctx, auditActorOf(actor), body),
  }))
  route(getBulkAction, async ({ params }) => ({ bulk_action: await bulk.get(ctx, params.id) }))
  route(listBulkActions, async () => ({ list: (await recentBulkActions(db)).map(bulk.presentBulkAction) }))

  route(healthCheck, async () => healthReport(ctx))
  route(adminDashboard, async () => {
    const [figures, workers] = await Promise.all([
      dashboardFigures(db),
      // The pool may live elsewhere or its provider may be down; the dashboard still shows the rest.
      instances.listPools(ctx).then(
        ([p]) => (p ? { desired: p.desired, running: p.running } : null),
        () => null,
      ),
    ])
    return { ...figures, workers, generated_at: new Date().toISOString() }
  })

  route(adminListInstances, async () => ({ list: await instances.listPools(ctx) }))
  route(adminPerformanceJobs, async ({ query }) => performanceJobs(db, query))
  route(adminInstanceCount, async ({ params }) => instances.poolStatus(ctx, params.id))
  route(adminSetDesiredCapacity, async ({ params, body, actor }) =>
    instances.setDesired(ctx, auditActorOf(actor), params.id, body.DesiredCapacity),
  )
}
