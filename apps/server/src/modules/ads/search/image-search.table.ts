import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import type { ImageHit } from '@mouthpiece/contracts/ads/image-search'

/** An admin image search (SPEC §7 "Image search"): the query, the job's progress and what it found. */
export const adImageSearches = pgTable(
  'ad_image_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    query: text('query').notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    error: text('error'),
    /** Whether the stock-image API was configured (and so asked) when the search ran. */
    stock: boolean('stock').notNull().default(false),
    results: jsonb('results').$type<ImageHit[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_image_searches_created_idx').on(t.created_at.desc())],
)
export type AdImageSearchRow = typeof adImageSearches.$inferSelect
