import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** Accounts of signed-in users (SPEC §3 "User info", §6 flags). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    /** Always stored lowercased (the contract's Email schema lowercases it). */
    email: text('email').notNull(),
    /** argon2id PHC string. */
    password_hash: text('password_hash').notNull(),
    is_enabled: boolean('is_enabled').notNull().default(true),
    is_super_user: boolean('is_super_user').notNull().default(false),
    is_grandfather: boolean('is_grandfather').notNull().default(false),
    /** Who referred this user (their /r/{username} link, or referred_by on Twitch connect); kept once set. */
    referred_by: integer('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "Alice" and "alice" are the same name: uniqueness and look-ups go through lower().
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.created_at),
    // The admin list's orders are (column, id): a page and an export batch are index range scans.
    index('users_created_at_id_idx').on(t.created_at, t.id),
    index('users_username_id_idx').on(t.username, t.id),
  ],
)
export type UserRow = typeof users.$inferSelect

/**
 * The foreign-key anchor other modules' tables use for a user: `.references(referencesUser, { onDelete })`.
 * It hands drizzle the column without handing out the table (tables stay private to the module).
 */
export const referencesUser = (): AnyPgColumn => users.id
