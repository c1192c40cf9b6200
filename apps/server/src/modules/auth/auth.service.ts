import type { AuthDeps } from './auth.deps'
import { AppError } from '../../platform/http/errors'
import { MailCooldownError, sendMail } from '../../platform/mail/send-mail'
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  recordReferral,
  updateUser,
  createAccount,
  presentUser,
} from '../users'
import type { UserRow } from '../users'
import { findAdminByUsername, presentAdmin } from './admins.repo'
import { hashPassword } from '../../platform/credentials/passwords'
import { accountKey, verifyPasswordThrottled } from '../../platform/credentials/sign-in-throttle'
import * as resetsRepo from './password-resets.repo'
import { createSession } from './sessions.repo'
import { revokeSession, revokeUserSessions } from '../../platform/credentials/revoke'
import { recordEvent } from '../tracking'
import { TrackingEvent } from '@mouthpiece/contracts/constants'

export const INVALID_CREDENTIALS = 'Invalid username or password'
export const INVALID_RESET_TOKEN = 'This password reset link is invalid or has expired.'

const invalidCredentials = () => new AppError('invalid_credentials', INVALID_CREDENTIALS, 401)

async function signIn(deps: AuthDeps, user: UserRow) {
  const session = await createSession(deps.db, 'user', user.id)
  await recordEvent(deps, { category: 'usage', event: TrackingEvent.userLogin, userId: user.id })
  return { token: session.token, expires_at: session.expires_at, user: presentUser(user) }
}

/** Creates the account and signs it in. Disabled accounts can sign in; the client bars some pages. */
export async function register(
  deps: AuthDeps,
  input: { username: string; email: string; password: string; referred_by?: string },
) {
  const user = await createAccount(deps, input)
  if (input.referred_by) await recordReferral(deps.db, user.id, input.referred_by)
  return signIn(deps, user)
}

/**
 * `login` holds a username or an email; a wrong either way answers the same 401. Repeated
 * failures on one account back off (sign-in-throttle.ts), per address first.
 */
export async function login(deps: AuthDeps, input: { login: string; password: string; ip: string }) {
  const user = await findUserByLogin(deps.db, input.login)
  const attempt = { account: accountKey('user', user, input.login), ip: input.ip }
  if (!(await verifyPasswordThrottled(deps.db, attempt, user?.password_hash, input.password)) || !user)
    throw invalidCredentials()
  return signIn(deps, user)
}

export async function logout(deps: AuthDeps, sessionId: string) {
  await revokeSession(deps, sessionId)
}

/**
 * Mails a single-use reset link valid for an hour. Unknown addresses get the same answer and no
 * mail, so the form cannot be used to find out who has an account; so does an address mailed a
 * link within the mail cooldown (the link it has still works): nothing is sent, no token is made.
 */
export async function sendResetMail(deps: AuthDeps, email: string) {
  const user = await findUserByEmail(deps.db, email)
  if (!user) return
  const token = await resetsRepo.createPasswordReset(deps.db, user.id)
  const link = `${deps.config.publicUrl}/reset-password?token=${token}`
  try {
    await sendMail(deps, 'password_reset', {
      to: user.email,
      subject: 'Reset your Mouthpiece password',
      text: [
        `Hello ${user.username},`,
        '',
        'We received a request to reset the password of your Mouthpiece account.',
        'Open this link within 1 hour to choose a new password:',
        '',
        link,
        '',
        'The link works once. If you did not ask for this, you can ignore this email; your password stays the same.',
        '',
      ].join('\n'),
      html: `<p>Hello ${escapeHtml(user.username)},</p><p>We received a request to reset the password of your Mouthpiece account. Open this link within 1 hour to choose a new password:</p><p><a href="${escapeHtml(link)}">Reset your password</a></p><p>The link works once. If you did not ask for this, you can ignore this email; your password stays the same.</p>`,
    })
  } catch (err) {
    if (err instanceof MailCooldownError) {
      await resetsRepo.deletePasswordReset(deps.db, token)
      return
    }
    throw new AppError(
      'mail_failed',
      `We could not send the email. Try again later.#${(err as Error).message}`,
      503,
    )
  }
}

export async function checkResetToken(deps: AuthDeps, token: string) {
  const userId = await resetsRepo.peekPasswordReset(deps.db, token)
  const user = userId === undefined ? undefined : await findUserById(deps.db, userId)
  return user ? { valid: true, email: user.email } : { valid: false }
}

/** Uses the token up, sets the password and signs the account out everywhere. */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }) {
  // Cheap check first, so a bad token costs no password hashing.
  if ((await resetsRepo.peekPasswordReset(deps.db, input.token)) === undefined)
    throw new AppError('invalid_token', INVALID_RESET_TOKEN, 400)
  const password_hash = await hashPassword(input.password)
  await deps.db.transaction(async (tx) => {
    const userId = await resetsRepo.consumePasswordReset(tx, input.token)
    if (userId === undefined) throw new AppError('invalid_token', INVALID_RESET_TOKEN, 400)
    await updateUser(tx, userId, { password_hash })
    await resetsRepo.retireUserResets(tx, userId)
    await revokeUserSessions(deps, tx, userId)
  })
}

export async function adminLogin(deps: AuthDeps, input: { username: string; password: string; ip: string }) {
  const admin = await findAdminByUsername(deps.db, input.username)
  const attempt = { account: accountKey('admin', admin, input.username), ip: input.ip }
  if (!(await verifyPasswordThrottled(deps.db, attempt, admin?.password_hash, input.password)) || !admin)
    throw invalidCredentials()
  const session = await createSession(deps.db, 'admin', admin.id)
  return { token: session.token, expires_at: session.expires_at, admin: presentAdmin(admin) }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}
