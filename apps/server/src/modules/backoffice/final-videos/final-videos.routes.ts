import {
  adminDeleteFinalVideo,
  adminExportFinalVideos,
  adminListFinalVideos,
} from '@mouthpiece/contracts/backoffice/final-videos.contract'
import type { HttpContext } from '../../../platform/context'
import { sendCsvText } from '../../../platform/http/csv-stream'
import { auditActorOf, recordAudit } from '../../audit'
import { FINAL_VIDEO_CSV_HEADER } from '../../renders'
import * as videos from './final-videos.service'

/** /admin/final-videos: every finished video with who made it; play and download use the render's own file links. */
export function registerFinalVideosRoutes(ctx: HttpContext) {
  const { route, db } = ctx
  route(adminListFinalVideos, async ({ query }) => videos.listFinalVideosPage(ctx, query))
  route(adminExportFinalVideos, async ({ query, actor, reply }) => {
    const { sort, dir, ...filter } = query
    await recordAudit(db, auditActorOf(actor), 'final-videos.export', { meta: { filter, sort, dir } })
    return sendCsvText(reply, 'final-videos', FINAL_VIDEO_CSV_HEADER, videos.scanFinalVideosCsv(ctx, query))
  })
  route(adminDeleteFinalVideo, async ({ params, actor }) => {
    await videos.deleteFinalVideo(ctx, auditActorOf(actor), params.id)
    return { deleted: true as const }
  })
}
