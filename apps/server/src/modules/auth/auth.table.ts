import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { referencesUser } from '../users'

/** Back-office accounts; separate from users, with their own sessions (SPEC §6). */
export const admins = pgTable('admins', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique('admins_username_key'),
  password_hash: text('password_hash').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
export type AdminRow = typeof admins.$inferSelect

/** Single-use password reset tokens, stored as their SHA-256. */
export const passwordResets = pgTable(
  'password_resets',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.user_id)],
)
