import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { VoiceProfile } from '@mouthpiece/contracts/media/voices.schemas'
import { referencesUser } from '../users'
import { audioUploads } from './voices.table'

/**
 * A user's own voice from a sample they recorded or uploaded and said is theirs (consent stored).
 * Offline it is the voice-match profile on the closest built-in voice; with the neural provider
 * configured, the provider's clone.
 */
export const personalVoices = pgTable(
  'personal_voices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `match` (offline) or `neural` (provider clone). */
    kind: text('kind').notNull(),
    sample_uuid: uuid('sample_uuid').references(() => audioUploads.id, { onDelete: 'set null' }),
    sample_seconds: real('sample_seconds').notNull(),
    profile: jsonb('profile').$type<VoiceProfile>().notNull(),
    /** The built-in voice the match starts from, or the provider's voice id for a clone. */
    base_voice_id: text('base_voice_id').notNull(),
    /** When the user confirmed the voice is their own, and the statement they confirmed. */
    consent_at: timestamp('consent_at', { withTimezone: true }).notNull(),
    consent_text: text('consent_text').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('personal_voices_user_idx').on(t.user_id, t.id.desc())],
)
export type PersonalVoiceRow = typeof personalVoices.$inferSelect
