import { and, count, desc, eq, ilike, inArray, lt, sql } from 'drizzle-orm'
import type { ProjectDocument } from '@mouthpiece/contracts/projects/project-document.schemas'
import type { Queryable } from '../../platform/db/client'
import { projectBackgrounds, projectHistory, projectRenders, projects } from './projects.table'
import type { ProjectBackgroundRow, ProjectRow } from './projects.table'

export type NewProject = typeof projects.$inferInsert
/** Undo steps kept per project; older ones are dropped. */
export const HISTORY_DEPTH = 30

export async function insertProject(db: Queryable, row: NewProject): Promise<ProjectRow | undefined> {
  const [created] = await db.insert(projects).values(row).onConflictDoNothing().returning()
  return created
}

/** A project of this user (another user's project is simply not found). */
export async function findOwned(
  db: Queryable,
  userId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<ProjectRow | undefined> {
  const q = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.user_id, userId)))
  const [row] = opts.lock ? await q.for('update') : await q
  return row
}

export async function findById(db: Queryable, id: number): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id))
  return row
}

export async function nameTaken(
  db: Queryable,
  userId: number,
  name: string,
  excludeId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.user_id, userId), sql`lower(${projects.name}) = lower(${name})`))
  return rows.some((r) => r.id !== excludeId)
}

