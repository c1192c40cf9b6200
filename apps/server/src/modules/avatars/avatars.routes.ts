import {
  customAvatarPreview, deleteCustomAvatar, generateCustomAvatar, getCustomAvatar, influencerPreview, listCustomAvatars, listInfluencers,
  retryCustomAvatar, updateCustomAvatar,
} from '@mouthpiece/contracts/avatars/avatars.routes'
import type { HttpContext } from '../../platform/context'
import * as avatars from './avatars.service'

/** SPEC §7 influencers and "custom avatar (generate, retry, get, delete)". */
export function registerAvatarsRoutes({ route, db, storage, realtime }: HttpContext) {
  const deps = { db, storage, realtime }

  route(listInfluencers, async () => avatars.listInfluencers(deps))
  route(influencerPreview, async ({ params, reply }) => {
    const png = await avatars.influencerPreview(deps, params.id)
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png)
  })

  route(generateCustomAvatar, async ({ actor, body }) => ({ avatar: await avatars.generate(deps, actor.user.id, body) }))
  route(retryCustomAvatar, async ({ actor, params }) => ({ avatar: await avatars.retry(deps, actor.user.id, params.id) }))
  route(updateCustomAvatar, async ({ actor, params, body }) => ({ avatar: await avatars.update(deps, actor.user.id, params.id, body) }))
  route(listCustomAvatars, async ({ actor }) => ({ avatars: await avatars.list(deps, actor.user.id) }))
  route(getCustomAvatar, async ({ actor, params }) => ({ avatar: await avatars.get(deps, actor.user.id, params.id) }))
  route(deleteCustomAvatar, async ({ actor, params }) => {
    await avatars.remove(deps, actor.user.id, params.id)
    return { deleted: true as const }
  })
  route(customAvatarPreview, async ({ actor, params, reply }) => {
    const png = await avatars.customPreview(deps, actor.user.id, params.id)
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png)
  })
}
