import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** SPEC "ad avatar": a presenter picture the admins keep for ads (name, picture, voice). */
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
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
export type AdAvatarRow = typeof adAvatars.$inferSelect
