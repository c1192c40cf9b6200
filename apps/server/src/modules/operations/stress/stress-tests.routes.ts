import {
  getStressTest,
  listStressTests,
  startRenderStressTest,
  startVoiceStressTest,
  stopStressTest,
} from '@mouthpiece/contracts/operations/stress-tests.contract'
import type { HttpContext } from '../../../platform/context'
import { listPage } from '../../../platform/db/list-query'
import { auditActorOf } from '../../audit'
import { STRESS_QUEUE, STRESS_QUEUE_OPTIONS } from '../operations.queues'
import type { StressTestRow } from '../operations.table'
import * as stress from './stress-tests.service'
import { stressTestsListSpec } from './stress-tests.repo'

/** SPEC §7 "Stress tests": test of the voice service and of the render workers, results {page}, detail {session_id}, Stop. */
export async function registerStressTestRoutes(ctx: HttpContext) {
  const { route, db, queue } = ctx
  await queue.ensure(STRESS_QUEUE, STRESS_QUEUE_OPTIONS)

  route(startVoiceStressTest, async ({ body, actor }) => ({
    stress_test: await stress.start(ctx, auditActorOf(actor), 'voice', body),
  }))
  route(startRenderStressTest, async ({ body, actor }) => ({
    stress_test: await stress.start(ctx, auditActorOf(actor), 'render', body),
  }))
  route(stopStressTest, async ({ body, actor }) => ({
    stress_test: await stress.stop(ctx, auditActorOf(actor), body.session_id),
  }))
  route(getStressTest, async ({ query }) => ({ stress_test: await stress.get(ctx, query.session_id) }))
  route(listStressTests, async ({ query }) => {
    const page = await listPage(db, stressTestsListSpec, {
      sort: query.sort,
      dir: query.dir,
      page: query.page,
      perPage: query.per_page,
    })
    return { ...page, list: page.list.map((r) => stress.presentStressTest(r as StressTestRow)) }
  })
}
