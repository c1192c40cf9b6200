import {
  adminInfo,
  adminLogin,
  adminLogout,
  checkToken,
  getUserData,
  login,
  logout,
  manualLogin,
  register,
  resetPassword,
  sendResetMail,
} from '@mouthpiece/contracts/auth/auth.contract'
import type { HttpContext } from '../../platform/context'
import * as auth from './auth.service'

/** Sign-up, sign-in and password reset for users; sign-in for admins (SPEC §7 "User calls", "Admin session"). */
export function registerAuthRoutes({ route, db, config, realtime }: HttpContext) {
  const deps = { db, config, realtime }
  // Guessing passwords or flooding mailboxes is limited per IP address.
  const limited = { rateLimit: { max: config.LOGIN_RATE_LIMIT, timeWindow: 60_000 } }
  const ok = { ok: true as const }

  // New accounts per address: the same count per hour as logins per minute, so sign-ups cannot be
  // mass-produced, nor used to test addresses faster than logins can.
  route(register, async ({ body }) => auth.register(deps, body), {
    rateLimit: { max: config.LOGIN_RATE_LIMIT, timeWindow: 60 * 60_000 },
  })
  route(
    login,
    async ({ body, req }) => auth.login(deps, { login: body.username, password: body.password, ip: req.ip }),
    limited,
  )
  route(
    manualLogin,
    async ({ body, req }) => auth.login(deps, { login: body.email, password: body.password, ip: req.ip }),
    limited,
  )
  route(logout, async ({ actor }) => {
    await auth.logout(deps, actor.sessionId)
    return ok
  })

  route(
    sendResetMail,
    async ({ body }) => {
      await auth.sendResetMail(deps, body.email)
      return { email: body.email }
    },
    limited,
  )
  route(checkToken, async ({ body }) => auth.checkResetToken(deps, body.token))
  route(resetPassword, async ({ body }) => {
    await auth.resetPassword(deps, body)
    return ok
  })

  route(adminLogin, async ({ body, req }) => auth.adminLogin(deps, { ...body, ip: req.ip }), limited)
  route(adminLogout, async ({ actor }) => {
    await auth.logout(deps, actor.sessionId)
    return ok
  })
  route(adminInfo, async ({ actor }) => ({ admin: actor.admin }))
  route(getUserData, async ({ actor }) => ({ admin: actor.admin }))
}
