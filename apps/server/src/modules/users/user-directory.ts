import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { UserFilter } from '@mouthpiece/contracts/users/users.contract'
import type { Queryable } from '../../platform/db/client'
import * as repo from './users.repo'
import type { UserChanges } from './users.repo'
import type { UserRow } from './users.table'

/**
 * What other modules may read and change of users, through users/index.ts: the `users` table and
 * users.repo.ts stay private (docs/decisions/0044-tables-private.md). Lists elsewhere that show,
 * search or sort by a user's name take the query pieces at the bottom instead of joining the table.
 */

export const findUserById = (db: Queryable, id: number): Promise<UserRow | undefined> =>
  repo.findUserById(db, id)
export const findUserByEmail = (db: Queryable, email: string): Promise<UserRow | undefined> =>
  repo.findUserByEmail(db, email)
/** By username (any case) or, when it holds '@', by email. */
export const findUserByLogin = (db: Queryable, login: string): Promise<UserRow | undefined> =>
  repo.findUserByLogin(db, login)
/** By username, any case: the id and the name as stored. */
export const findUserIdByUsername = (db: Queryable, username: string) =>
  repo.findUserIdByUsername(db, username)
export const updateUser = (db: Queryable, id: number, changes: UserChanges) =>
  repo.updateUser(db, id, changes)
/** Records who referred a user, once (an unknown or own name is ignored). */
export const recordReferral = (db: Queryable, userId: number, referrerUsername: string) =>
  repo.recordReferral(db, userId, referrerUsername)

/** Username and email of each of these users (missing ids are left out). */
export async function userNamesByIds(
  db: Queryable,
  ids: number[],
): Promise<Map<number, { username: string; email: string }>> {
  const rows = await repo.userNamesByIds(db, [...new Set(ids)])
  return new Map(rows.map((r) => [r.id, { username: r.username, email: r.email }]))
}

/** Users whose username or email contains `text` (every user when empty), by username. */
export const searchUsers = (db: Queryable, text: string, limit: number) => repo.searchUsers(db, text, limit)

/** How many users the admin users filter covers (the list's and bulk actions' one filter). */
export const countUsersMatching = (db: Queryable, filter: UserFilter & { ids?: string[] }): Promise<number> =>
  repo.countUsersWhere(db, repo.usersWhere(filter))

/** The next ids the admin users filter covers after `cursor`, in id order (a bulk job's keyset). */
export const nextUserIdsMatching = (
  db: Queryable,
  filter: UserFilter & { ids?: string[] },
  cursor: number | null,
  limit: number,
): Promise<number[]> => repo.nextUserIdsWhere(db, repo.usersWhere(filter), cursor, limit)

// Query pieces for another module's list, which filters, sorts or pages by a user's name in SQL.

/** A user's username or email by their id (a per-row sub-select; `userId` is the list's column). */
export const userFieldOf = (userId: SQLWrapper, field: 'username' | 'email'): SQL<string> =>
  repo.userFieldSql(userId, field)
/** The ids of users whose username (or email) is `ilike` the term: for `user_id in (…)`. */
export const userIdsMatching = (term: string, fields: Array<'username' | 'email'> = ['username']): SQL =>
  repo.userIdsMatchingSql(term, fields)
/** Every user's id, as a sub-select with one column `id` (counts over the whole user base). */
export const allUserIds = (): SQL => repo.allUserIdsSql()
