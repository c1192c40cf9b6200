import {
  adminGetBadWords,
  adminGetProfanitySetting,
  adminGetWhiteList,
  adminSetBadWords,
  adminSetProfanitySetting,
  adminSetWhiteList,
  adminUpdateDonationAccountPermission,
  baseProfanityBlacklist,
  checkModeration,
  toggleDefaultProfanityBlacklist,
  updateProfanityBlackList,
  updateProfanityWhiteList,
} from '@mouthpiece/contracts/donations/moderation.contract'
import type { HttpContext } from '../../../platform/context'
import type { Actor } from '../../../platform/http/actor'
import { notFound } from '../../../platform/http/errors'
import { auditActorOf, auditedChange } from '../../audit'
import { findUserById } from '../../users'
import type { DonationsDeps } from '../donations.deps'
import { baseListWords, moderateText } from './moderation'
import * as repo from '../settings/settings.repo'
import {
  DEFAULT_MODERATION,
  adminModeration,
  cleanWords,
  ensureSettings,
  forgetAdminModeration,
  updateSettings,
} from '../settings/settings.service'

/** The profanity filter: the creator's lists and switches, and the admin's global lists and setting. */
type AdminActor = Extract<Actor, { kind: 'admin' }>

export function registerModerationRoutes({ route }: HttpContext, deps: DonationsDeps) {
  const moderation = async (userId: number) => ({
    ...DEFAULT_MODERATION,
    ...(await ensureSettings(deps, userId)).moderation,
  })

  route(baseProfanityBlacklist, async () => ({ words: baseListWords((await adminModeration(deps)).black) }))
  route(toggleDefaultProfanityBlacklist, async ({ actor, body }) => ({
    settings: await updateSettings(deps, actor.user.id, {
      moderation: { ...(await moderation(actor.user.id)), use_base_list: body.enabled },
    }),
  }))
  route(updateProfanityBlackList, async ({ actor, body }) => ({
    settings: await updateSettings(deps, actor.user.id, {
      moderation: { ...(await moderation(actor.user.id)), black_list: cleanWords(body.words) },
    }),
  }))
  route(updateProfanityWhiteList, async ({ actor, body }) => ({
    settings: await updateSettings(deps, actor.user.id, {
      moderation: { ...(await moderation(actor.user.id)), white_list: cleanWords(body.words) },
    }),
  }))
  route(checkModeration, async ({ actor, body }) =>
    moderateText(body.text, await moderation(actor.user.id), await adminModeration(deps)),
  )

  const words = (list: 'black' | 'white') => async () => ({ words: await repo.readWords(deps.db, list) })
  const setWords =
    (list: 'black' | 'white') =>
    async ({ body, actor }: { body: { words: string[] }; actor: AdminActor }) => {
      await auditedChange(
        deps.db,
        auditActorOf(actor),
        list === 'black' ? 'moderation.update-bad-word-list' : 'moderation.update-white-list',
        { before: (tx) => repo.readWords(tx, list) },
        async (tx) => {
          const next = cleanWords(body.words).map((w) => w.toLowerCase())
          await repo.replaceWords(tx, list, next)
          return next
        },
      )
      forgetAdminModeration()
      return { words: await repo.readWords(deps.db, list) }
    }
  route(adminGetBadWords, words('black'))
  route(adminSetBadWords, setWords('black'))
  route(adminGetWhiteList, words('white'))
  route(adminSetWhiteList, setWords('white'))
  route(adminGetProfanitySetting, async () => repo.readProfanitySetting(deps.db))
  route(adminSetProfanitySetting, async ({ body, actor }) => {
    const setting = await auditedChange(
      deps.db,
      auditActorOf(actor),
      'moderation.update-profanity-filter-setting',
      { before: (tx) => repo.readProfanitySetting(tx) },
      (tx) => repo.writeProfanitySetting(tx, body),
    )
    forgetAdminModeration()
    return setting
  })
  route(adminUpdateDonationAccountPermission, async ({ body, actor }) => {
    if (!(await findUserById(deps.db, body.user_id))) throw notFound('User')
    await ensureSettings(deps, body.user_id)
    return auditedChange(
      deps.db,
      auditActorOf(actor),
      'donations.update-account-user-permission',
      { target: { type: 'user', id: body.user_id } },
      async (tx) => {
        await repo.updateSettings(tx, body.user_id, { alerts_allowed: body.alerts_allowed })
        return { user_id: body.user_id, alerts_allowed: body.alerts_allowed }
      },
    )
  })
}
