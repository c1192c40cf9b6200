import { asc, eq } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import { landingSampleVideos as v } from './landing.table'
import type { SampleVideoRow } from './landing.table'

export async function listSampleVideos(db: Queryable): Promise<SampleVideoRow[]> {
  return db.select().from(v).orderBy(asc(v.order), asc(v.id))
}

export async function insertSampleVideo(
  db: Queryable,
  row: Pick<SampleVideoRow, 'title' | 'video_url' | 'poster_url' | 'order'>,
) {
  const [created] = await db.insert(v).values(row).returning()
  return created!
}

export async function deleteSampleVideo(db: Queryable, id: number): Promise<boolean> {
  return (await db.delete(v).where(eq(v.id, id)).returning({ id: v.id })).length > 0
}
