import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** SPEC §3 "Sentence category": ready-made lines visitors can drop into a video. */
export const sentenceCategories = pgTable(
  'sentence_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Slug; fixed once created (SPEC §3/§4). */
    name: text('name').notNull(),
    display_name: text('display_name').notNull(),
    order: integer('order').notNull().default(1),
    is_show: boolean('is_show').notNull().default(true),
    /** One entry per sentence; small lists that are always read and written whole. */
    sentences: text('sentences')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sentence_categories_name_key').on(t.name),
    index('sentence_categories_order_idx').on(t.order, t.id),
    check('sentence_categories_order_check', sql`${t.order} >= 0`),
  ],
)
export type SentenceCategoryRow = typeof sentenceCategories.$inferSelect
