import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import { customAvatars, influencers } from './avatars.table'
import type { CustomAvatarRow, InfluencerRow } from './avatars.table'

export type NewInfluencer = typeof influencers.$inferInsert

/** Adds influencers that are not there yet; rows operators changed are left alone. */
export async function insertMissingInfluencers(db: Queryable, rows: NewInfluencer[]): Promise<void> {
  if (rows.length) await db.insert(influencers).values(rows).onConflictDoNothing()
}

export async function listActiveInfluencers(db: Queryable): Promise<InfluencerRow[]> {
  return db
    .select()
    .from(influencers)
    .where(eq(influencers.is_active, true))
    .orderBy(asc(influencers.order), asc(influencers.id))
}

export async function findActiveInfluencer(db: Queryable, id: string): Promise<InfluencerRow | undefined> {
  const [row] = await db
    .select()
    .from(influencers)
    .where(and(eq(influencers.id, id), eq(influencers.is_active, true)))
  return row
}

export async function insertCustomAvatar(
  db: Queryable,
  row: typeof customAvatars.$inferInsert,
): Promise<CustomAvatarRow> {
  const [created] = await db.insert(customAvatars).values(row).returning()
  return created!
}

export async function updateCustomAvatar(
  db: Queryable,
  userId: number,
  id: number,
  patch: Partial<typeof customAvatars.$inferInsert>,
): Promise<CustomAvatarRow | undefined> {
  const [row] = await db
    .update(customAvatars)
    .set({ ...patch, updated_at: new Date() })
    .where(and(eq(customAvatars.id, id), eq(customAvatars.user_id, userId)))
    .returning()
  return row
}

export async function findCustomAvatar(
  db: Queryable,
  userId: number,
  id: number,
): Promise<CustomAvatarRow | undefined> {
  const [row] = await db
    .select()
    .from(customAvatars)
    .where(and(eq(customAvatars.id, id), eq(customAvatars.user_id, userId)))
  return row
}

export async function listCustomAvatars(db: Queryable, userId: number): Promise<CustomAvatarRow[]> {
  return db
    .select()
    .from(customAvatars)
    .where(eq(customAvatars.user_id, userId))
    .orderBy(desc(customAvatars.id))
}

export async function countCustomAvatars(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customAvatars).where(eq(customAvatars.user_id, userId))
  return row?.n ?? 0
}

export async function deleteCustomAvatar(
  db: Queryable,
  userId: number,
  id: number,
): Promise<CustomAvatarRow | undefined> {
  const [row] = await db
    .delete(customAvatars)
    .where(and(eq(customAvatars.id, id), eq(customAvatars.user_id, userId)))
    .returning()
  return row
}

/** A user's custom avatars, newest first. */
export async function userCustomAvatars(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<CustomAvatarRow[]> {
  return db
    .select()
    .from(customAvatars)
    .where(eq(customAvatars.user_id, userId))
    .orderBy(desc(customAvatars.created_at))
    .limit(limit)
}

/** Custom avatars' stored stills as rows (user_id, visitor_id, part, render_id, ref, seconds, at). */
export const avatarPreviewFilesSql = () => {
  const c = customAvatars
  return sql`
      select ${c.user_id}, null, 'avatar preview', null, ${c.preview_key}, null, ${c.created_at}
      from ${c} where ${c.preview_key} is not null`
}
