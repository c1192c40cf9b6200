import * as r from '@mouthpiece/contracts/ads/admin.contract'
import * as s from '@mouthpiece/contracts/ads/scraper.contract'
import type { HttpContext } from '../../../platform/context'
import { sendCsvStream } from '../../../platform/http/csv-stream'
import { auditActorOf, recordAudit } from '../../audit'
import { findUserById } from '../../users'
import { AppError } from '../../../platform/http/errors'
import { listAllTasks, presentTask, retryScrape, startScrape } from '../scraper/scrape.service'
import * as admin from './ads-admin.service'

/** SPEC §7 admin ad calls: ad projects (list, {id}, stats), type breakdown, the site scraper. */
export function registerAdsAdminRoutes(ctx: HttpContext) {
  const { route, db } = ctx
  route(r.adminAdProjects, async ({ query }) => admin.listAdminAdProjects(ctx, query))
  route(r.adminExportAdProjects, async ({ query, actor, reply }) => {
    const { sort, dir, ...filter } = query
    await recordAudit(db, auditActorOf(actor), 'ads.projects.export', { meta: { filter, sort, dir } })
    return sendCsvStream(
      reply,
      'ad-projects',
      ['id', 'name', 'username', 'brand', 'goal', 'placements', 'status', 'created_at', 'updated_at'],
      admin.scanAdminAdProjects(db, filter, sort, dir),
      (p) => [
        p.id,
        p.name,
        p.username,
        p.brand_name ?? '',
        p.goal,
        p.placements.join(' '),
        p.status,
        p.created_at.toISOString(),
        p.updated_at.toISOString(),
      ],
    )
  })
  route(r.adminAdProject, async ({ params }) => admin.getAdminAdProject(ctx, params.id))
  route(r.adminAdProjectsStats, async () => admin.adsOverview(ctx))
  route(r.adminAdsTypeBreakdown, async () => admin.adsTypeBreakdown(ctx))

  route(s.adminScrapeTasks, async ({ query }) => {
    const { rows, total, lastPage } = await listAllTasks(ctx, query.page)
    const names = new Map<number, string>()
    for (const id of new Set(rows.map((t) => t.user_id)))
      names.set(id, (await findUserById(db, id))?.username ?? '')
    return {
      list: rows.map((t) => ({ ...presentTask(t), username: names.get(t.user_id) ?? null })),
      total,
      lastPage,
    }
  })
  route(s.adminScrapeHandle, async ({ body, actor }) => {
    if (!(await findUserById(db, body.user_id))) throw new AppError('not_found', 'User not found', 404)
    const task = await startScrape(ctx, body.user_id, body.url, { by: 'admin' })
    await recordAudit(db, auditActorOf(actor), 'ads.scrape.handle', {
      target: { type: 'user', id: String(body.user_id) },
      meta: { url: body.url, task_id: task.id },
    })
    return { task }
  })
  route(s.adminRetryScrape, async ({ params, actor }) => {
    const task = await retryScrape(ctx, undefined, params.id)
    await recordAudit(db, auditActorOf(actor), 'ads.scrape.retry', { meta: { task_id: task.id } })
    return { task }
  })
}
