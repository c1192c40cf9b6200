import { count, eq, ilike, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AdminAdProjectsQuery } from '@mouthpiece/contracts/ads/admin.contract'
import type { Queryable } from '../../../platform/db/client'
import { allOf } from '../../../platform/db/list-query'
import type { ListSpec } from '../../../platform/db/list-query'
import { userFieldOf, userIdsMatching } from '../../users'
import { adBrands } from '../brands/brands.table'
import { adProjects } from '../projects/ad-projects.table'
import { adScrapeTasks } from '../scraper/scraper.table'
import { adGenerations } from '../videos/ad-generations.table'

type Query = z.infer<typeof AdminAdProjectsQuery>

export const fields = {
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
  username: sql<string>`${userFieldOf(adProjects.user_id, 'username')}`.as('username'),
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

/** `term` is the escaped `%…%` pattern of the search, if any. */
export function adProjectsWhere(
  q: Omit<Query, 'page' | 'per_page' | 'sort' | 'dir'>,
  term: string | undefined,
) {
  return allOf(
    term
      ? or(ilike(adProjects.name, term), sql`${adProjects.user_id} in (${userIdsMatching(term)})`)
      : undefined,
    q.status ? eq(adProjects.status, q.status) : undefined,
  )
}

const countBy = async <C extends typeof adProjects.status | typeof adProjects.goal>(
  db: Queryable,
  column: C,
) =>
  Object.fromEntries(
    (await db.select({ k: column, n: count() }).from(adProjects).groupBy(column)).map((r) => [r.k, r.n]),
  )

/** Projects (all, by status, by goal), brand kits and scrapes by status. */
export async function overviewCounts(db: Queryable) {
  const [[projects], [brands], scrapes] = await Promise.all([
    db.select({ n: count() }).from(adProjects),
    db.select({ n: count() }).from(adBrands),
    db.select({ s: adScrapeTasks.status, n: count() }).from(adScrapeTasks).groupBy(adScrapeTasks.status),
  ])
  return {
    projects: projects?.n ?? 0,
    byStatus: await countBy(db, adProjects.status),
    byGoal: await countBy(db, adProjects.goal),
    brands: brands?.n ?? 0,
    scrapes: Object.fromEntries(scrapes.map((r) => [r.s, r.n])),
  }
}

/** Brand kits, completed scrapes, projects and ad videos. */
export async function typeCounts(db: Queryable) {
  const [[brands], [scrapes], [projects], [videos]] = await Promise.all([
    db.select({ n: count() }).from(adBrands),
    db.select({ n: count() }).from(adScrapeTasks).where(eq(adScrapeTasks.status, 'completed')),
    db.select({ n: count() }).from(adProjects),
    db.select({ n: count() }).from(adGenerations),
  ])
  return {
    brands: brands?.n ?? 0,
    scrapes: scrapes?.n ?? 0,
    projects: projects?.n ?? 0,
    videos: videos?.n ?? 0,
  }
}
