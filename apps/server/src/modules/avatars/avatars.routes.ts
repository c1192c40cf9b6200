import {
  customAvatarPreview,
  deleteCustomAvatar,
  generateCustomAvatar,
  getCustomAvatar,
  influencerPreview,
  listCustomAvatars,
  listInfluencers,
  retryCustomAvatar,
  updateCustomAvatar,
  uploadPhotoAvatar,
  uploadCustomStyle,
  updatePhotoLandmarks,
  customAvatarPhoto,
  validateCustomAvatar,
  updatePhotoBackground,
  customAvatarBackdrop,
} from '@mouthpiece/contracts/avatars/avatars.contract'
import { getGifAvatar, makeGifAvatar } from '@mouthpiece/contracts/avatars/gif-avatar.contract'
import {
  adminAvatarDataset,
  adminAvatarDatasetPreview,
  adminUpdateAvatarDataset,
} from '@mouthpiece/contracts/avatars/avatar-dataset.contract'
import { auditActorOf } from '../audit'
import * as dataset from './avatar-dataset.service'
import type { HttpContext } from '../../platform/context'
import type { AvatarsDeps } from './avatars.deps'
import * as avatars from './avatars.service'
import * as gifs from './gif-avatar.service'
import * as photos from './photo-avatars.service'
import { MAX_PHOTO_BYTES } from './photo-avatars.service'
import { readPhotoForm } from './photo-background'
import { registerCreatorsRoutes } from './creators/creators.routes'
import type { InfluencerVideos } from './creators/influencer-videos'
import * as styles from './custom-style.service'

/** Face detection costs about a second of CPU: a limit only a script reaches. */
const PHOTO_RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 }

/** SPEC §7 influencers and "custom avatar (generate, retry, get, delete)". */
/** `influencerVideos`: the creators' landing videos, from the renders module (wired in src/modules.ts). */
export function registerAvatarsRoutes(ctx: HttpContext, influencerVideos: InfluencerVideos) {
  const { route } = ctx
  const deps: AvatarsDeps = ctx
  registerCreatorsRoutes(ctx, influencerVideos)

  route(listInfluencers, async ({ actor }) =>
    avatars.listInfluencers(deps, actor.kind === 'user' ? actor.user.id : null),
  )
  route(influencerPreview, async ({ params, reply }) => {
    const png = await avatars.influencerPreview(deps, params.id)
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png)
  })

  route(generateCustomAvatar, async ({ actor, body }) => ({
    avatar: await avatars.generate(deps, actor.user.id, body),
  }))
  route(retryCustomAvatar, async ({ actor, params }) => ({
    avatar: await avatars.retry(deps, actor.user.id, params.id),
  }))
  route(updateCustomAvatar, async ({ actor, params, body }) => ({
    avatar: await avatars.update(deps, actor.user.id, params.id, body),
  }))
  route(listCustomAvatars, async ({ actor }) => ({ avatars: await avatars.list(deps, actor.user.id) }))
  route(getCustomAvatar, async ({ actor, params }) => ({
    avatar: await avatars.get(deps, actor.user.id, params.id),
  }))
  route(deleteCustomAvatar, async ({ actor, params }) => {
    await avatars.remove(deps, actor.user.id, params.id)
    return { deleted: true as const }
  })
  // A portrait and, optionally, a background picture: each under the photo limit.
  const photoForm = (req: Parameters<Parameters<typeof route>[1]>[0]['req']) =>
    readPhotoForm(
      req.isMultipart() ? req.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: 2 } }) : undefined,
    )
  const formLimits = { rateLimit: PHOTO_RATE_LIMIT, bodyLimit: 2 * MAX_PHOTO_BYTES + 1024 * 1024 }
  route(
    uploadPhotoAvatar,
    async ({ actor, req }) => photos.createPhotoAvatar(deps, actor.user.id, await photoForm(req)),
    formLimits,
  )
  route(
    uploadCustomStyle,
    async ({ actor, params, req }) =>
      styles.styleFromPicture(deps, actor.user.id, params.id, (await photoForm(req)).file),
    formLimits,
  )
  route(validateCustomAvatar, async ({ req }) => photos.validatePortrait(await photoForm(req)), formLimits)
  route(
    updatePhotoBackground,
    async ({ actor, params, req }) =>
      photos.updateBackground(deps, actor.user.id, params.id, await photoForm(req)),
    formLimits,
  )
  route(updatePhotoLandmarks, async ({ actor, params, body }) => ({
    avatar: await photos.updateLandmarks(deps, actor.user.id, params.id, body.landmarks),
  }))
  route(customAvatarPhoto, async ({ actor, params, reply }) => {
    const { body, type } = await photos.photoOf(deps, actor.user.id, params.id)
    return reply.type(type).header('cache-control', 'private, max-age=86400').send(body)
  })
  route(customAvatarBackdrop, async ({ actor, params, reply }) => {
    const { body, type } = await photos.photoOf(deps, actor.user.id, params.id, 'backdrop')
    return reply.type(type).header('cache-control', 'private, max-age=86400').send(body)
  })
  // Drawing and encoding a GIF is about a second of CPU: a limit only a script reaches.
  route(
    makeGifAvatar,
    async ({ actor, body }) => ({ gif: await gifs.makeGifAvatar(deps, actor.user.id, body) }),
    { rateLimit: PHOTO_RATE_LIMIT },
  )
  route(getGifAvatar, async ({ actor, params, reply }) => {
    const body = await gifs.openGifAvatar(deps, actor.user.id, params.id)
    return reply.type('image/gif').header('cache-control', 'private, max-age=86400').send(body)
  })
  route(adminAvatarDataset, async ({ query }) => dataset.listDataset(deps, query))
  route(adminUpdateAvatarDataset, async ({ body, actor }) => ({
    avatar: await dataset.updateDataset(deps, auditActorOf(actor), body),
  }))
  route(adminAvatarDatasetPreview, async ({ params, reply }) => {
    const png = await dataset.datasetPreview(deps, params.id)
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png)
  })
  route(customAvatarPreview, async ({ actor, params, reply }) => {
    const png = await avatars.customPreview(deps, actor.user.id, params.id)
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png)
  })
}
