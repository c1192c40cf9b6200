import { desc, eq } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import { adAudioGenerations } from './ad-audios.table'
import type { AdAudioGenerationRow } from './ad-audios.table'

export async function insertAdAudio(
  db: Queryable,
  values: typeof adAudioGenerations.$inferInsert,
): Promise<AdAudioGenerationRow> {
  const [row] = await db.insert(adAudioGenerations).values(values).returning()
  return row!
}

/** A project's latest voice-overs, newest first. */
export function listProjectAdAudios(db: Queryable, projectId: number, limit = 50) {
  return db
    .select()
    .from(adAudioGenerations)
    .where(eq(adAudioGenerations.ad_project_id, projectId))
    .orderBy(desc(adAudioGenerations.created_at))
    .limit(limit)
}
