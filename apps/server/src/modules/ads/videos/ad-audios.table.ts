import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { referencesUser } from '../../users'
import { referencesRender } from '../../renders'
import { adProjects } from '../projects/ad-projects.table'

/**
 * An ad voice-over (SPEC "audio generations"): the copy read in the brand's voice as an audio file.
 * The audio is an ordinary render (kind audio); this row ties it to the project and keeps what
 * was asked.
 */
export const adAudioGenerations = pgTable(
  'ad_audio_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    ad_project_id: integer('ad_project_id')
      .notNull()
      .references(() => adProjects.id, { onDelete: 'cascade' }),
    render_id: uuid('render_id').references(referencesRender, { onDelete: 'set null' }),
    voice_id: text('voice_id').notNull(),
    text: text('text').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_audio_generations_project_idx').on(t.ad_project_id, t.created_at.desc())],
)
export type AdAudioGenerationRow = typeof adAudioGenerations.$inferSelect
