import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { PlacementId } from '@mouthpiece/contracts/ads/placements'
import { referencesUser } from '../../users'
import { referencesRender } from '../../renders'
import { referencesCustomAvatar } from '../../avatars'
import { adProjects } from '../projects/ad-projects.table'
import { adAvatars } from '../avatars/ad-avatars.table'

/**
 * An ad video (SPEC "ad generation"): an influencer or an ad avatar reading the ad copy in the brand's voice, or
 * lip-syncing an uploaded recording, over the brand's background, in one placement. The video is
 * an ordinary render; this row ties it to the project and keeps what was asked (for retry).
 */
export const adGenerations = pgTable(
  'ad_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    ad_project_id: integer('ad_project_id')
      .notNull()
      .references(() => adProjects.id, { onDelete: 'cascade' }),
    /** The latest render (a retry points it at a new one). */
    render_id: uuid('render_id').references(referencesRender, { onDelete: 'set null' }),
    mode: text('mode').$type<'read' | 'lipsync'>().notNull(),
    placement: text('placement').$type<PlacementId>().notNull(),
    influencer_id: text('influencer_id'),
    /** An admin's ad avatar presenting instead of an influencer (kept null if it is deleted since). */
    ad_avatar_id: integer('ad_avatar_id').references(() => adAvatars.id, { onDelete: 'set null' }),
    /** The user's own avatar (a photo or drawn custom avatar) presenting (kept null if it is deleted since). */
    custom_avatar_id: integer('custom_avatar_id').references(referencesCustomAvatar, {
      onDelete: 'set null',
    }),
    voice_id: text('voice_id'),
    text: text('text').notNull().default(''),
    audio_uuid_path: text('audio_uuid_path'),
    attempts: integer('attempts').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_generations_project_idx').on(t.ad_project_id, t.created_at.desc()),
    index('ad_generations_created_idx').on(t.created_at.desc()),
  ],
)
export type AdGenerationRow = typeof adGenerations.$inferSelect
