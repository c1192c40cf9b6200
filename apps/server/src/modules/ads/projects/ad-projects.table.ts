import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { PlacementId } from '@mouthpiece/contracts/ads/placements'
import type { AdProjectStatus } from '@mouthpiece/contracts/ads/projects.schemas'
import { referencesUser } from '../../users'
import { adBrands } from '../brands/brands.table'

/** An ad project: a brand, a goal, the copy and the placements to make (SPEC `/dashboard/project#ad`). */
export const adProjects = pgTable(
  'ad_projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    brand_id: integer('brand_id').references(() => adBrands.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    goal: text('goal').notNull().default('awareness'),
    copy: text('copy').notNull().default(''),
    placements: jsonb('placements').$type<PlacementId[]>().notNull(),
    status: text('status').$type<AdProjectStatus>().notNull().default('draft'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_projects_user_idx').on(t.user_id, t.updated_at.desc()),
    index('ad_projects_brand_idx').on(t.brand_id),
  ],
)
export type AdProjectRow = typeof adProjects.$inferSelect
