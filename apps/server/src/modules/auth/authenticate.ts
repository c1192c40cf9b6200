import type { FastifyRequest } from 'fastify'
import { ADMIN_KEY_COOKIE, USER_TOKEN_COOKIE } from '@mouthpiece/contracts/constants'
import type { Actor, Authenticator } from '../../platform/http/actor'
import type { Platform } from '../../platform/context'
import { isCrossSite } from '../../platform/http/cross-site'
import { forbidden, unauthorized } from '../../platform/http/errors'
import { presentUser } from '../users'
import { presentAdmin } from './admins.repo'
import { cachedActor, rememberActor } from '../../platform/credentials/session-cache'
import { findLiveAdminSession, findLiveUserSession, touchSession } from './sessions.repo'
import { hashToken } from './tokens'
import type { SessionRole } from '../../platform/credentials/credentials.table'

const COOKIE_FOR: Record<SessionRole, string> = { user: USER_TOKEN_COOKIE, admin: ADMIN_KEY_COOKIE }
const MAX_TOKEN_LENGTH = 512

/**
 * Tokens a request offers for a role, most explicit first: the `Authorization: Bearer` header,
 * then the role's cookie (which the web client may store with a `Bearer ` prefix). The cookie
 * counts only when the request did not come from another site's page (cross-site request
 * forgery; docs/decisions/0014-cookie-credentials-same-site.md): the web client's calls carry the
 * header, and the cookie serves what the browser loads itself (images, media, downloads).
 */
function offeredTokens(req: FastifyRequest, role: SessionRole, publicUrl: string): string[] {
  const tokens: string[] = []
  const header = req.headers.authorization
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined
  if (bearer) tokens.push(bearer)
  const cookie = isCrossSite(req.headers, publicUrl)
    ? undefined
    : req.cookies?.[COOKIE_FOR[role]]?.replace(/^Bearer\s+/i, '').trim()
  if (cookie && cookie !== bearer) tokens.push(cookie)
  return tokens.filter((t) => t.length <= MAX_TOKEN_LENGTH)
}

/**
 * Resolves the caller from the role's bearer token or cookie. 'user' routes need a live session
 * of an existing user, 'admin' routes an admin session; anything else is a 401. Public routes
 * still recognise a signed-in user when one is offered, and never fail on a bad token.
 */
export function createAuthenticator({ db, config }: Platform): Authenticator {
  async function resolve(req: FastifyRequest, role: SessionRole): Promise<Actor | undefined> {
    for (const token of offeredTokens(req, role, config.publicUrl)) {
      const tokenHash = hashToken(token)
      const cached = cachedActor(role, tokenHash)
      if (cached) return cached
      if (role === 'user') {
        const found = await findLiveUserSession(db, tokenHash)
        if (!found) continue
        await touchSession(db, found.session)
        const actor = { kind: 'user', user: presentUser(found.user), sessionId: found.session.id } as const
        rememberActor(role, tokenHash, actor, found.user.id, found.session.expires_at)
        return actor
      }
      const found = await findLiveAdminSession(db, tokenHash)
      if (!found) continue
      await touchSession(db, found.session)
      const actor = { kind: 'admin', admin: presentAdmin(found.admin), sessionId: found.session.id } as const
      rememberActor(role, tokenHash, actor, found.admin.id, found.session.expires_at)
      return actor
    }
    return undefined
  }

  return async (req, auth) => {
    if (auth === 'public') return (await resolve(req, 'user')) ?? { kind: 'public' }
    const actor = await resolve(req, auth)
    if (actor) return actor
    // A signed-in user calling an admin route is known but not allowed: 403, not "please log in".
    if (auth === 'admin' && (await resolve(req, 'user'))) throw forbidden()
    throw unauthorized()
  }
}
