import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Actor } from './actor'

/**
 * Signed-out visitors own their demo renders and uploads through a random per-visitor id kept in
 * an httpOnly cookie (192 random bits: it cannot be guessed, and the page never needs to read it).
 */
export const VISITOR_COOKIE = 'mp_visitor'
const VISITOR_ID = /^[A-Za-z0-9_-]{32}$/
const ONE_YEAR_SECONDS = 365 * 86_400

export interface Owner {
  userId: number | null
  visitorId: string | null
}

/** Who owns what this request makes or asks about; with `create`, a visitor without a cookie gets one. */
export function ownerOf(
  req: FastifyRequest,
  reply: FastifyReply,
  actor: Actor,
  opts: { create?: boolean; secure?: boolean } = {},
): Owner {
  const cookie = req.cookies?.[VISITOR_COOKIE]
  let visitorId = cookie && VISITOR_ID.test(cookie) ? cookie : null
  const userId = actor.kind === 'user' ? actor.user.id : null
  if (!visitorId && !userId && opts.create) {
    visitorId = randomBytes(24).toString('base64url')
    void reply.setCookie(VISITOR_COOKIE, visitorId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: ONE_YEAR_SECONDS,
      secure: opts.secure ?? false,
    })
  }
  return { userId, visitorId }
}

/** A row belongs to this caller when it is the signed-in owner's, or the same visitor's. */
export function owns(owner: Owner, row: { user_id: number | null; visitor_id: string | null }): boolean {
  if (row.user_id !== null && owner.userId === row.user_id) return true
  return row.visitor_id !== null && owner.visitorId === row.visitor_id
}
