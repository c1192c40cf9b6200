import {
  adminAnalysisEvents,
  adminCustomerTracking,
  adminCustomerTrackingItem,
  adminExportCustomerTracking,
  adminExportUsageData,
  adminUsageData,
  adminUsageDataItem,
  customerTracking,
  trackingInfo,
  userAnalysisData,
} from '@mouthpiece/contracts/tracking/tracking.contract'
import type { FastifyReply } from 'fastify'
import type { HttpContext } from '../../platform/context'
import { csvHeaders } from '../../platform/http/csv'
import * as tracking from './tracking.service'

/** SPEC §7 customer-tracking and the admin usage-data / customer-tracking screens with their exports. */
export function registerTrackingRoutes({ route, db }: HttpContext) {
  const deps = { db }
  const download = async (made: Promise<{ csv: string; fileName: string }>, reply: FastifyReply) => {
    const { csv, fileName } = await made
    // A download, not a JSON answer: sent here, so the handler returns nothing.
    await reply.headers(csvHeaders(fileName)).send(csv)
    return undefined
  }

  route(
    customerTracking,
    async ({ body, actor }) => {
      await tracking.recordEvent(deps, {
        category: body.category,
        event: body.event,
        data: body.data,
        userId: actor.kind === 'user' ? actor.user.id : undefined,
        anonymousId: body.anonymous_id,
      })
      return { ok: true as const }
    },
    { rateLimit: { max: 120, timeWindow: 60_000 } },
  )

  route(trackingInfo, async ({ actor }) => tracking.trackingInfoFor(deps, actor.user.id))
  route(userAnalysisData, async ({ actor, query }) => tracking.analysisDataFor(deps, actor.user.id, query))

  route(adminAnalysisEvents, async () => tracking.analysisEvents(deps))
  route(adminUsageData, async ({ query }) => tracking.summaryPage(deps, 'usage', query.page, query.sort))
  route(adminUsageDataItem, async ({ params, query }) =>
    tracking.customerDetail(deps, 'usage', params.id, query.page),
  )
  route(adminExportUsageData, async ({ reply }) => download(tracking.exportCsv(deps, 'usage'), reply))
  route(adminCustomerTracking, async ({ query }) =>
    tracking.summaryPage(deps, 'payment', query.page, query.sort),
  )
  route(adminCustomerTrackingItem, async ({ params, query }) =>
    tracking.customerDetail(deps, 'payment', params.id, query.page),
  )
  route(adminExportCustomerTracking, async ({ reply }) =>
    download(tracking.exportCsv(deps, 'payment'), reply),
  )
}
