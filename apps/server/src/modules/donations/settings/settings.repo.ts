import { and, asc, eq } from 'drizzle-orm'
import type { Queryable } from '../../../platform/db/client'
import {
  avatarSetups,
  donationSettings,
  profanitySettings,
  profanityWords,
  twitchConnectionSettings,
} from '../donations.table'
import type { AvatarSetupRow, DonationSettingsRow } from '../donations.table'

export type NewSettings = typeof donationSettings.$inferInsert
export type SettingsChanges = Partial<Omit<NewSettings, 'user_id' | 'created_at'>>

export async function findSettings(q: Queryable, userId: number): Promise<DonationSettingsRow | undefined> {
  const [row] = await q.select().from(donationSettings).where(eq(donationSettings.user_id, userId)).limit(1)
  return row
}

/** Creates the row with defaults unless it exists (a racing creator keeps theirs). */
export async function insertSettingsIfMissing(q: Queryable, row: NewSettings): Promise<void> {
  await q.insert(donationSettings).values(row).onConflictDoNothing({ target: donationSettings.user_id })
}

export async function updateSettings(
  q: Queryable,
  userId: number,
  changes: SettingsChanges,
): Promise<DonationSettingsRow | undefined> {
  const [row] = await q
    .update(donationSettings)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(donationSettings.user_id, userId))
    .returning()
  return row
}

export async function findSettingsByOverlayHash(
  q: Queryable,
  hash: string,
): Promise<DonationSettingsRow | undefined> {
  const [row] = await q
    .select()
    .from(donationSettings)
    .where(eq(donationSettings.overlay_key_hash, hash))
    .limit(1)
  return row
}

export async function listSetups(q: Queryable, userId: number): Promise<AvatarSetupRow[]> {
  return q
    .select()
    .from(avatarSetups)
    .where(eq(avatarSetups.user_id, userId))
    .orderBy(asc(avatarSetups.price), asc(avatarSetups.id))
}

export async function findSetup(
  q: Queryable,
  userId: number,
  id: number,
): Promise<AvatarSetupRow | undefined> {
  const [row] = await q
    .select()
    .from(avatarSetups)
    .where(and(eq(avatarSetups.id, id), eq(avatarSetups.user_id, userId)))
    .limit(1)
  return row
}

export async function insertSetup(
  q: Queryable,
  row: typeof avatarSetups.$inferInsert,
): Promise<AvatarSetupRow> {
  const [created] = await q.insert(avatarSetups).values(row).returning()
  return created!
}

export async function updateSetup(
  q: Queryable,
  userId: number,
  id: number,
  changes: Partial<Pick<AvatarSetupRow, 'name' | 'custom_style_id' | 'price' | 'donation_avatar' | 'voice'>>,
): Promise<AvatarSetupRow | undefined> {
  const [row] = await q
    .update(avatarSetups)
    .set({ ...changes, updated_at: new Date() })
    .where(and(eq(avatarSetups.id, id), eq(avatarSetups.user_id, userId)))
    .returning()
  return row
}

export async function deleteSetup(q: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await q
    .delete(avatarSetups)
    .where(and(eq(avatarSetups.id, id), eq(avatarSetups.user_id, userId)))
    .returning({ id: avatarSetups.id })
  return rows.length > 0
}

// The admin's profanity filter (one global setting row and two word lists)
export async function readProfanitySetting(q: Queryable) {
  const [row] = await q.select().from(profanitySettings).where(eq(profanitySettings.id, 1)).limit(1)
  return { enabled: row?.enabled ?? true, max_chars: row?.max_chars ?? 300 }
}

export async function writeProfanitySetting(
  q: Queryable,
  changes: { enabled?: boolean; max_chars?: number },
) {
  await q
    .insert(profanitySettings)
    .values({ id: 1, ...changes })
    .onConflictDoUpdate({ target: profanitySettings.id, set: { ...changes, updated_at: new Date() } })
  return readProfanitySetting(q)
}

export async function readWords(q: Queryable, list: 'black' | 'white'): Promise<string[]> {
  const rows = await q
    .select({ word: profanityWords.word })
    .from(profanityWords)
    .where(eq(profanityWords.list, list))
    .orderBy(asc(profanityWords.word))
  return rows.map((r) => r.word)
}

/** Replaces a whole list (the admin screen edits it as one text). */
export async function replaceWords(q: Queryable, list: 'black' | 'white', words: string[]): Promise<void> {
  await q.delete(profanityWords).where(eq(profanityWords.list, list))
  if (words.length)
    await q
      .insert(profanityWords)
      .values(words.map((word) => ({ list, word })))
      .onConflictDoNothing()
}

// The admin's Twitch connection setting (one row)
export async function readTwitchConnection(
  q: Queryable,
): Promise<{ enabled: boolean; transport: 'websocket' | 'webhook' | null }> {
  const [row] = await q
    .select()
    .from(twitchConnectionSettings)
    .where(eq(twitchConnectionSettings.id, 1))
    .limit(1)
  return { enabled: row?.enabled ?? true, transport: row?.transport ?? null }
}

export async function writeTwitchConnection(
  q: Queryable,
  changes: { enabled?: boolean; transport?: 'websocket' | 'webhook' },
): Promise<void> {
  await q
    .insert(twitchConnectionSettings)
    .values({ id: 1, ...changes })
    .onConflictDoUpdate({ target: twitchConnectionSettings.id, set: { ...changes, updated_at: new Date() } })
}
