import { and, desc, eq } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import { personalVoices } from './personal-voices.table'

export async function insertPersonalVoice(db: Queryable, values: typeof personalVoices.$inferInsert) {
  const [row] = await db.insert(personalVoices).values(values).returning()
  return row!
}

/** A user's personal voices, newest first. */
export const listPersonalVoices = (db: Queryable, userId: number) =>
  db.select().from(personalVoices).where(eq(personalVoices.user_id, userId)).orderBy(desc(personalVoices.id))

const owned = (userId: number, id: number) =>
  and(eq(personalVoices.id, id), eq(personalVoices.user_id, userId))

export async function findPersonalVoice(db: Queryable, userId: number, id: number) {
  const [row] = await db.select().from(personalVoices).where(owned(userId, id))
  return row
}

export async function renamePersonalVoice(db: Queryable, userId: number, id: number, name: string) {
  const [row] = await db
    .update(personalVoices)
    .set({ name, updated_at: new Date() })
    .where(owned(userId, id))
    .returning()
  return row
}

export async function deletePersonalVoice(db: Queryable, userId: number, id: number) {
  const [row] = await db.delete(personalVoices).where(owned(userId, id)).returning()
  return row
}
