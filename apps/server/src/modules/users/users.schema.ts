import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

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
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "Alice" and "alice" are the same name: uniqueness and look-ups go through lower().
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.created_at),
  ],
)
export type UserRow = typeof users.$inferSelect
