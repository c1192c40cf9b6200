import {
  adminExportProjects,
  adminGetProjectSetting,
  adminListProjects,
  adminSendProjectsCsv,
  adminUpdateProjectSetting,
} from '@mouthpiece/contracts/backoffice/admin-projects.contract'
import type { HttpContext } from '../../../platform/context'
import { sendCsvText } from '../../../platform/http/csv-stream'
import { auditActorOf, recordAudit } from '../../audit'
import { PROJECT_CSV_HEADER } from '../../projects'
import * as admin from './admin-projects.service'

/** /admin/projects: the list {page, keyword}, its CSV (download or mail) and a project's settings. */
export function registerAdminProjectsRoutes(ctx: HttpContext) {
  const { route, db } = ctx
  route(adminListProjects, async ({ query }) => admin.listProjectsPage(ctx, query))
  route(adminExportProjects, async ({ query, actor, reply }) => {
    const { sort, dir, ...filter } = query
    await recordAudit(db, auditActorOf(actor), 'projects.export', { meta: { filter, sort, dir } })
    return sendCsvText(reply, 'projects', PROJECT_CSV_HEADER, admin.scanProjectsCsv(ctx, query))
  })
  route(adminSendProjectsCsv, async ({ body, actor }) =>
    admin.mailProjectsCsv(ctx, auditActorOf(actor), body),
  )
  route(adminGetProjectSetting, async ({ params }) => admin.getProjectSetting(ctx, params.projectId))
  route(adminUpdateProjectSetting, async ({ params, body, actor }) =>
    admin.updateProjectSetting(ctx, auditActorOf(actor), params.projectId, body.version, body.settings),
  )
}
