import { count, desc, eq } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { adProjects } from '../projects/ad-projects.table'
import { adGenerations } from './ad-generations.table'
import type { AdGenerationRow } from './ad-generations.table'

export async function insertGeneration(
  db: Queryable,
  values: typeof adGenerations.$inferInsert,
): Promise<AdGenerationRow> {
  const [row] = await db.insert(adGenerations).values(values).returning()
  return row!
}

/** A retried generation points at its new render. */
export async function setGenerationRender(
  db: Queryable,
  id: string,
  renderId: string,
  attempts: number,
): Promise<AdGenerationRow | undefined> {
  const [row] = await db
    .update(adGenerations)
    .set({ render_id: renderId, attempts, updated_at: new Date() })
    .where(eq(adGenerations.id, id))
    .returning()
  return row
}

export async function findGeneration(db: Queryable, id: string): Promise<AdGenerationRow | undefined> {
  const [row] = await db.select().from(adGenerations).where(eq(adGenerations.id, id))
  return row
}

/** A project's latest generations, newest first. */
export async function projectGenerations(db: Queryable, projectId: number, limit: number) {
  return db
    .select()
    .from(adGenerations)
    .where(eq(adGenerations.ad_project_id, projectId))
    .orderBy(desc(adGenerations.created_at))
    .limit(limit)
}

/** One page of every generation by creation time, and the total. */
export async function generationsPage(
  db: Queryable,
  dir: 'asc' | 'desc' | undefined,
  page: number,
  perPage: number,
) {
  const [rows, [c]] = await Promise.all([
    db
      .select()
      .from(adGenerations)
      .orderBy(dir === 'asc' ? adGenerations.created_at : desc(adGenerations.created_at))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(adGenerations),
  ])
  return { rows, total: c?.n ?? 0 }
}

export async function projectOwnerAndName(db: Queryable, projectId: number) {
  const [row] = await db
    .select({ user_id: adProjects.user_id, name: adProjects.name })
    .from(adProjects)
    .where(eq(adProjects.id, projectId))
  return row
}
