import {
  adminCreateUser,
  adminDeleteUser,
  adminExportUsers,
  adminGetOutboxMail,
  adminListOutbox,
  adminListUsers,
  adminSaveUserInfo,
  adminUpdateGrandfatherStatus,
  adminUpdateSuperUser,
  adminUserInfo,
  checkValidUsername,
  getUserLogin,
  supportMail,
  updateInfo,
} from '@mouthpiece/contracts/users/users.contract'
import type { HttpContext } from '../../platform/context'
import { notFound } from '../../platform/http/errors'
import { listOutbox, readOutboxMail } from '../../platform/mail/outbox'
import { scanCsv } from '../../platform/db/list-query'
import { sendCsvText } from '../../platform/http/csv-stream'
import { auditActorOf, recordAudit } from '../audit'
import * as adminUsers from './admin-users.service'
import { USERS_CSV_HEADER, usersCsvCells, usersListSpec, usersWhere } from './users.repo'
import * as users from './users.service'

const OUTBOX_PER_PAGE = 10

/** The signed-in user's account calls and the admin users screens (SPEC §7). */
export function registerUsersRoutes({ route, db, config, realtime }: HttpContext) {
  const deps = { db, config, realtime }
  const ok = { ok: true as const }

  route(getUserLogin, async ({ actor }) => ({ user: actor.user }))
  route(updateInfo, async ({ actor, body, req }) => ({
    user: await users.updateOwnInfo(
      deps,
      { userId: actor.user.id, sessionId: actor.sessionId, ip: req.ip },
      body,
    ),
  }))
  route(checkValidUsername, async ({ actor, body }) =>
    users.checkUsername(deps, body.username, actor.kind === 'user' ? actor.user.id : undefined),
  )
  // Each call sends a mail: per address, as many per hour as logins per minute.
  route(
    supportMail,
    async ({ body }) => {
      await users.sendSupportMail(deps, body)
      return ok
    },
    { rateLimit: { max: config.LOGIN_RATE_LIMIT, timeWindow: 60 * 60_000 } },
  )

  route(adminListUsers, async ({ query }) => adminUsers.listUsersPage(deps, query))
  route(adminExportUsers, async ({ query, actor, reply }) => {
    const { sort, dir, ...filter } = query
    // Exports of personal data are audited too (who took which users' emails, when).
    await recordAudit(db, auditActorOf(actor), 'users.export', { meta: { filter, sort, dir } })
    return sendCsvText(
      reply,
      'users',
      USERS_CSV_HEADER,
      scanCsv(db, usersListSpec, { where: usersWhere(filter), sort, dir }, usersCsvCells),
    )
  })
  route(adminCreateUser, async ({ body, actor }) => ({
    user: await adminUsers.createUser(deps, auditActorOf(actor), body),
  }))
  route(adminUserInfo, async ({ query }) => ({ user: await adminUsers.getUser(deps, query.user_id) }))
  route(adminSaveUserInfo, async ({ body, actor }) => ({
    user: await adminUsers.saveUserInfo(deps, auditActorOf(actor), body),
  }))
  route(adminDeleteUser, async ({ body, actor }) => {
    await adminUsers.removeUser(deps, auditActorOf(actor), body.user_id)
    return ok
  })
  route(adminUpdateSuperUser, async ({ body, actor }) => ({
    user: await adminUsers.setUserFlags(deps, auditActorOf(actor), body.user_id, {
      is_super_user: body.is_super_user,
    }),
  }))
  route(adminUpdateGrandfatherStatus, async ({ body, actor }) => ({
    user: await adminUsers.setUserFlags(deps, auditActorOf(actor), body.user_id, {
      is_grandfather: body.is_grandfather,
    }),
  }))

  route(adminListOutbox, async ({ query }) => {
    const { list, total } = await listOutbox(config, query.page, OUTBOX_PER_PAGE)
    return {
      list: list.map(({ id, to, subject, created_at }) => ({ id, to, subject, created_at })),
      total,
      lastPage: Math.max(1, Math.ceil(total / OUTBOX_PER_PAGE)),
    }
  })
  route(adminGetOutboxMail, async ({ params }) => {
    const mail = await readOutboxMail(config, params.id)
    if (!mail) throw notFound('Mail')
    return mail
  })
}
