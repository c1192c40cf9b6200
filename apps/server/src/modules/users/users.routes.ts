import {
  adminCreateUser, adminDeleteUser, adminGetOutboxMail, adminListOutbox, adminListUsers, adminSaveUserInfo,
  adminUpdateGrandfatherStatus, adminUpdateSuperUser, adminUserInfo, checkValidUsername, getUserLogin, supportMail, updateInfo,
} from '@mouthpiece/contracts/users/users.routes'
import type { HttpContext } from '../../platform/context'
import { notFound } from '../../platform/http/errors'
import { listOutbox, readOutboxMail } from '../../platform/mail/outbox'
import * as users from './users.service'

const OUTBOX_PER_PAGE = 10

/** The signed-in user's account calls and the admin users screens (SPEC §7). */
export function registerUsersRoutes({ route, db, config }: HttpContext) {
  const deps = { db, config }
  const ok = { ok: true as const }

  route(getUserLogin, async ({ actor }) => ({ user: actor.user }))
  route(updateInfo, async ({ actor, body }) => ({
    user: await users.updateOwnInfo(deps, { userId: actor.user.id, sessionId: actor.sessionId }, body),
  }))
  route(checkValidUsername, async ({ actor, body }) =>
    users.checkUsername(deps, body.username, actor.kind === 'user' ? actor.user.id : undefined),
  )
  route(supportMail, async ({ body }) => {
    await users.sendSupportMail(deps, body)
    return ok
  })

  route(adminListUsers, async ({ query }) => users.listUsersPage(deps, query.page, query.keySearch))
  route(adminCreateUser, async ({ body }) => ({ user: users.presentUser(await users.createAccount(deps, body)) }))
  route(adminUserInfo, async ({ query }) => ({ user: await users.getUser(deps, query.user_id) }))
  route(adminSaveUserInfo, async ({ body }) => ({ user: await users.saveUserInfo(deps, body) }))
  route(adminDeleteUser, async ({ body }) => {
    await users.removeUser(deps, body.user_id)
    return ok
  })
  route(adminUpdateSuperUser, async ({ body }) => ({
    user: await users.setUserFlags(deps, body.user_id, { is_super_user: body.is_super_user }),
  }))
  route(adminUpdateGrandfatherStatus, async ({ body }) => ({
    user: await users.setUserFlags(deps, body.user_id, { is_grandfather: body.is_grandfather }),
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
