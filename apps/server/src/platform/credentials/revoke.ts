import type { Platform } from '../context'
import type { Queryable } from '../db/client'
import { forgetSubject } from './session-cache'
import { deleteSession, deleteSubjectSessions } from './sessions.repo'

/**
 * Revoking a session also closes the sockets it opened: a revoked token must stop receiving the
 * user's pushes at once, on whichever API process its socket lives. The disconnect travels as a
 * NOTIFY like every push, so given a transaction it leaves only when the revocation commits.
 */
type Deps = Pick<Platform, 'db' | 'realtime'>

/** Logout: ends one session and closes its sockets. */
export async function revokeSession(deps: Deps, sessionId: string): Promise<void> {
  await deleteSession(deps.db, sessionId)
  await deps.realtime.disconnect({ sessionId })
}

/** Signs a user out everywhere (password reset or change, deletion), optionally keeping one session. */
export async function revokeUserSessions(
  deps: Pick<Platform, 'realtime'>,
  q: Queryable,
  userId: number,
  keepSessionId?: string,
): Promise<void> {
  await deleteSubjectSessions(q, 'user', userId, keepSessionId)
  await deps.realtime.disconnect({ userId, exceptSessionId: keepSessionId }, { tx: q })
}

/** The user's sessions stay, but what they may use changed (disabled): drop cached actors, close sockets. */
export async function closeUserSockets(deps: Pick<Platform, 'realtime'>, userId: number): Promise<void> {
  forgetSubject('user', userId)
  await deps.realtime.disconnect({ userId })
}
