import { Username } from '@mouthpiece/contracts/users/users.schemas'
import type { User } from '@mouthpiece/contracts/users/users.schemas'
import type { UsersDeps } from './users.deps'
import type { Queryable } from '../../platform/db/client'
import { uniqueViolation } from '../../platform/db/unique-violation'
import { AppError, fieldError, notFound } from '../../platform/http/errors'
import { sendMail } from '../../platform/mail/send-mail'
import { hashPassword } from '../../platform/credentials/passwords'
import { accountKey, verifyPasswordThrottled } from '../../platform/credentials/sign-in-throttle'
import { revokeUserSessions } from '../../platform/credentials/revoke'
import type { UserRow } from './users.table'
import * as usersRepo from './users.repo'

export const USERNAME_TAKEN = 'The username has already been taken.'
export const EMAIL_TAKEN = 'The email has already been taken.'

/** SPEC §3 "User info" as the client sees it; the password hash never leaves the server. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    is_enabled: row.is_enabled,
    is_super_user: row.is_super_user,
    is_grandfather: row.is_grandfather,
    created_at: row.created_at.toISOString(),
  }
}

/** Per-field 422 (SPEC §5 create-user) when the username or email belongs to another account. */
export async function assertAvailable(
  deps: UsersDeps,
  fields: { username?: string; email?: string },
  exceptId?: number,
) {
  const taken = await usersRepo.findTaken(deps.db, fields, exceptId)
  const errors: Record<string, string[]> = {}
  if (taken.username) errors.username = [USERNAME_TAKEN]
  if (taken.email) errors.email = [EMAIL_TAKEN]
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new AppError('validation', first, 422, errors)
}

/** Two requests can pass the check together; the unique indexes decide, and say the same thing. */
export function rethrowTaken(err: unknown): never {
  const constraint = uniqueViolation(err)
  if (constraint !== undefined) {
    if (constraint.includes('email')) throw fieldError('email', EMAIL_TAKEN)
    throw fieldError('username', USERNAME_TAKEN)
  }
  throw err
}

/**
 * Creates an account. The checks and the (slow) password hash run before `insert` is called, so a
 * caller that wraps the insert in a transaction (the audited admin create) holds it only briefly.
 */
export async function createAccount(
  deps: UsersDeps,
  input: { username: string; email: string; password: string },
  insert: (save: (db: Queryable) => Promise<UserRow>) => Promise<UserRow> = (save) => save(deps.db),
) {
  await assertAvailable(deps, input)
  const password_hash = await hashPassword(input.password)
  try {
    return await insert((db) =>
      usersRepo.insertUser(db, { username: input.username, email: input.email, password_hash }),
    )
  } catch (err) {
    rethrowTaken(err)
  }
}

export async function saveChanges(
  db: Queryable,
  userId: number,
  changes: usersRepo.UserChanges,
): Promise<UserRow> {
  let row: UserRow | undefined
  try {
    row = await usersRepo.updateUser(db, userId, changes)
  } catch (err) {
    rethrowTaken(err)
  }
  if (!row) throw notFound('User')
  return row
}

/**
 * The signed-in user changes their own account. Changing the email or password needs the current
 * password; a new password signs out every other session of the account.
 */
export async function updateOwnInfo(
  deps: UsersDeps,
  actor: { userId: number; sessionId: string; ip: string },
  input: { username?: string; email?: string; password?: string; current_password?: string },
): Promise<User> {
  const current = await usersRepo.findUserById(deps.db, actor.userId)
  if (!current) throw notFound('User')
  const changes: usersRepo.UserChanges = {}
  if (input.username !== undefined && input.username !== current.username) changes.username = input.username
  if (input.email !== undefined && input.email !== current.email) changes.email = input.email
  if (changes.email !== undefined || input.password !== undefined) {
    if (!input.current_password) throw fieldError('current_password', 'Please enter your current password')
    // The same back-off as logins: a taken-over session cannot guess the password faster.
    const attempt = { account: accountKey('user', current, current.username), ip: actor.ip }
    if (!(await verifyPasswordThrottled(deps.db, attempt, current.password_hash, input.current_password)))
      throw fieldError('current_password', 'The current password is incorrect.')
  }
  await assertAvailable(deps, { username: changes.username, email: changes.email }, current.id)
  if (input.password !== undefined) changes.password_hash = await hashPassword(input.password)
  if (Object.keys(changes).length === 0) return presentUser(current)
  const row = await saveChanges(deps.db, current.id, changes)
  if (changes.password_hash) await revokeUserSessions(deps, deps.db, current.id, actor.sessionId)
  return presentUser(row)
}

/** The live check the username fields run; the caller's own name counts as available. */
export async function checkUsername(deps: UsersDeps, username: string, ownUserId?: number) {
  const parsed = Username.safeParse(username)
  if (!parsed.success) return { valid: false, message: parsed.error.issues[0]?.message ?? 'Invalid username' }
  const taken = await usersRepo.findTaken(deps.db, { username: parsed.data }, ownUserId)
  if (taken.username) return { valid: false, message: USERNAME_TAKEN }
  return { valid: true, message: 'Username is available' }
}

/** The contact form: one mail to the support address, answering goes back to the sender. */
export async function sendSupportMail(
  deps: UsersDeps,
  input: { name: string; email: string; subject: string; message: string },
) {
  const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ')
  await sendMail(
    deps,
    'support',
    {
      to: deps.config.SUPPORT_EMAIL,
      replyTo: input.email,
      subject: `Contact form: ${oneLine(input.subject)}`,
      text: `From: ${oneLine(input.name)} <${input.email}>\n\n${input.message}\n`,
    },
    { cooldownKey: input.email },
  )
}