export async function listForUser(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
  keyword?: string,
) {
  const where = and(
    eq(projects.user_id, userId),
    keyword ? ilike(projects.name, `%${keyword.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  )
  const rows = await db
    .select()
    .from(projects)
    .where(where)
    .orderBy(desc(projects.updated_at), desc(projects.id))
    .limit(limit)
    .offset(offset)
  const [c] = await db.select({ n: count() }).from(projects).where(where)
  return { rows, total: c?.n ?? 0 }
}

/** Writes a new document only if the stored version is still `baseVersion`; answers the new row or nothing. */
export async function writeDocument(
  db: Queryable,
  id: number,
  baseVersion: number,
  patch: { document: ProjectDocument; name?: string; duration: number; origin_mode: number },
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...patch, version: sql`${projects.version} + 1`, updated_at: new Date() })
    .where(and(eq(projects.id, id), eq(projects.version, baseVersion)))
    .returning()
  return row
}

export async function rename(db: Queryable, id: number, name: string): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ name, updated_at: new Date() })
    .where(eq(projects.id, id))
    .returning()
  return row
}

export async function deleteProject(
  db: Queryable,
  userId: number,
  id: number,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .delete(projects)
    .where(and(eq(projects.id, id), eq(projects.user_id, userId)))
    .returning()
  return row
}

// ─────────────────────────────── undo history ───────────────────────────────

export async function pushHistory(
  db: Queryable,
  projectId: number,
  version: number,
  kind: string,
  document: ProjectDocument,
): Promise<void> {
  await db.insert(projectHistory).values({ project_id: projectId, version, kind, document })
  const keep = await db
    .select({ id: projectHistory.id })
    .from(projectHistory)
    .where(eq(projectHistory.project_id, projectId))
    .orderBy(desc(projectHistory.id))
    .limit(1)
    .offset(HISTORY_DEPTH - 1)
  if (keep[0])
    await db
      .delete(projectHistory)
      .where(and(eq(projectHistory.project_id, projectId), lt(projectHistory.id, keep[0].id)))
}

export async function popHistory(db: Queryable, projectId: number) {
  const [last] = await db
    .select()
    .from(projectHistory)
    .where(eq(projectHistory.project_id, projectId))
    .orderBy(desc(projectHistory.id))
    .limit(1)
  if (last) await db.delete(projectHistory).where(eq(projectHistory.id, last.id))
  return last
}

export async function historyDepth(db: Queryable, projectId: number): Promise<number> {
  const [c] = await db
    .select({ n: count() })
    .from(projectHistory)
    .where(eq(projectHistory.project_id, projectId))
  return c?.n ?? 0
}

// ─────────────────────────────── final renders ───────────────────────────────

export async function linkRender(
  db: Queryable,
  projectId: number,
  renderId: string,
  version: number,
): Promise<void> {
  await db.insert(projectRenders).values({ project_id: projectId, render_id: renderId, version })
}

export async function renderIds(db: Queryable, projectId: number, limit: number, offset: number) {
  const rows = await db
    .select({ id: projectRenders.render_id })
    .from(projectRenders)
    .where(eq(projectRenders.project_id, projectId))
    .orderBy(desc(projectRenders.created_at))
    .limit(limit)
    .offset(offset)
  const [c] = await db
    .select({ n: count() })
    .from(projectRenders)
    .where(eq(projectRenders.project_id, projectId))
  return { ids: rows.map((r) => r.id), total: c?.n ?? 0 }
}

export async function latestRenderIds(db: Queryable, projectIds: number[]): Promise<Map<number, string>> {
  if (!projectIds.length) return new Map()
  const rows = await db
    .selectDistinctOn([projectRenders.project_id], {
      project_id: projectRenders.project_id,
      id: projectRenders.render_id,
    })
    .from(projectRenders)
    .where(inArray(projectRenders.project_id, projectIds))
    .orderBy(projectRenders.project_id, desc(projectRenders.created_at))
  return new Map(rows.map((r) => [r.project_id, r.id]))
}

export async function isProjectRender(db: Queryable, projectId: number, renderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projectRenders.render_id })
    .from(projectRenders)
    .where(and(eq(projectRenders.project_id, projectId), eq(projectRenders.render_id, renderId)))
  return Boolean(row)
}

// ─────────────────────────────── backgrounds ───────────────────────────────

export async function insertBackground(
  db: Queryable,
  row: typeof projectBackgrounds.$inferInsert,
): Promise<ProjectBackgroundRow> {
  const [created] = await db.insert(projectBackgrounds).values(row).returning()
  return created!
}

export async function listBackgrounds(db: Queryable, userId: number): Promise<ProjectBackgroundRow[]> {
  return db
    .select()
    .from(projectBackgrounds)
    .where(eq(projectBackgrounds.user_id, userId))
    .orderBy(desc(projectBackgrounds.created_at))
}

export async function findBackground(
  db: Queryable,
  userId: number,
  id: string,
): Promise<ProjectBackgroundRow | undefined> {
  const [row] = await db
    .select()
    .from(projectBackgrounds)
    .where(and(eq(projectBackgrounds.id, id), eq(projectBackgrounds.user_id, userId)))
  return row
}

export async function renameBackground(
  db: Queryable,
  userId: number,
  id: string,
  name: string,
): Promise<ProjectBackgroundRow | undefined> {
  const [row] = await db
    .update(projectBackgrounds)
    .set({ name })
    .where(and(eq(projectBackgrounds.id, id), eq(projectBackgrounds.user_id, userId)))
    .returning()
  return row
}

export async function deleteBackground(
  db: Queryable,
  userId: number,
  id: string,
): Promise<ProjectBackgroundRow | undefined> {
  const [row] = await db
    .delete(projectBackgrounds)
    .where(and(eq(projectBackgrounds.id, id), eq(projectBackgrounds.user_id, userId)))
    .returning()
  return row
}

/** A user's projects, last changed first. */
export async function userProjects(db: Queryable, userId: number, limit: number): Promise<ProjectRow[]> {
  return db
    .select()
    .from(projects)
    .where(eq(projects.user_id, userId))
    .orderBy(desc(projects.updated_at))
    .limit(limit)
}

/** The documents of a project's undo snapshots. */
export async function historyDocuments(db: Queryable, projectId: number) {
  return db
    .select({ document: projectHistory.document })
    .from(projectHistory)
    .where(eq(projectHistory.project_id, projectId))
}
