import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { AvatarLook } from '@mouthpiece/contracts/media/avatar.schemas'

/**
 * The talking photo made from an ad avatar's portrait by the avatars module: the look renders draw
 * (its `photo` holds the upright portrait's storage key and 68 face landmarks).
 */
export interface AdAvatarPresenter {
  look: AvatarLook
  /** How long finding the face took (ms), for the admin. */
  detect_ms: number
}

/** SPEC "ad avatar": a presenter the admins keep for ads (name, picture, voice, and the talking photo made from it). */
export const adAvatars = pgTable('ad_avatars', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  voice_id: text('voice_id'),
  image_key: text('image_key').notNull(),
  image_mime: text('image_mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  is_active: boolean('is_active').notNull().default(true),
  /** Null only for pictures stored before presenters existed: users cannot pick those. */
  presenter: jsonb('presenter').$type<AdAvatarPresenter>(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
export type AdAvatarRow = typeof adAvatars.$inferSelect
