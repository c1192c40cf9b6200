import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { referencesUser } from '../../users'
import { adBrands } from '../brands/brands.table'
import { adProjects } from '../projects/ad-projects.table'

export type ScrapeStatus = 'queued' | 'running' | 'completed' | 'failed'

/**
 * One "scrape a brand from a site" run (SPEC "scraper task"). The brand is written only when the
 * whole scrape succeeded, in one transaction; a failed task leaves no brand and can be retried.
 */
export const adScrapeTasks = pgTable(
  'ad_scrape_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    /** Set when the scrape made (or refreshed) a brand. */
    brand_id: integer('brand_id').references(() => adBrands.id, { onDelete: 'set null' }),
    ad_project_id: integer('ad_project_id').references(() => adProjects.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    status: text('status').$type<ScrapeStatus>().notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    stage: text('stage').notNull().default('queued'),
    error: text('error'),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    /** Milliseconds the last run took (bench, admin). */
    duration_ms: integer('duration_ms'),
    /** Who asked: a user from the branding page or an admin from /admin/site-scraper. */
    requested_by: text('requested_by').$type<'user' | 'admin'>().notNull().default('user'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ad_scrape_tasks_user_idx').on(t.user_id, t.created_at.desc()),
    index('ad_scrape_tasks_created_idx').on(t.created_at.desc()),
  ],
)
export type AdScrapeTaskRow = typeof adScrapeTasks.$inferSelect
