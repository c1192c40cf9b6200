import type { z } from 'zod'
import type { AdminAdProject, AdminAdProjectsQuery } from '@mouthpiece/contracts/ads/admin.contract'
import type { AdsDeps } from '../ads.deps'
import type { Queryable } from '../../../platform/db/client'
import { escapeLike, listPage, scanAll } from '../../../platform/db/list-query'
import type { RowOf } from '../../../platform/db/list-query'
import { findUserById } from '../../users'
import { adProjectNotFound, presentAdProject } from '../projects/ad-projects.service'
import { findAdProject } from '../projects/ad-projects.repo'
import { projectStats } from '../projects/ad-project-stats.repo'
import { adProjectsListSpec, adProjectsWhere, overviewCounts, typeCounts } from './ads-admin.repo'
import type { fields } from './ads-admin.repo'

type Query = z.infer<typeof AdminAdProjectsQuery>

export const presentAdminRow = (r: RowOf<typeof fields>): AdminAdProject => ({
  ...presentAdProject({ ...r, brand_name: r.brand_name }),
  user_id: r.user_id,
  username: r.username ?? '',
})

/** Every project the filter covers, batch by batch (the CSV export). */
export const scanAdminAdProjects = (
  db: Queryable,
  filter: Omit<Query, 'page' | 'per_page' | 'sort' | 'dir'>,
  sort: Query['sort'],
  dir: Query['dir'],
) =>
  scanAll(db, adProjectsListSpec, {
    where: adProjectsWhere(filter, filter.q ? `%${escapeLike(filter.q)}%` : undefined),
    sort,
    dir,
  })

export async function listAdminAdProjects(deps: AdsDeps, q: Query) {
  const page = await listPage(deps.db, adProjectsListSpec, {
    where: adProjectsWhere(q, q.q ? `%${escapeLike(q.q)}%` : undefined),
    sort: q.sort,
    dir: q.dir,
    page: q.page,
    perPage: q.per_page,
  })
  return { ...page, list: page.list.map(presentAdminRow) }
}

export async function getAdminAdProject(deps: AdsDeps, id: number) {
  const row = await findAdProject(deps.db, id)
  if (!row) throw adProjectNotFound()
  const owner = await findUserById(deps.db, row.user_id)
  return {
    project: { ...presentAdProject(row), user_id: row.user_id, username: owner?.username ?? '' },
    stats: await projectStats(deps.db, row),
  }
}

export async function adsOverview(deps: AdsDeps) {
  const c = await overviewCounts(deps.db)
  const by = c.scrapes
  return {
    projects: c.projects,
    projects_by_status: c.byStatus,
    projects_by_goal: c.byGoal,
    brands: c.brands,
    scrapes: {
      completed: by.completed ?? 0,
      failed: by.failed ?? 0,
      running: (by.running ?? 0) + (by.queued ?? 0),
    },
  }
}

/**
 * What the studio made, by type. The image and video flows add their rows here as their tables
 * land (one count each); brand kits and scrapes are counted from this module's tables.
 */
export async function adsTypeBreakdown(deps: AdsDeps) {
  const { brands, scrapes, projects, videos } = await typeCounts(deps.db)
  return {
    types: [
      { type: 'project', label: 'Ad projects', count: projects },
      { type: 'brand', label: 'Brand kits', count: brands },
      { type: 'scrape', label: 'Brands read from a site', count: scrapes },
      { type: 'video', label: 'Avatar ad videos', count: videos },
    ],
  }
}
