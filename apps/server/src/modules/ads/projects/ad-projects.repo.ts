import { and, count, desc, eq, ilike } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { adBrands } from '../brands/brands.table'
import { adProjects } from './ad-projects.table'
import type { AdProjectRow } from './ad-projects.table'

export type NewAdProject = typeof adProjects.$inferInsert
export type AdProjectWithBrand = AdProjectRow & { brand_name: string | null }

const withBrand = { project: adProjects, brand_name: adBrands.name }
const flat = (r: { project: AdProjectRow; brand_name: string | null }): AdProjectWithBrand => ({
  ...r.project,
  brand_name: r.brand_name,
})

export async function insertAdProject(db: Queryable, row: NewAdProject): Promise<AdProjectRow> {
  const [created] = await db.insert(adProjects).values(row).returning()
  return created!
}

export async function findAdProject(
  db: Queryable,
  id: number,
  userId?: number,
): Promise<AdProjectWithBrand | undefined> {
  const [row] = await db
    .select(withBrand)
    .from(adProjects)
    .leftJoin(adBrands, eq(adBrands.id, adProjects.brand_id))
    .where(and(eq(adProjects.id, id), userId === undefined ? undefined : eq(adProjects.user_id, userId)))
  return row && flat(row)
}

export async function listAdProjects(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
  keyword?: string,
) {
  const where = and(
    eq(adProjects.user_id, userId),
    keyword ? ilike(adProjects.name, `%${keyword.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  )
  const rows = await db
    .select(withBrand)
    .from(adProjects)
    .leftJoin(adBrands, eq(adBrands.id, adProjects.brand_id))
    .where(where)
    .orderBy(desc(adProjects.updated_at), desc(adProjects.id))
    .limit(limit)
    .offset(offset)
  const [c] = await db.select({ n: count() }).from(adProjects).where(where)
  return { rows: rows.map(flat), total: c?.n ?? 0 }
}

export async function updateAdProject(
  db: Queryable,
  id: number,
  patch: Partial<NewAdProject>,
): Promise<void> {
  await db
    .update(adProjects)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(adProjects.id, id))
}
