import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Rate-limit windows shared by every API process on one PostgreSQL database: one row per route
 * and client key, counting hits until reset_at (a fixed window, like the plugin's own store).
 * Expired rows are harmless (the next hit restarts them) and are swept now and then.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  reset_at: timestamp('reset_at', { withTimezone: true }).notNull(),
})
