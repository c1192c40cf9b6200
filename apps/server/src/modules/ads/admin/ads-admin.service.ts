import { count, eq, ilike, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AdminAdProject, AdminAdProjectsQuery } from '@mouthpiece/contracts/ads/admin.contract'
import type { AdsDeps } from '../ads.deps'
import { allOf, escapeLike, listPage } from '../../../platform/db/list-query'
import type { ListSpec, RowOf } from '../../../platform/db/list-query'
import { users } from '../../users/users.table'
import { adBrands } from '../brands/brands.table'
import { adProjects } from '../projects/ad-projects.table'
import { adProjectNotFound, presentAdProject } from '../projects/ad-projects.service'
import { findAdProject } from '../projects/ad-projects.repo'
import { projectStats } from '../projects/ad-project-stats'
import { adScrapeTasks } from '../scraper/scraper.table'
import { adGenerations } from '../videos/ad-generations.table'

type Query = z.infer<typeof AdminAdProjectsQuery>

const fields = {
  id: adProjects.id,
  user_id: adProjects.user_id,
  name: adProjects.name,
  brand_id: adProjects.brand_id,
  goal: adProjects.goal,
  copy: adProjects.copy,
  placements: adProjects.placements,
  status: adProjects.status,
  created_at: adProjects.created_at,
  updated_at: adProjects.updated_at,
  username:
    sql<string>`(select ${users.username} from ${users} where ${users.id} = ${adProjects.user_id})`.as(
      'username',
    ),
  brand_name: sql<
    string | null
  >`(select ${adBrands.name} from ${adBrands} where ${adBrands.id} = ${adProjects.brand_id})`.as(
    'brand_name',
  ),
}
export const adProjectsListSpec: ListSpec<typeof fields> = {
  table: adProjects,
  fields,
  id: adProjects.id,
  sortable: {
    updated_at: adProjects.updated_at,
    created_at: adProjects.created_at,
    name: adProjects.name,
    id: adProjects.id,
  },
  defaultSort: 'updated_at',
}

export function adProjectsWhere(q: Omit<Query, 'page' | 'per_page' | 'sort' | 'dir'>) {
  const term = q.q ? `%${escapeLike(q.q)}%` : undefined
  return allOf(
    term
      ? or(
          ilike(adProjects.name, term),
          sql`${adProjects.user_id} in (select ${users.id} from ${users} where ${users.username} ilike ${term})`,
        )
      : undefined,
    q.status ? eq(adProjects.status, q.status) : undefined,
  )
}

export const presentAdminRow = (r: RowOf<typeof fields>): AdminAdProject => ({
  ...presentAdProject({ ...r, brand_name: r.brand_name }),
  user_id: r.user_id,
  username: r.username ?? '',
})

export async function listAdminAdProjects(deps: AdsDeps, q: Query) {
  const page = await listPage(deps.db, adProjectsListSpec, {
    where: adProjectsWhere(q),
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
  const [owner] = await deps.db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, row.user_id))
  return {
    project: { ...presentAdProject(row), user_id: row.user_id, username: owner?.username ?? '' },
    stats: await projectStats(deps.db, row),
  }
}

const countBy = async <C extends typeof adProjects.status | typeof adProjects.goal>(
  deps: AdsDeps,
  column: C,
) =>
  Object.fromEntries(
    (await deps.db.select({ k: column, n: count() }).from(adProjects).groupBy(column)).map((r) => [r.k, r.n]),
  )

export async function adsOverview(deps: AdsDeps) {
  const [[projects], [brands], scrapes] = await Promise.all([
    deps.db.select({ n: count() }).from(adProjects),
    deps.db.select({ n: count() }).from(adBrands),
    deps.db.select({ s: adScrapeTasks.status, n: count() }).from(adScrapeTasks).groupBy(adScrapeTasks.status),
  ])
  const by = Object.fromEntries(scrapes.map((r) => [r.s, r.n]))
  return {
    projects: projects?.n ?? 0,
    projects_by_status: await countBy(deps, adProjects.status),
    projects_by_goal: await countBy(deps, adProjects.goal),
    brands: brands?.n ?? 0,
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
  const [[brands], [scrapes], [projects], [videos]] = await Promise.all([
    deps.db.select({ n: count() }).from(adBrands),
    deps.db.select({ n: count() }).from(adScrapeTasks).where(eq(adScrapeTasks.status, 'completed')),
    deps.db.select({ n: count() }).from(adProjects),
    deps.db.select({ n: count() }).from(adGenerations),
  ])
  return {
    types: [
      { type: 'project', label: 'Ad projects', count: projects?.n ?? 0 },
      { type: 'brand', label: 'Brand kits', count: brands?.n ?? 0 },
      { type: 'scrape', label: 'Brands read from a site', count: scrapes?.n ?? 0 },
      { type: 'video', label: 'Avatar ad videos', count: videos?.n ?? 0 },
    ],
  }
}
