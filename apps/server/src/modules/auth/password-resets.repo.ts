import { and, eq, gt, isNull, lt, or, isNotNull } from 'drizzle-orm'
import type { Queryable } from '../../platform/db/client'
import { passwordResets } from './auth.table'
import { hashToken, newToken } from './tokens'

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000

/** A new reset token for a user; the raw token goes into the mail and nowhere else. */
export async function createPasswordReset(db: Queryable, userId: number): Promise<string> {
  const token = newToken()
  await db.insert(passwordResets).values({
    token_hash: hashToken(token),
    user_id: userId,
    expires_at: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
  })
  return token
}

const usable = (token: string) =>
  and(
    eq(passwordResets.token_hash, hashToken(token)),
    isNull(passwordResets.used_at),
    gt(passwordResets.expires_at, new Date()),
  )

/** The user a still-usable token belongs to, without using it up. */
export async function peekPasswordReset(db: Queryable, token: string): Promise<number | undefined> {
  const [row] = await db
    .select({ user_id: passwordResets.user_id })
    .from(passwordResets)
    .where(usable(token))
    .limit(1)
  return row?.user_id
}

/**
 * Marks a usable token used and returns its user, in one statement: of two requests racing with
 * the same token, exactly one gets the user.
 */
export async function consumePasswordReset(db: Queryable, token: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ used_at: new Date() })
    .where(usable(token))
    .returning({ user_id: passwordResets.user_id })
  return row?.user_id
}

/** After a reset, the user's other outstanding links stop working too. */
export async function retireUserResets(db: Queryable, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ used_at: new Date() })
    .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)))
}

/** Drops tokens that can no longer be used. */
export async function deleteStaleResets(db: Queryable): Promise<void> {
  await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expires_at, new Date()), isNotNull(passwordResets.used_at)))
}

/** A token made for a mail that was not sent (the mail cooldown held it back). */
export async function deletePasswordReset(db: Queryable, token: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.token_hash, hashToken(token)))
}
