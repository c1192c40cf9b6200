import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { referencesUser } from '../users'

/** SPEC §9 tracking events, for a signed-in user or an anonymous browser id. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** usage (product events) or payment (payment steps); the two sets share numbers. */
    category: text('category').notNull(),
    event: smallint('event').notNull(),
    // A deleted account takes its tracking history with it.
    user_id: integer('user_id').references(referencesUser, { onDelete: 'cascade' }),
    anonymous_id: text('anonymous_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracking_events_user_idx').on(t.category, t.user_id),
    index('tracking_events_anonymous_idx')
      .on(t.category, t.anonymous_id)
      .where(sql`${t.user_id} is null`),
    index('tracking_events_created_idx').on(t.category, t.created_at),
    check('tracking_events_category_check', sql`${t.category} in ('usage', 'payment')`),
    check('tracking_events_customer_check', sql`${t.user_id} is not null or ${t.anonymous_id} is not null`),
  ],
)
export type TrackingEventRow = typeof trackingEvents.$inferSelect
