import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { adAvatars } from './ad-avatars.table'
import type { AdAvatarRow } from './ad-avatars.table'

/** Every ad avatar by name (the admin list). */
export const listAdAvatars = (db: Queryable): Promise<AdAvatarRow[]> =>
  db.select().from(adAvatars).orderBy(adAvatars.name)

export async function findAdAvatar(db: Queryable, id: number): Promise<AdAvatarRow | undefined> {
  const [row] = await db.select().from(adAvatars).where(eq(adAvatars.id, id))
  return row
}

const pickable = and(eq(adAvatars.is_active, true), isNotNull(adAvatars.presenter))

/** Active ad avatars with a talking photo, by name. */
export const listPickable = (db: Queryable): Promise<AdAvatarRow[]> =>
  db.select().from(adAvatars).where(pickable).orderBy(asc(adAvatars.name), asc(adAvatars.id))

export async function findPickable(db: Queryable, id: number): Promise<AdAvatarRow | undefined> {
  const [row] = await db
    .select()
    .from(adAvatars)
    .where(and(eq(adAvatars.id, id), pickable))
  return row
}

export async function insertAdAvatar(
  db: Queryable,
  values: typeof adAvatars.$inferInsert,
): Promise<AdAvatarRow> {
  const [row] = await db.insert(adAvatars).values(values).returning()
  return row!
}

export async function updateAdAvatarRow(
  db: Queryable,
  id: number,
  patch: Partial<typeof adAvatars.$inferInsert>,
): Promise<AdAvatarRow | undefined> {
  const [row] = await db.update(adAvatars).set(patch).where(eq(adAvatars.id, id)).returning()
  return row
}

export async function deleteAdAvatarRow(db: Queryable, id: number): Promise<AdAvatarRow | undefined> {
  const [gone] = await db.delete(adAvatars).where(eq(adAvatars.id, id)).returning()
  return gone
}
