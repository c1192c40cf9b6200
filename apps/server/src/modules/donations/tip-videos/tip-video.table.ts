import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { TipVideoPlayState } from '@mouthpiece/contracts/donations/tip-videos.contract'
import { referencesUser } from '../../users'
import { referencesRender } from '../../renders'
import { alertEvents } from '../donations.table'

/**
 * A tip's shareable video: one row per tip (the tip id is the key), pointing at its render, plus
 * where the video stands on the overlay. A failed render is replaced by a new one on the same row.
 */
export const tipVideos = pgTable(
  'tip_videos',
  {
    tip_id: bigint('tip_id', { mode: 'number' })
      .primaryKey()
      .references(() => alertEvents.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    render_id: uuid('render_id').references(referencesRender, { onDelete: 'set null' }),
    play_state: text('play_state').$type<TipVideoPlayState>().notNull().default('none'),
    /** When it was last sent to the overlay; with the tip id it names the delivery (SSE id). */
    play_requested_at: timestamp('play_requested_at', { withTimezone: true }),
    played_at: timestamp('played_at', { withTimezone: true }),
    play_error: text('play_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tip_videos_user_play_idx').on(t.user_id, t.play_state, t.play_requested_at),
    index('tip_videos_render_idx').on(t.render_id),
    check(
      'tip_videos_play_state_check',
      sql`${t.play_state} in ('none', 'queued', 'playing', 'played', 'failed', 'cancelled')`,
    ),
  ],
)
export type TipVideoRow = typeof tipVideos.$inferSelect
