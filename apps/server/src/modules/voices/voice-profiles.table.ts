import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { EmotionTable, VoiceTagCategory } from '@mouthpiece/contracts/voices/voice-profiles.contract'

/**
 * Voice profiles (SPEC §7 admin): an engine voice with its settings, an emotion → prosody table
 * and a stored sample, tagged so users can filter voice pickers. Speaking `profile:<id>` speaks the
 * engine voice with these settings.
 */
export const voiceProfiles = pgTable(
  'voice_profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    engine_voice_id: text('engine_voice_id').notNull(),
    rate: real('rate').notNull().default(1),
    pitch: real('pitch').notNull().default(0),
    emotions: jsonb('emotions').$type<EmotionTable>().notNull().default({}),
    sample_key: text('sample_key'),
    sample_seconds: real('sample_seconds'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voice_profiles_name_idx').on(t.name, t.id),
    index('voice_profiles_created_idx').on(t.created_at, t.id),
    index('voice_profiles_updated_idx').on(t.updated_at, t.id),
  ],
)
export type VoiceProfileRow = typeof voiceProfiles.$inferSelect

export const voiceTags = pgTable(
  'voice_tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    category: text('category').$type<VoiceTagCategory>().notNull(),
    name: text('name').notNull(),
  },
  // One tag per group and name, whatever the case it was typed in.
  (t) => [uniqueIndex('voice_tags_category_name_idx').on(t.category, sql`lower(${t.name})`)],
)
export type VoiceTagRow = typeof voiceTags.$inferSelect

/**
 * The foreign-key anchor other modules' tables use for a voice profile: `.references(referencesVoiceProfile, { onDelete })`.
 * It hands drizzle the column without handing out the table (tables stay private to the module).
 */
export const referencesVoiceProfile = (): AnyPgColumn => voiceProfiles.id

export const voiceProfileTags = pgTable(
  'voice_profile_tags',
  {
    profile_id: integer('profile_id')
      .notNull()
      .references(() => voiceProfiles.id, { onDelete: 'cascade' }),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => voiceTags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.profile_id, t.tag_id] }),
    index('voice_profile_tags_tag_idx').on(t.tag_id),
  ],
)
