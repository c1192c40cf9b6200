import { z } from 'zod'
import { defineRoute } from '../define-route'
import { Admin, Email, Password, User, Username } from '../users/users.schemas'

/** A new session: the opaque token goes into the role's cookie; expires_at is its expiry stamp. */
export const Session = z.object({ token: z.string(), expires_at: z.string() })
const UserSession = Session.extend({ user: User })
const Ok = z.object({ ok: z.literal(true) })
const ResetToken = z.string({ error: 'This password reset link is invalid or has expired.' }).min(1)

export const register = defineRoute({
  method: 'POST',
  path: '/api/register',
  auth: 'public',
  summary: 'Create an account and sign in',
  body: z.object({
    username: Username,
    email: Email,
    password: Password,
    /** The username of the /r/{username} link the visitor came from. */
    referred_by: z.string().trim().max(30, 'referred_by is a username').optional(),
  }),
  response: UserSession,
})
export const login = defineRoute({
  method: 'POST',
  path: '/api/login',
  auth: 'public',
  summary: 'Sign in with username (or email) and password',
  body: z.object({
    username: z.string({ error: 'Please enter your username' }).trim().min(1, 'Please enter your username'),
    password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password'),
  }),
  response: UserSession,
})
export const manualLogin = defineRoute({
  method: 'POST',
  path: '/api/manual-login',
  auth: 'public',
  summary: 'Sign in with email and password',
  body: z.object({
    email: Email,
    password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password'),
  }),
  response: UserSession,
})
export const logout = defineRoute({ method: 'POST', path: '/api/logout', auth: 'user', response: Ok })

export const sendResetMail = defineRoute({
  method: 'POST',
  path: '/api/send-reset-mail',
  auth: 'public',
  summary: 'Mail a single-use password reset link (answers the same whether or not the email is known)',
  body: z.object({ email: Email }),
  response: z.object({ email: z.string() }),
})
export const checkToken = defineRoute({
  method: 'POST',
  path: '/api/check-token',
  auth: 'public',
  summary: 'Is a password reset token still usable',
  body: z.object({ token: ResetToken }),
  response: z.object({ valid: z.boolean(), email: z.string().optional() }),
})
export const resetPassword = defineRoute({
  method: 'POST',
  path: '/api/reset-password',
  auth: 'public',
  body: z.object({ token: ResetToken, password: Password }),
  response: Ok,
})

// Admin session (SPEC §7 "Admin session")
export const adminLogin = defineRoute({
  method: 'POST',
  path: '/api/admin/login',
  auth: 'public',
  body: z.object({
    username: z.string({ error: 'Please enter your username' }).trim().min(1, 'Please enter your username'),
    password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password'),
  }),
  response: Session.extend({ admin: Admin }),
})
export const adminLogout = defineRoute({
  method: 'POST',
  path: '/api/admin/logout',
  auth: 'admin',
  response: Ok,
})
export const adminInfo = defineRoute({
  method: 'GET',
  path: '/api/admin/info',
  auth: 'admin',
  response: z.object({ admin: Admin }),
})
/** The admin-login check the admin area runs on load (SPEC §4), sent with the admin key cookie. */
export const getUserData = defineRoute({
  method: 'GET',
  path: '/api/get-user-data',
  auth: 'admin',
  response: z.object({ admin: Admin }),
})
