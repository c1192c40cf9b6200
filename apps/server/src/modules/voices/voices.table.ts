import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { VoiceProfile } from '@mouthpiece/contracts/media/voices.schemas'
import { referencesUser } from '../users'

/**
 * SPEC §7 "audio upload … audio process list": uploaded recordings. The original is checked by
 * probing, then a job converts it to WAV and measures the voice (for voice match and lip sync).
 * Owned by a user, or by a signed-out visitor (per-visitor id cookie) for the demo.
 */
export const audioUploads = pgTable(
  'audio_uploads',
  {
    /** SPEC `uuid_path`. */
    id: uuid('id').primaryKey(),
    user_id: integer('user_id').references(referencesUser, { onDelete: 'cascade' }),
    visitor_id: text('visitor_id'),
    /** The address a signed-out upload came from: all visitors of one IP share a quota. */
    client_ip: text('client_ip'),
    original_name: text('original_name').notNull(),
    /** Probed container (wav, mp3, m4a, webm, ogg). */
    format: text('format'),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    duration: real('duration'),
    /** SPEC §4 process status: fail=0, inprogress=1, successfully=2, notRunning=3. */
    status: smallint('status').notNull(),
    progress: smallint('progress').notNull().default(0),
    stage: text('stage').notNull().default('uploaded'),
    error: text('error'),
    profile: jsonb('profile').$type<VoiceProfile>(),
    /** Storage keys: the upload as sent, and the processed WAV (`audio_id_<uuid>.wav`). */
    original_key: text('original_key').notNull(),
    wav_key: text('wav_key'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audio_uploads_user_idx').on(t.user_id, t.created_at.desc()),
    index('audio_uploads_visitor_idx').on(t.visitor_id, t.created_at.desc()),
    index('audio_uploads_anonymous_idx')
      .on(t.client_ip, t.created_at)
      .where(sql`${t.user_id} is null`),
    check('audio_uploads_owner_check', sql`${t.user_id} is not null or ${t.visitor_id} is not null`),
    check('audio_uploads_status_check', sql`${t.status} between 0 and 3`),
  ],
)
export type AudioUploadRow = typeof audioUploads.$inferSelect
