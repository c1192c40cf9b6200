import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import { notifications } from './notifications.schema'
import type { NotificationRow } from './notifications.schema'

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

// The bell polls these on every page: built once per database as named prepared statements, so
// neither the query builder nor the server's planner runs per request (about half the cost).
const prepareListPage = (db: Queryable) =>
  db
    .select(columns)
    .from(notifications)
    .where(eq(notifications.user_id, sql.placeholder('userId')))
    .orderBy(desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('notifications_list_page')
const prepareCounts = (db: Queryable) =>
  db
    .select({ total: count(), unseen: sql<number>`count(*) filter (where not ${notifications.seen})`.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.user_id, sql.placeholder('userId')))
    .prepare('notifications_counts')
const listPageStatements = new WeakMap<Queryable, ReturnType<typeof prepareListPage>>()
const countStatements = new WeakMap<Queryable, ReturnType<typeof prepareCounts>>()

function prepared<S>(cache: WeakMap<Queryable, S>, db: Queryable, prepare: (db: Queryable) => S): S {
  let statement = cache.get(db)
  if (!statement) cache.set(db, (statement = prepare(db)))
  return statement
}

/** One page of a user's notifications, newest first. */
export async function listPage(db: Queryable, userId: number, limit: number, offset: number): Promise<NotificationView[]> {
  return prepared(listPageStatements, db, prepareListPage).execute({ userId, limit, offset })
}

/** How many a user has, and how many of them are unseen, in one scan. */
export async function countFor(db: Queryable, userId: number): Promise<{ total: number; unseen: number }> {
  const [row] = await prepared(countStatements, db, prepareCounts).execute({ userId })
  return { total: row?.total ?? 0, unseen: row?.unseen ?? 0 }
}

/** Marks one of the user's notifications seen; undefined when it is not theirs (or does not exist). */
export async function markSeen(db: Queryable, userId: number, id: number): Promise<NotificationView | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ seen: true })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning(columns)
  return row
}
