import type { AdminUser, User } from '@mouthpiece/contracts/users/users.schemas'
import type { UserFilter } from '@mouthpiece/contracts/users/users.contract'
import type { SortDir } from '@mouthpiece/contracts/lists'
import type { UsersDeps } from './users.deps'
import type { Queryable } from '../../platform/db/client'
import { listPage } from '../../platform/db/list-query'
import type { RowOf } from '../../platform/db/list-query'
import { notFound } from '../../platform/http/errors'
import { hashPassword } from '../../platform/credentials/passwords'
import { closeUserSockets, revokeUserSessions } from '../../platform/credentials/revoke'
import { forgetSubject } from '../../platform/credentials/session-cache'
import { audited, recordAudit } from '../audit'
import type { AuditActor } from '../audit'
import { assertAvailable, createAccount, presentUser, saveChanges } from './users.service'
import * as usersRepo from './users.repo'
import type { UserRow } from './users.table'

/**
 * The admin's use cases on users (SPEC §7 "Admin calls: Users"). Every change runs in one
 * transaction with its audit entry (who, what, the user before and after).
 */

export function presentListedUser({
  referred_by,
  referrer_username,
  ...row
}: RowOf<typeof usersRepo.usersListSpec.fields>): AdminUser {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    referred_by:
      referred_by !== null && referrer_username !== null
        ? { id: referred_by, username: referrer_username }
        : null,
  }
}

export async function listUsersPage(
  deps: UsersDeps,
  query: UserFilter & { page: number; per_page: number; sort?: string; dir?: SortDir },
) {
  const page = await listPage(deps.db, usersRepo.usersListSpec, {
    where: usersRepo.usersWhere(query),
    sort: query.sort,
    dir: query.dir,
    page: query.page,
    perPage: query.per_page,
  })
  return { ...page, list: page.list.map(presentListedUser) }
}

export async function getUser(deps: UsersDeps, userId: number): Promise<AdminUser> {
  const row = await usersRepo.findListedUser(deps.db, userId)
  if (!row) throw notFound('User')
  return presentListedUser(row)
}

export async function createUser(
  deps: UsersDeps,
  actor: AuditActor,
  input: { username: string; email: string; password: string },
): Promise<User> {
  const row = await createAccount(deps, input, (save) =>
    deps.db.transaction(async (tx) => {
      const created = await save(tx)
      await recordAudit(tx, actor, 'users.create', {
        target: { type: 'user', id: created.id },
        after: presentUser(created),
      })
      return created
    }),
  )
  return presentUser(row)
}

/** One user's change inside `tx`, audited: the action is named by what changed (`users.disable`, …). */
export async function changeUser(
  tx: Queryable,
  actor: AuditActor,
  userId: number,
  changes: usersRepo.UserChanges,
  meta?: Record<string, unknown>,
) {
  const before = await usersRepo.findUserById(tx, userId)
  if (!before) throw notFound('User')
  return audited(
    tx,
    actor,
    actionFor(changes),
    {
      target: { type: 'user', id: userId },
      before: auditView(presentUser(before), changes),
      afterOf: (row: UserRow) => auditView(presentUser(row), changes),
      meta,
    },
    () => saveChanges(tx, userId, changes),
  )
}

/** A password is never logged, only that it changed. */
function auditView(user: User, changes: usersRepo.UserChanges) {
  return changes.password_hash ? { ...user, password: 'changed' } : user
}

function actionFor(changes: usersRepo.UserChanges): string {
  const keys = Object.keys(changes)
  if (keys.length === 1 && keys[0] === 'is_enabled')
    return changes.is_enabled ? 'users.enable' : 'users.disable'
  if (keys.length === 1 && keys[0] === 'is_super_user') return 'users.update-super-user'
  if (keys.length === 1 && keys[0] === 'is_grandfather') return 'users.update-grandfather-status'
  return 'users.save-info'
}

export async function saveUserInfo(
  deps: UsersDeps,
  actor: AuditActor,
  input: { user_id: number; username: string; email: string; is_enabled: boolean; password?: string },
): Promise<User> {
  if (!(await usersRepo.findUserById(deps.db, input.user_id))) throw notFound('User')
  await assertAvailable(deps, { username: input.username, email: input.email }, input.user_id)
  const changes: usersRepo.UserChanges = {
    username: input.username,
    email: input.email,
    is_enabled: input.is_enabled,
  }
  if (input.password !== undefined) changes.password_hash = await hashPassword(input.password)
  const before = await usersRepo.findUserById(deps.db, input.user_id)
  const row = await deps.db.transaction(async (tx) => {
    const saved = await changeUser(tx, actor, input.user_id, changes)
    // An admin setting a new password locks out whoever was using the old one.
    if (changes.password_hash) await revokeUserSessions(deps, tx, saved.id)
    return saved
  })
  if (!changes.password_hash) await afterEnabledChange(deps, before?.is_enabled ?? true, row)
  return presentUser(row)
}

/**
 * Once a change has committed: a disabled user's barred routes answer 403 from the next call on
 * (no cached actor) and their open sockets close; otherwise cached actors just refresh.
 */
export async function afterEnabledChange(
  deps: Pick<UsersDeps, 'realtime'>,
  wasEnabled: boolean,
  row: UserRow,
): Promise<void> {
  if (wasEnabled && !row.is_enabled) await closeUserSockets(deps, row.id)
  else forgetSubject('user', row.id)
}

export async function setUserFlags(
  deps: UsersDeps,
  actor: AuditActor,
  userId: number,
  flags: Pick<usersRepo.UserChanges, 'is_super_user' | 'is_grandfather'>,
) {
  const row = await deps.db.transaction((tx) => changeUser(tx, actor, userId, flags))
  forgetSubject('user', userId)
  return presentUser(row)
}

/** Deletes the account inside `tx` and signs it out; the audit entry keeps what it was. */
export async function deleteUser(
  deps: Pick<UsersDeps, 'realtime'>,
  tx: Queryable,
  actor: AuditActor,
  userId: number,
  meta?: Record<string, unknown>,
): Promise<void> {
  const before = await usersRepo.findUserById(tx, userId)
  if (!before) throw notFound('User')
  await audited(
    tx,
    actor,
    'users.delete',
    { target: { type: 'user', id: userId }, before: presentUser(before), meta },
    async () => {
      await usersRepo.deleteUser(tx, userId)
      await revokeUserSessions(deps, tx, userId)
    },
  )
}

export async function removeUser(deps: UsersDeps, actor: AuditActor, userId: number): Promise<void> {
  await deps.db.transaction((tx) => deleteUser(deps, tx, actor, userId))
}
