import * as r from '@mouthpiece/contracts/ads/projects.contract'
import type { HttpContext } from '../../../platform/context'
import * as projects from './ad-projects.service'

/** SPEC §7 "Ads: projects, project, update-project" + stats. */
export function registerAdProjectRoutes(ctx: HttpContext) {
  const { route } = ctx
  route(r.listAdProjects, async ({ actor, query }) =>
    projects.listAdProjects(ctx, actor.user.id, query.page, query.keyword),
  )
  route(r.getAdProject, async ({ actor, params, reply }) => {
    void reply.header('cache-control', 'no-store')
    return { project: await projects.getAdProject(ctx, actor.user.id, params.id) }
  })
  route(r.createAdProject, async ({ actor, body }) => ({
    project: await projects.createAdProject(ctx, actor.user.id, body),
  }))
  route(r.updateAdProject, async ({ actor, params, body }) => ({
    project: await projects.updateAdProject(ctx, actor.user.id, params.id, body),
  }))
  route(r.adProjectStats, async ({ actor, params }) => ({
    stats: await projects.getAdProjectStats(ctx, actor.user.id, params.id),
  }))
}
