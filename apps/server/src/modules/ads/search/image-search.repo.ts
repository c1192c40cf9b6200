import { and, eq, getTableColumns, ilike, or, sql } from 'drizzle-orm'
import type { AnyColumn } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import type { ListSpec } from '../../../platform/db/list-query'
import { userFieldOf, userIdsMatching } from '../../users'
import { adBrands } from '../brands/brands.table'
import type { adBrandImages, adBrandLogos } from '../brands/brands.table'
import { adAssets } from '../images/ad-images.table'
import { adImageSearches } from './image-search.table'
import type { AdImageSearchRow } from './image-search.table'

export async function insertSearch(db: Queryable, values: typeof adImageSearches.$inferInsert) {
  const [row] = await db.insert(adImageSearches).values(values).returning()
  return row!
}

export async function findSearch(db: Queryable, id: number): Promise<AdImageSearchRow | undefined> {
  const [row] = await db.select().from(adImageSearches).where(eq(adImageSearches.id, id))
  return row
}

/** Puts a failed search back in the queue's hands; none when it is not failed (anymore). */
export async function requeueFailed(
  db: Queryable,
  id: number,
  values: Partial<AdImageSearchRow>,
): Promise<AdImageSearchRow | undefined> {
  const [row] = await db
    .update(adImageSearches)
    .set(values)
    .where(and(eq(adImageSearches.id, id), eq(adImageSearches.status, 'failed')))
    .returning()
  return row
}

export async function updateSearch(
  db: Queryable,
  id: number,
  values: Partial<AdImageSearchRow>,
): Promise<AdImageSearchRow | undefined> {
  const [row] = await db.update(adImageSearches).set(values).where(eq(adImageSearches.id, id)).returning()
  return row
}

const searchFields = getTableColumns(adImageSearches)
export const searchSpec: ListSpec<typeof searchFields> = {
  table: adImageSearches,
  fields: searchFields,
  id: adImageSearches.id,
  defaultSort: 'created_at',
  sortable: { created_at: adImageSearches.created_at, id: adImageSearches.id },
}

const owner = (userId: AnyColumn) => sql<string>`${userFieldOf(userId, 'username')}`
const ownerMatches = (userId: AnyColumn, term: string) => sql`${userId} in (${userIdsMatching(term)})`

/** Ad assets (uploads) whose name or owner's username is `ilike` the term, newest first. */
export const libraryAssets = (db: Queryable, term: string, limit: number) =>
  db
    .select({
      id: adAssets.id,
      name: adAssets.name,
      width: adAssets.width,
      height: adAssets.height,
      characters: adAssets.characters,
      owner: owner(adAssets.user_id),
    })
    .from(adAssets)
    .where(or(ilike(adAssets.name, term), ownerMatches(adAssets.user_id, term)))
    .orderBy(sql`${adAssets.id} desc`)
    .limit(limit)

/** Brand logos or images whose brand (name, description, owner) or source is `ilike` the term, newest first. */
export const brandPictures = (
  db: Queryable,
  table: typeof adBrandLogos | typeof adBrandImages,
  term: string,
  limit: number,
) =>
  db
    .select({
      id: table.id,
      width: table.width,
      height: table.height,
      detail: table.source_detail,
      brand: adBrands.name,
      owner: owner(adBrands.user_id),
    })
    .from(table)
    .innerJoin(adBrands, eq(adBrands.id, table.brand_id))
    .where(
      or(
        ilike(adBrands.name, term),
        ilike(adBrands.description, term),
        ilike(table.source_detail, term),
        ownerMatches(adBrands.user_id, term),
      ),
    )
    .orderBy(sql`${table.created_at} desc`)
    .limit(limit)
