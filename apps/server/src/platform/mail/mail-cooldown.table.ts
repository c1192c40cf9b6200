import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The last mail of each kind to each recipient (mail-cooldown.ts): in the database, so every API
 * and worker process sees the same cooldown. One row per kind and address; stale rows are swept.
 */
export const mailCooldowns = pgTable(
  'mail_cooldowns',
  {
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recipient] })],
)
