import { and, count, desc, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm'
import type { AnyColumn, SQL } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { allOf, escapeLike } from '../../../platform/db/list-query'
import type { ListSpec } from '../../../platform/db/list-query'
import { findUserById, userFieldOf, userIdsMatching } from '../../users'
import { adAssets, adImageGenerations } from './ad-images.table'
import type { AdAssetRow, AdImageGenerationRow } from './ad-images.table'

type AssetPatch = Partial<typeof adAssets.$inferInsert>
type GenerationPatch = Partial<typeof adImageGenerations.$inferInsert>

export async function insertAsset(db: Queryable, row: typeof adAssets.$inferInsert): Promise<AdAssetRow> {
  const [created] = await db.insert(adAssets).values(row).returning()
  return created!
}

/** Without `userId`: any user's (admin and jobs). */
export async function findAsset(db: Queryable, id: number, userId?: number): Promise<AdAssetRow | undefined> {
  const [row] = await db
    .select()
    .from(adAssets)
    .where(and(eq(adAssets.id, id), userId === undefined ? undefined : eq(adAssets.user_id, userId)))
  return row
}

export async function updateAsset(
  db: Queryable,
  id: number,
  patch: AssetPatch,
  where?: SQL,
): Promise<AdAssetRow | undefined> {
  const [row] = await db
    .update(adAssets)
    .set({ ...patch, updated_at: new Date() })
    .where(and(eq(adAssets.id, id), where))
    .returning()
  return row
}

export async function listAssets(db: Queryable, userId: number, projectId?: number): Promise<AdAssetRow[]> {
  return db
    .select()
    .from(adAssets)
    .where(and(eq(adAssets.user_id, userId), projectId ? eq(adAssets.project_id, projectId) : undefined))
    .orderBy(desc(adAssets.id))
    .limit(200)
}

export async function deleteAsset(
  db: Queryable,
  id: number,
  userId: number,
): Promise<AdAssetRow | undefined> {
  const [row] = await db
    .delete(adAssets)
    .where(and(eq(adAssets.id, id), eq(adAssets.user_id, userId)))
    .returning()
  return row
}

export async function insertGenerations(
  db: Queryable,
  rows: Array<typeof adImageGenerations.$inferInsert>,
): Promise<AdImageGenerationRow[]> {
  return rows.length ? db.insert(adImageGenerations).values(rows).returning() : []
}

export async function findGeneration(
  db: Queryable,
  id: number,
  userId?: number,
): Promise<AdImageGenerationRow | undefined> {
  const [row] = await db
    .select()
    .from(adImageGenerations)
    .where(
      and(
        eq(adImageGenerations.id, id),
        userId === undefined ? undefined : eq(adImageGenerations.user_id, userId),
      ),
    )
  return row
}

export async function updateGeneration(
  db: Queryable,
  id: number,
  patch: GenerationPatch,
): Promise<AdImageGenerationRow | undefined> {
  const [row] = await db
    .update(adImageGenerations)
    .set({ ...patch, updated_at: new Date() })
    .where(eq(adImageGenerations.id, id))
    .returning()
  return row
}

export async function listGenerations(
  db: Queryable,
  userId: number,
  projectId?: number,
): Promise<AdImageGenerationRow[]> {
  return db
    .select()
    .from(adImageGenerations)
    .where(
      and(
        eq(adImageGenerations.user_id, userId),
        projectId ? eq(adImageGenerations.project_id, projectId) : undefined,
      ),
    )
    .orderBy(desc(adImageGenerations.id))
    .limit(200)
}

export async function deleteGeneration(
  db: Queryable,
  id: number,
  userId: number,
): Promise<AdImageGenerationRow | undefined> {
  const [row] = await db
    .delete(adImageGenerations)
    .where(and(eq(adImageGenerations.id, id), eq(adImageGenerations.user_id, userId)))
    .returning()
  return row
}

export async function countGenerations(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adImageGenerations)
    .where(eq(adImageGenerations.user_id, userId))
  return row?.n ?? 0
}

const ownerName = (userId: AnyColumn) => sql<string>`${userFieldOf(userId, 'username')}`.as('username')
/** The owner's username contains the term (a sub-select, so the list needs no join). */
const ownerMatches = (userId: AnyColumn, term: string) => sql`${userId} in (${userIdsMatching(term)})`

const assetFields = { ...getTableColumns(adAssets), username: ownerName(adAssets.user_id) }
/** Admin list of ad assets (platform/db/list-query): every column and the owner's username. */
export const adminAssetsSpec: ListSpec<typeof assetFields> = {
  table: adAssets,
  fields: assetFields,
  id: adAssets.id,
  defaultSort: 'created_at',
  sortable: {
    created_at: adAssets.created_at,
    updated_at: adAssets.updated_at,
    name: adAssets.name,
    id: adAssets.id,
  },
}
export function adminAssetsWhere(q: {
  q?: string
  status?: AdAssetRow['status']
  kind?: AdAssetRow['kind']
}) {
  const term = q.q ? `%${escapeLike(q.q)}%` : undefined
  return allOf(
    term ? or(ilike(adAssets.name, term), ownerMatches(adAssets.user_id, term)) : undefined,
    q.status ? eq(adAssets.status, q.status) : undefined,
    q.kind ? eq(adAssets.kind, q.kind) : undefined,
  )
}

const generationFields = {
  ...getTableColumns(adImageGenerations),
  username: ownerName(adImageGenerations.user_id),
}
export const adminGenerationsSpec: ListSpec<typeof generationFields> = {
  table: adImageGenerations,
  fields: generationFields,
  id: adImageGenerations.id,
  defaultSort: 'created_at',
  sortable: {
    created_at: adImageGenerations.created_at,
    updated_at: adImageGenerations.updated_at,
    name: adImageGenerations.name,
    id: adImageGenerations.id,
  },
}
export function adminGenerationsWhere(q: {
  q?: string
  status?: AdImageGenerationRow['status']
  engine?: AdImageGenerationRow['engine']
}) {
  const term = q.q ? `%${escapeLike(q.q)}%` : undefined
  return allOf(
    term
      ? or(
          ilike(adImageGenerations.name, term),
          ilike(adImageGenerations.headline, term),
          ownerMatches(adImageGenerations.user_id, term),
        )
      : undefined,
    q.status ? eq(adImageGenerations.status, q.status) : undefined,
    q.engine ? eq(adImageGenerations.engine, q.engine) : undefined,
  )
}

export async function usernameOf(db: Queryable, userId: number): Promise<string> {
  return (await findUserById(db, userId))?.username ?? ''
}
