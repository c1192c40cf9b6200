import type { Actor } from '../http/actor'
import type { SessionRole } from './credentials.table'

/**
 * Who a token belonged to a moment ago, so a burst of calls with one token (a page load, the bell
 * polling) costs one session look-up instead of one per call.
 *
 * Why this is safe with several API processes: each process keeps its own entries for at most
 * TTL_MS (2 s) and never past the session's own expiry. Everything that revokes or changes a
 * session or its subject in this process (logout, password change or reset, an admin's edit or
 * delete of the user) forgets the entries at once; another process, which cannot hear that, may
 * accept a revoked token — or show the user as they were — for at most those 2 s. A change made
 * inside a transaction is forgotten before it commits, so a request reading the old row just
 * before the commit can cache it again: the same 2 s bound applies.
 */
const TTL_MS = 2_000
/** Bounds memory under many distinct tokens; the oldest entries go first. */
const MAX_ENTRIES = 10_000

type Known = Exclude<Actor, { kind: 'public' }>
interface Entry {
  actor: Known
  role: SessionRole
  subjectId: number
  until: number
}

const entries = new Map<string, Entry>()
const keyOf = (role: SessionRole, tokenHash: string) => `${role}:${tokenHash}`

export function cachedActor(role: SessionRole, tokenHash: string): Known | undefined {
  const key = keyOf(role, tokenHash)
  const entry = entries.get(key)
  if (!entry) return undefined
  if (entry.until <= Date.now()) {
    entries.delete(key)
    return undefined
  }
  // A copy, so a handler that changes what it was given cannot change the next caller's actor.
  return entry.actor.kind === 'user'
    ? { ...entry.actor, user: { ...entry.actor.user } }
    : { ...entry.actor, admin: { ...entry.actor.admin } }
}

export function rememberActor(
  role: SessionRole,
  tokenHash: string,
  actor: Known,
  subjectId: number,
  sessionExpiresAt: Date,
): void {
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
  entries.set(keyOf(role, tokenHash), {
    actor,
    role,
    subjectId,
    until: Math.min(Date.now() + TTL_MS, sessionExpiresAt.getTime()),
  })
}

/** Forgets one session (logout). */
export function forgetSession(sessionId: string): void {
  for (const [key, e] of entries) if (e.actor.sessionId === sessionId) entries.delete(key)
}

/** Forgets every session of a user or admin (signed out everywhere, changed, deleted). */
export function forgetSubject(role: SessionRole, subjectId: number): void {
  for (const [key, e] of entries) if (e.role === role && e.subjectId === subjectId) entries.delete(key)
}
