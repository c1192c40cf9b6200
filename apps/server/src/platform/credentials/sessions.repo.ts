import { and, eq, ne } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { sessions } from './credentials.table'
import type { SessionRole } from './credentials.table'
import { forgetSession, forgetSubject } from './session-cache'

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id))
  forgetSession(id)
}

/** Signs a subject out everywhere, optionally keeping the session making the change. */
export async function deleteSubjectSessions(
  db: Queryable,
  role: SessionRole,
  subjectId: number,
  keepSessionId?: string,
) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.role, role),
        eq(sessions.subject_id, subjectId),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
  forgetSubject(role, subjectId)
}
