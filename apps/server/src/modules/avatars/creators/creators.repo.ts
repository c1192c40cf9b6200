import { and, asc, eq, ne, or } from 'drizzle-orm'
import type { DefaultPrompt } from '@mouthpiece/contracts/avatars/creators.contract'
import type { Queryable } from '../../../platform/db/client'
import { defaultLookPrompts, influencers } from '../avatars.table'
import type { InfluencerRow } from '../avatars.table'

export async function findInfluencer(db: Queryable, id: string): Promise<InfluencerRow | undefined> {
  const [row] = await db.select().from(influencers).where(eq(influencers.id, id))
  return row
}

/** Every creator in the admin's order. */
export const listInfluencers = (db: Queryable): Promise<InfluencerRow[]> =>
  db
    .select()
    .from(influencers)
    .orderBy(asc(influencers.order), asc(influencers.created_at), asc(influencers.id))

/** Changes one creator; answers the changed row (none when it is gone). */
export const updateInfluencer = (
  db: Queryable,
  id: string,
  patch: Partial<typeof influencers.$inferInsert>,
) => db.update(influencers).set(patch).where(eq(influencers.id, id)).returning()

/** Changes one creator only while it still speaks with `voiceId`; answers its id when it did. */
export const updateInfluencerOverVoice = (
  db: Queryable,
  id: string,
  voiceId: string,
  patch: Partial<typeof influencers.$inferInsert>,
) =>
  db
    .update(influencers)
    .set(patch)
    .where(and(eq(influencers.id, id), eq(influencers.voice_id, voiceId)))
    .returning({ id: influencers.id })

export async function deleteInfluencer(db: Queryable, id: string): Promise<void> {
  await db.delete(influencers).where(eq(influencers.id, id))
}

/** The creators that speak with this voice profile. */
export const influencersWithProfile = (db: Queryable, profileId: number) =>
  db.select({ id: influencers.id }).from(influencers).where(eq(influencers.voice_profile_id, profileId))

/** Another creator than `id` that speaks with this profile (by id or by its voice id), if any. */
export const otherInfluencerWithProfile = (db: Queryable, id: string, profileId: number, voiceId: string) =>
  db
    .select({ id: influencers.id })
    .from(influencers)
    .where(
      and(
        ne(influencers.id, id),
        or(eq(influencers.voice_profile_id, profileId), eq(influencers.voice_id, voiceId)),
      ),
    )
    .limit(1)

export const listDefaultPrompts = (db: Queryable) =>
  db.select().from(defaultLookPrompts).orderBy(asc(defaultLookPrompts.position))

/** Replaces the whole list (inside the caller's transaction). */
export async function replaceDefaultPrompts(db: Queryable, prompts: DefaultPrompt[]): Promise<void> {
  await db.delete(defaultLookPrompts)
  if (prompts.length)
    await db
      .insert(defaultLookPrompts)
      .values(prompts.map((p, position) => ({ position, label: p.label, prompt: p.prompt })))
}

export async function insertInfluencer(
  db: Queryable,
  values: typeof influencers.$inferInsert,
): Promise<InfluencerRow> {
  const [row] = await db.insert(influencers).values(values).returning()
  return row!
}
