import { and, desc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import { preparedPer } from '../../platform/db/prepared'
import { notifications } from './notifications.table'
import type { NotificationRow } from './notifications.table'

const columns = {
  id: notifications.id,
  content: notifications.content,
  type: notifications.type,
  seen: notifications.seen,
  time_created: notifications.time_created,
}
export type NotificationView = Pick<NotificationRow, 'id' | 'content' | 'type' | 'seen' | 'time_created'>

export async function insertNotification(
  db: Queryable,
  row: { user_id: number; content: string; type: number },
): Promise<NotificationView> {
  const [created] = await db.insert(notifications).values(row).returning(columns)
  return created!
}

// The bell asks for this on every page: the page and both counters come from one statement (the
// counts lateral-joined to the page), built once per database so neither the query builder nor,
// on PostgreSQL, the planner runs per request.
const countsOf = (db: Queryable) =>
  db
    .select({
      total: sql<number>`count(*)::int`.as('total'),
      unseen: sql<number>`(count(*) filter (where not ${notifications.seen}))::int`.as('unseen'),
    })
    .from(notifications)
    .where(eq(notifications.user_id, sql.placeholder('userId')))
const pageWithCounts = preparedPer((db) => {
  const counts = countsOf(db).as('counts')
  const page = db
    .select(columns)
    .from(notifications)
    .where(eq(notifications.user_id, sql.placeholder('userId')))
    .orderBy(desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page')
  return db
    .select({
      total: counts.total,
      unseen: counts.unseen,
      id: page.id,
      content: page.content,
      type: page.type,
      seen: page.seen,
      time_created: page.time_created,
    })
    .from(counts)
    .leftJoinLateral(page, sql`true`)
    .prepare('notifications_page_with_counts')
})
const counted = preparedPer((db) => countsOf(db).prepare('notifications_counts'))

/** One page of a user's notifications, newest first, with how many they have and how many are unseen. */
export async function listPage(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: NotificationView[]; total: number; unseen: number }> {
  // Always at least one row (the counts); its page columns are null past the last page.
  const result = await pageWithCounts(db).execute({ userId, limit, offset })
  const rows: NotificationView[] = []
  for (const r of result) {
    if (r.id !== null)
      rows.push({
        id: r.id,
        content: r.content!,
        type: r.type!,
        seen: r.seen!,
        time_created: r.time_created!,
      })
  }
  return { rows, total: result[0]?.total ?? 0, unseen: result[0]?.unseen ?? 0 }
}

/** How many a user has, and how many of them are unseen, in one scan. */
export async function countFor(db: Queryable, userId: number): Promise<{ total: number; unseen: number }> {
  const [row] = await counted(db).execute({ userId })
  return { total: row?.total ?? 0, unseen: row?.unseen ?? 0 }
}

/** Marks one of the user's notifications seen; undefined when it is not theirs (or does not exist). */
export async function markSeen(
  db: Queryable,
  userId: number,
  id: number,
): Promise<NotificationView | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ seen: true })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning(columns)
  return row
}
