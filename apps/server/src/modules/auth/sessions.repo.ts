import { and, eq, lt, sql } from 'drizzle-orm'
import { USER_TOKEN_LIFETIME_SECONDS } from '@mouthpiece/contracts/constants'
import type { Queryable } from '../../platform/db/client'
import { preparedPer } from '../../platform/db/prepared'
import { findUserById } from '../users'
import type { UserRow } from '../users'
import { admins } from './auth.table'
import type { AdminRow } from './auth.table'
import { sessions } from '../../platform/credentials/credentials.table'
import type { SessionRole, SessionRow } from '../../platform/credentials/credentials.table'
import { hashToken, newToken } from './tokens'

/** Starts a session; the raw token is returned once and never stored. */
export async function createSession(db: Queryable, role: SessionRole, subjectId: number) {
  const token = newToken()
  const expiresAt = new Date(Date.now() + USER_TOKEN_LIFETIME_SECONDS * 1000)
  const [row] = await db
    .insert(sessions)
    .values({ token_hash: hashToken(token), role, subject_id: subjectId, expires_at: expiresAt })
    .returning({ id: sessions.id })
  return { id: row!.id, token, expires_at: expiresAt.toISOString() }
}

type SessionUse = Pick<SessionRow, 'id' | 'expires_at' | 'last_used_at'>
const sessionUse = { id: sessions.id, expires_at: sessions.expires_at, last_used_at: sessions.last_used_at }

// A signed-in request the actor cache (platform/credentials/session-cache) does not know resolves
// its token: the session from a statement built once per database, then its subject. The user is
// read through the users module (its table is private to it), the admin by the join.
const userSession = preparedPer((db) =>
  db
    .select({ session: sessionUse, subject_id: sessions.subject_id })
    .from(sessions)
    .where(and(eq(sessions.token_hash, sql.placeholder('tokenHash')), eq(sessions.role, 'user')))
    .limit(1)
    .prepare('auth_user_session'),
)
const adminSession = preparedPer((db) =>
  db
    .select({ session: sessionUse, admin: admins })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.subject_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('tokenHash')), eq(sessions.role, 'admin')))
    .limit(1)
    .prepare('auth_admin_session'),
)

/** An expired session is deleted on sight and counts as missing. */
async function live<R extends { session: SessionUse }>(
  db: Queryable,
  row: R | undefined,
): Promise<R | undefined> {
  if (!row) return undefined
  if (row.session.expires_at.getTime() <= Date.now()) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id))
    return undefined
  }
  return row
}

/** The live user session a token (by its hash) opens, with its user (none when the user is gone). */
export async function findLiveUserSession(
  db: Queryable,
  tokenHash: string,
): Promise<{ session: SessionUse; user: UserRow } | undefined> {
  const [row] = await userSession(db).execute({ tokenHash })
  const found = await live(db, row)
  if (!found) return undefined
  const user = await findUserById(db, found.subject_id)
  return user && { session: found.session, user }
}

/** The live admin session a token (by its hash) opens, with its admin. */
export async function findLiveAdminSession(
  db: Queryable,
  tokenHash: string,
): Promise<{ session: SessionUse; admin: AdminRow } | undefined> {
  const [row] = await adminSession(db).execute({ tokenHash })
  return live(db, row)
}

/** Records use at most once a minute, so reads do not turn into a write per request. */
export async function touchSession(db: Queryable, row: SessionUse): Promise<void> {
  if (Date.now() - row.last_used_at.getTime() < 60_000) return
  await db.update(sessions).set({ last_used_at: new Date() }).where(eq(sessions.id, row.id))
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expires_at, new Date()))
}
