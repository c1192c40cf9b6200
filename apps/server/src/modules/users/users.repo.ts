import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import { forgetSubject } from '../auth/session-cache'
import { users } from './users.schema'
import type { UserRow } from './users.schema'

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
export async function findTaken(db: Queryable, fields: { username?: string; email?: string }, exceptId?: number) {
  const matches: SQL[] = []
  if (fields.username !== undefined) matches.push(lowerUsernameIs(fields.username))
  if (fields.email !== undefined) matches.push(eq(users.email, fields.email.toLowerCase()))
  if (matches.length === 0) return { username: false, email: false }
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(or(...matches), exceptId === undefined ? undefined : ne(users.id, exceptId)))
  return {
    username: fields.username !== undefined && rows.some((r) => r.username.toLowerCase() === fields.username!.toLowerCase()),
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

export type UserChanges = Partial<Pick<UserRow, 'username' | 'email' | 'password_hash' | 'is_enabled' | 'is_super_user' | 'is_grandfather'>>

export async function updateUser(db: Queryable, id: number, changes: UserChanges): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, ...(changes.email ? { email: changes.email.toLowerCase() } : {}), updated_at: new Date() })
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

/** A page of users, newest first, optionally filtered by a username or email fragment. */
export async function listUsers(db: Queryable, opts: { page: number; perPage: number; search?: string }) {
  const term = opts.search?.trim()
  const where = term
    ? or(ilike(users.username, `%${escapeLike(term)}%`), ilike(users.email, `%${escapeLike(term)}%`))
    : undefined
  const [list, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.created_at), desc(users.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    db.select({ total: count() }).from(users).where(where),
  ])
  return { list, total: totals[0]?.total ?? 0 }
}

/** `%` and `_` typed into the search box are literal characters, not wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** The unique constraint a failed insert or update hit (Postgres code 23505), if that is what failed. */
export function uniqueViolation(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown }
    if (code === '23505') return typeof constraint === 'string' ? constraint : ''
  }
  return undefined
}
