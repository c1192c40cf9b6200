import { asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { EmotionTable } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { Queryable } from '../../platform/db/client'
import { allOf, escapeLike, searchAny } from '../../platform/db/list-query'
import type { ListSpec } from '../../platform/db/list-query'
import { voiceProfiles, voiceProfileTags, voiceTags } from './voice-profiles.table'
import type { VoiceProfileRow, VoiceTagRow } from './voice-profiles.table'

const profileFields = {
  id: voiceProfiles.id,
  name: voiceProfiles.name,
  description: voiceProfiles.description,
  engine_voice_id: voiceProfiles.engine_voice_id,
  rate: voiceProfiles.rate,
  pitch: voiceProfiles.pitch,
  emotions: voiceProfiles.emotions,
  sample_key: voiceProfiles.sample_key,
  sample_seconds: voiceProfiles.sample_seconds,
  created_at: voiceProfiles.created_at,
  updated_at: voiceProfiles.updated_at,
}
export const profileListSpec: ListSpec<typeof profileFields> = {
  table: voiceProfiles,
  fields: profileFields,
  id: voiceProfiles.id,
  sortable: {
    name: voiceProfiles.name,
    created_at: voiceProfiles.created_at,
    updated_at: voiceProfiles.updated_at,
  },
  defaultSort: 'created_at',
}

/** Profiles matching the search (name, description, engine voice) and carrying the tag. */
export function profileWhere(filter: { q?: string; tag?: number }) {
  const tagged = filter.tag
    ? inArray(
        voiceProfiles.id,
        sql`(select ${voiceProfileTags.profile_id} from ${voiceProfileTags} where ${voiceProfileTags.tag_id} = ${filter.tag})`,
      )
    : undefined
  return allOf(
    searchAny([voiceProfiles.name, voiceProfiles.description, voiceProfiles.engine_voice_id], filter.q),
    tagged,
  )
}

export async function findProfile(db: Queryable, id: number): Promise<VoiceProfileRow | undefined> {
  const [row] = await db.select().from(voiceProfiles).where(eq(voiceProfiles.id, id))
  return row
}

export async function allProfiles(db: Queryable): Promise<VoiceProfileRow[]> {
  return db.select().from(voiceProfiles).orderBy(asc(voiceProfiles.name), asc(voiceProfiles.id))
}

/** Tags of each profile, by profile id. */
export async function tagsOf(db: Queryable, profileIds: number[]): Promise<Map<number, VoiceTagRow[]>> {
  const out = new Map<number, VoiceTagRow[]>(profileIds.map((id) => [id, []]))
  if (!profileIds.length) return out
  const rows = await db
    .select({
      profile_id: voiceProfileTags.profile_id,
      id: voiceTags.id,
      category: voiceTags.category,
      name: voiceTags.name,
    })
    .from(voiceProfileTags)
    .innerJoin(voiceTags, eq(voiceTags.id, voiceProfileTags.tag_id))
    .where(inArray(voiceProfileTags.profile_id, profileIds))
    .orderBy(asc(voiceTags.category), asc(voiceTags.name))
  for (const r of rows) out.get(r.profile_id)?.push({ id: r.id, category: r.category, name: r.name })
  return out
}

export async function setTags(db: Queryable, profileId: number, tagIds: number[]): Promise<void> {
  await db.delete(voiceProfileTags).where(eq(voiceProfileTags.profile_id, profileId))
  if (tagIds.length)
    await db
      .insert(voiceProfileTags)
      .values([...new Set(tagIds)].map((tag_id) => ({ profile_id: profileId, tag_id })))
}

export async function existingTagIds(db: Queryable, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const rows = await db.select({ id: voiceTags.id }).from(voiceTags).where(inArray(voiceTags.id, ids))
  return new Set(rows.map((r) => r.id))
}

/** Tags whose name or group contains the filter, with how many profiles carry each. */
export async function listTags(db: Queryable, filter?: string) {
  const term = filter?.trim()
  const where = term
    ? or(ilike(voiceTags.name, `%${escapeLike(term)}%`), ilike(voiceTags.category, `%${escapeLike(term)}%`))
    : undefined
  return db
    .select({
      id: voiceTags.id,
      category: voiceTags.category,
      name: voiceTags.name,
      profiles: count(voiceProfileTags.profile_id),
    })
    .from(voiceTags)
    .leftJoin(voiceProfileTags, eq(voiceProfileTags.tag_id, voiceTags.id))
    .where(where)
    .groupBy(voiceTags.id)
    .orderBy(asc(voiceTags.category), asc(voiceTags.name))
}

// Single-row writes the use cases run inside their audited transactions; each answers `returning()`.

export const insertProfile = (db: Queryable, values: typeof voiceProfiles.$inferInsert) =>
  db.insert(voiceProfiles).values(values).returning()

export const updateProfile = (db: Queryable, id: number, patch: Partial<typeof voiceProfiles.$inferInsert>) =>
  db.update(voiceProfiles).set(patch).where(eq(voiceProfiles.id, id)).returning()

export const deleteProfileRow = (db: Queryable, id: number) =>
  db.delete(voiceProfiles).where(eq(voiceProfiles.id, id)).returning()

export const setProfileEmotionTable = (db: Queryable, id: number, emotions: EmotionTable) =>
  db
    .update(voiceProfiles)
    .set({ emotions, updated_at: new Date() })
    .where(eq(voiceProfiles.id, id))
    .returning({ id: voiceProfiles.id, emotions: voiceProfiles.emotions })

export const insertTag = (db: Queryable, values: typeof voiceTags.$inferInsert) =>
  db.insert(voiceTags).values(values).returning()

export const deleteTagRow = (db: Queryable, id: number) =>
  db.delete(voiceTags).where(eq(voiceTags.id, id)).returning()
