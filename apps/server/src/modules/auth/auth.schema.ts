import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from '../users/users.schema'

/** Back-office accounts; separate from users, with their own sessions (SPEC §6). */
export const admins = pgTable('admins', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull().unique('admins_username_key'),
  password_hash: text('password_hash').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
export type AdminRow = typeof admins.$inferSelect

/**
 * Signed-in sessions of users and admins. Only the SHA-256 of the opaque token is stored, so a
 * leaked table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull().unique('sessions_token_hash_key'),
    role: text('role', { enum: ['user', 'admin'] }).notNull(),
    /** users.id or admins.id, by role. */
    subject_id: integer('subject_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_subject_idx').on(t.role, t.subject_id),
    check('sessions_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
)
export type SessionRow = typeof sessions.$inferSelect
/** Whose session: a user's or an admin's. */
export type SessionRole = SessionRow['role']

/** Single-use password reset tokens, stored as their SHA-256. */
export const passwordResets = pgTable(
  'password_resets',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.user_id)],
)

/**
 * Failed sign-in checks (logins, the current-password check of update-info) counted per key: an
 * account with one address (`pair:…`) and an account from everywhere (`account:…`), in a window.
 * The database holds them so every API process throttles alike (sign-in-throttle.ts).
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  window_start: timestamp('window_start', { withTimezone: true }).notNull(),
  last_failure_at: timestamp('last_failure_at', { withTimezone: true }).notNull(),
})
