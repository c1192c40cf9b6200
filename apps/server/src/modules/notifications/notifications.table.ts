import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core'
import { referencesUser } from '../users'

/** SPEC §3 "Notification": what a user sees in the bell panel. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').notNull().references(referencesUser, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** 1 to 8 (SPEC §3); each opens the billing page. */
    type: smallint('type').notNull(),
    seen: boolean('seen').notNull().default(false),
    /** Unix seconds, as the spec's clients expect. */
    time_created: bigint('time_created', { mode: 'number' })
      .notNull()
      .default(sql`floor(extract(epoch from now()))::bigint`),
  },
  (t) => [
    // The list reads one user's rows newest first; ids grow with time.
    index('notifications_user_id_idx').on(t.user_id, t.id.desc()),
    // The unseen counter reads only unseen rows.
    index('notifications_unseen_idx')
      .on(t.user_id)
      .where(sql`not ${t.seen}`),
    check('notifications_type_check', sql`${t.type} between 1 and 8`),
  ],
)
export type NotificationRow = typeof notifications.$inferSelect
