import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'

// The credentials every account kind shares (users and admins): sessions, sign-in failures. Platform
// code, so the users module can revoke sessions and check passwords without importing auth.

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
