import { and, asc, count, eq, gt, gte, ilike, inArray, lte, ne, or, sql } from 'drizzle-orm'
import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { UserFilter } from '@mouthpiece/contracts/users/users.contract'
import type { Queryable } from '../../platform/db/client'
import {
  allOf,
  csvBool,
  csvNumber,
  csvText,
  csvTime,
  dateBound,
  searchAny,
} from '../../platform/db/list-query'
import type { ListSpec } from '../../platform/db/list-query'
import { forgetSubject } from '../../platform/credentials/session-cache'
import { users } from './users.table'
import type { UserRow } from './users.table'

const lowerUsernameIs = (username: string) => sql`lower(${users.username}) = lower(${username})`

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1)
  return row
}

/** Usernames cannot contain '@', so one field can hold either a username or an email. */
export async function findUserByLogin(db: Queryable, login: string): Promise<UserRow | undefined> {
  const value = login.trim()
  const [row] = await db
    .select()
    .from(users)
    .where(value.includes('@') ? eq(users.email, value.toLowerCase()) : lowerUsernameIs(value))
    .limit(1)
  return row
}

/** Which of a username and an email are held by another account than `exceptId`. */
export async function findTaken(
  db: Queryable,
  fields: { username?: string; email?: string },
  exceptId?: number,
) {
  const matches: SQL[] = []
  if (fields.username !== undefined) matches.push(lowerUsernameIs(fields.username))
  if (fields.email !== undefined) matches.push(eq(users.email, fields.email.toLowerCase()))
  if (matches.length === 0) return { username: false, email: false }
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(or(...matches), exceptId === undefined ? undefined : ne(users.id, exceptId)))
  return {
    username:
      fields.username !== undefined &&
      rows.some((r) => r.username.toLowerCase() === fields.username!.toLowerCase()),
    email: fields.email !== undefined && rows.some((r) => r.email === fields.email!.toLowerCase()),
  }
}

export async function insertUser(
  db: Queryable,
  values: { username: string; email: string; password_hash: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning()
  return row!
}

export type UserChanges = Partial<
  Pick<UserRow, 'username' | 'email' | 'password_hash' | 'is_enabled' | 'is_super_user' | 'is_grandfather'>
>

export async function updateUser(
  db: Queryable,
  id: number,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...changes,
      ...(changes.email ? { email: changes.email.toLowerCase() } : {}),
      updated_at: new Date(),
    })
    .where(eq(users.id, id))
    .returning()
  // Signed-in requests must see the change at once (the authenticator keeps users for 2 s).
  forgetSubject('user', id)
  return row
}

export async function deleteUser(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })
  forgetSubject('user', id)
  return rows.length > 0
}

const userFields = {
  id: users.id,
  username: users.username,
  email: users.email,
  is_enabled: users.is_enabled,
  is_super_user: users.is_super_user,
  is_grandfather: users.is_grandfather,
  created_at: users.created_at,
  referred_by: users.referred_by,
  /**
   * The referrer's name, read per row of the page (10–100 rows) by its primary key. The outer
   * column is qualified by hand: drizzle writes a lone `"referred_by"`, which would mean r's own.
   */
  referrer_username: sql<
    string | null
  >`(select r.username from ${users} r where r.id = ${users}."referred_by")`.as('referrer_username'),
}

/** The admin users list (SPEC §7 list {page, keySearch}) and its export: newest first by default. */
export const usersListSpec: ListSpec<typeof userFields> = {
  table: users,
  fields: userFields,
  id: users.id,
  sortable: { created_at: users.created_at, username: users.username, email: users.email, id: users.id },
  defaultSort: 'created_at',
}

/** One user as the admin list shows them (with the referrer's name). */
export async function findListedUser(db: Queryable, id: number) {
  const [row] = await db.select(userFields).from(users).where(eq(users.id, id))
  return row
}

