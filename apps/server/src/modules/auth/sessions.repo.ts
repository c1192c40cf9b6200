import { and, eq, lt, ne } from 'drizzle-orm'
import { USER_TOKEN_LIFETIME_SECONDS } from '@mouthpiece/contracts/constants'
import type { Queryable } from '../../platform/db/client'
import { sessions } from './auth.schema'
import type { SessionRow } from './auth.schema'
import { hashToken, newToken } from './tokens'

export type SessionRole = SessionRow['role']

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

/** The live session a token opens for a role; an expired one is deleted and counts as missing. */
export async function findLiveSession(db: Queryable, role: SessionRole, token: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.token_hash, hashToken(token)), eq(sessions.role, role)))
    .limit(1)
  if (!row) return undefined
  if (row.expires_at.getTime() <= Date.now()) {
    await db.delete(sessions).where(eq(sessions.id, row.id))
    return undefined
  }
  return row
}

/** Records use at most once a minute, so reads do not turn into a write per request. */
export async function touchSession(db: Queryable, row: SessionRow): Promise<void> {
  if (Date.now() - row.last_used_at.getTime() < 60_000) return
  await db.update(sessions).set({ last_used_at: new Date() }).where(eq(sessions.id, row.id))
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id))
}

/** Signs a subject out everywhere, optionally keeping the session making the change. */
export async function deleteSubjectSessions(db: Queryable, role: SessionRole, subjectId: number, keepSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.role, role),
        eq(sessions.subject_id, subjectId),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expires_at, new Date()))
}
