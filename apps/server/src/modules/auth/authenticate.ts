import type { FastifyRequest } from 'fastify'
import { ADMIN_KEY_COOKIE, USER_TOKEN_COOKIE } from '@mouthpiece/contracts/constants'
import type { Actor, Authenticator } from '../../platform/http/actor'
import type { Platform } from '../../platform/context'
import { unauthorized } from '../../platform/http/errors'
import { findUserById } from '../users/users.repo'
import { presentUser } from '../users/users.service'
import { findAdminById, presentAdmin } from './admins.repo'
import { findLiveSession, touchSession } from './sessions.repo'
import type { SessionRole } from './sessions.repo'

const COOKIE_FOR: Record<SessionRole, string> = { user: USER_TOKEN_COOKIE, admin: ADMIN_KEY_COOKIE }
const MAX_TOKEN_LENGTH = 512

/**
 * Tokens a request offers for a role, most explicit first: the `Authorization: Bearer` header,
 * then the role's cookie (which the web client may store with a `Bearer ` prefix).
 */
function offeredTokens(req: FastifyRequest, role: SessionRole): string[] {
  const tokens: string[] = []
  const header = req.headers.authorization
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined
  if (bearer) tokens.push(bearer)
  const cookie = req.cookies?.[COOKIE_FOR[role]]?.replace(/^Bearer\s+/i, '').trim()
  if (cookie && cookie !== bearer) tokens.push(cookie)
  return tokens.filter((t) => t.length <= MAX_TOKEN_LENGTH)
}

/**
 * Resolves the caller from the role's bearer token or cookie. 'user' routes need a live session
 * of an existing user, 'admin' routes an admin session; anything else is a 401. Public routes
 * still recognise a signed-in user when one is offered, and never fail on a bad token.
 */
export function createAuthenticator({ db }: Platform): Authenticator {
  async function resolve(req: FastifyRequest, role: SessionRole): Promise<Actor | undefined> {
    for (const token of offeredTokens(req, role)) {
      const session = await findLiveSession(db, role, token)
      if (!session) continue
      if (role === 'user') {
        const user = await findUserById(db, session.subject_id)
        if (!user) continue
        await touchSession(db, session)
        return { kind: 'user', user: presentUser(user), sessionId: session.id }
      }
      const admin = await findAdminById(db, session.subject_id)
      if (!admin) continue
      await touchSession(db, session)
      return { kind: 'admin', admin: presentAdmin(admin), sessionId: session.id }
    }
    return undefined
  }

  return async (req, auth) => {
    if (auth === 'public') return (await resolve(req, 'user')) ?? { kind: 'public' }
    const actor = await resolve(req, auth)
    if (!actor) throw unauthorized()
    return actor
  }
}