/** The users export: these columns, each cell written by the database (scanCsv). */
export const USERS_CSV_HEADER = [
  'id',
  'username',
  'email',
  'is_enabled',
  'is_super_user',
  'is_grandfather',
  'created_at',
]
export const usersCsvCells = [
  csvNumber(users.id),
  csvText(users.username),
  csvText(users.email),
  csvBool(users.is_enabled),
  csvBool(users.is_super_user),
  csvBool(users.is_grandfather),
  csvTime(users.created_at),
]

/** Which users a filter covers: the list, its export and bulk actions read the same SQL. */
export function usersWhere(f: UserFilter & { ids?: string[] }): SQL | undefined {
  const from = dateBound(f.created_from, false)
  const to = dateBound(f.created_to, true)
  return allOf(
    searchAny([users.username, users.email], f.keySearch),
    f.status ? eq(users.is_enabled, f.status === 'enabled') : undefined,
    f.flag === 'super_user' ? eq(users.is_super_user, true) : undefined,
    f.flag === 'grandfather' ? eq(users.is_grandfather, true) : undefined,
    f.flag === 'none' ? and(eq(users.is_super_user, false), eq(users.is_grandfather, false)) : undefined,
    from ? gte(users.created_at, from) : undefined,
    to ? lte(users.created_at, to) : undefined,
    f.ids ? inArray(users.id, f.ids.map(Number)) : undefined,
  )
}

/**
 * Records who referred a user, once: a later link does not overwrite the first, an unknown or
 * own name is ignored (a stale referral link must never stand in the way of signing up).
 */
export async function recordReferral(
  db: Queryable,
  userId: number,
  referrerUsername: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      referred_by: sql`(select r.id from ${users} r where lower(r.username) = lower(${referrerUsername.trim()}) and r.id <> ${userId})`,
    })
    .where(
      and(
        eq(users.id, userId),
        sql`${users.referred_by} is null`,
        sql`exists (select 1 from ${users} r where lower(r.username) = lower(${referrerUsername.trim()}) and r.id <> ${userId})`,
      ),
    )
    .returning({ id: users.id })
  return rows.length > 0
}

// ── What other modules read about users (user-directory.ts is their door; decision 0044) ──

/** `(select <field> from users where id = <userId>)`: a foreign list's per-row owner name, no join. */
export const userFieldSql = (userId: SQLWrapper, field: 'username' | 'email') =>
  sql<string>`(select ${users[field]} from ${users} where ${users.id} = ${userId})`

/** `select id from users where <field> ilike <term> or …`: for a foreign list's `user_id in (…)`. */
export const userIdsMatchingSql = (term: string, fields: Array<'username' | 'email'>) =>
  sql`select ${users.id} from ${users} where ${sql.join(
    fields.map((f) => sql`${users[f]} ilike ${term}`),
    sql` or `,
  )}`

/** `select id from users`: the whole user base, for counts over every user. */
export const allUserIdsSql = () => sql`select ${users.id} as id from ${users}`

export async function userNamesByIds(db: Queryable, ids: number[]) {
  if (!ids.length) return []
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, ids))
}

export async function findUserIdByUsername(
  db: Queryable,
  username: string,
): Promise<{ id: number; username: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(lowerUsernameIs(username))
    .limit(1)
  return row
}

export async function countUsersWhere(db: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(where)
  return row?.n ?? 0
}

/** The next ids after `cursor` in id order (a bulk job's keyset). */
export async function nextUserIdsWhere(
  db: Queryable,
  where: SQL | undefined,
  cursor: number | null,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(allOf(where, cursor === null ? undefined : gt(users.id, cursor)))
    .orderBy(asc(users.id))
    .limit(limit)
  return rows.map((r) => r.id)
}

/** Users whose username or email contains `text` (all when empty), by username: an admin picker. */
export function searchUsers(db: Queryable, text: string, limit: number) {
  const like = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(text ? or(ilike(users.username, like), ilike(users.email, like)) : undefined)
    .orderBy(asc(users.username))
    .limit(limit)
}
