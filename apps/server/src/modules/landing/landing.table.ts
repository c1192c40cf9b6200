import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Finished videos an operator chose to show on the landing page ("sample output videos", SPEC §7). */
export const landingSampleVideos = pgTable(
  'landing_sample_videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    video_url: text('video_url').notNull(),
    poster_url: text('poster_url'),
    order: integer('order').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('landing_sample_videos_order_idx').on(t.order, t.id),
    check('landing_sample_videos_order_check', sql`${t.order} >= 0`),
  ],
)
export type SampleVideoRow = typeof landingSampleVideos.$inferSelect
