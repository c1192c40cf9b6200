import {
  adminAddCreator,
  adminCreatorProgress,
  adminDeleteCreator,
  adminGetCreator,
  adminListCreators,
  adminUpdateCreator,
  adminUpdateCreatorAccess,
  adminUpdateCreatorVoice,
  creatorPhoto,
  MAX_CREATOR_FILES,
  MAX_CREATOR_UPLOAD_MB,
  adminGetDefaultPrompts,
  adminSaveDefaultPrompts,
  listDefaultPrompts,
  adminDemoInfluencers,
  adminDeleteCreatorVoice,
  adminRefreshCreatorWebSource,
  adminCreatorDataset,
  adminCreatorDatasetPicture,
  adminUpdateCreatorAvatar,
  creatorBackdrop,
  CREATOR_VOICE_DELETED_MESSAGE,
  adminCreatorAiAvatar,
  adminImportCreatorEmotions,
} from '@mouthpiece/contracts/avatars/creators.contract'
import { MAX_EMOTION_CSV_BYTES } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import type { FastifyReply } from 'fastify'
import type { HttpContext } from '../../../platform/context'
import type { AvatarsDeps } from '../avatars.deps'
import { fieldError } from '../../../platform/http/errors'
import { readUpload } from '../../../platform/http/form-upload'
import { auditActorOf } from '../../audit'
import { findVoice } from '../../../platform/media'
import type { InfluencerVideos } from './influencer-videos'
import { MAX_PHOTO_BYTES } from '../photo-avatars.service'
import { readPhotoForm } from '../photo-background'
import * as creators from './creators.service'
import { creatorAiAvatar, creatorDataset, datasetPicture, updateCreatorAvatar } from './creator-avatar'
import { importCreatorEmotions } from './creator-emotions'
import { demoInfluencers, refreshWebSource } from './creator-demo'
import { defaultPrompts, saveDefaultPrompts } from './default-prompts'

const MAX_BYTES = MAX_CREATOR_UPLOAD_MB * 1024 * 1024

/** SPEC §7 admin "Influencers": add (processed by a job), list, get, progress, update, permission, voice, delete; the portrait. */
export function registerCreatorsRoutes(ctx: HttpContext, renders: InfluencerVideos) {
  const { route, db } = ctx
  const deps: AvatarsDeps = ctx

  route(
    adminAddCreator,
    async ({ req, actor }) => {
      if (!req.isMultipart())
        throw fieldError('files', 'Please upload at least one photo or a short video of the creator.')
      return {
        creator: await creators.addCreator(
          deps,
          auditActorOf(actor),
          req.parts({ limits: { fileSize: MAX_BYTES, files: MAX_CREATOR_FILES } }),
        ),
      }
    },
    { bodyLimit: MAX_BYTES * MAX_CREATOR_FILES + 1024 * 1024 },
  )
  route(adminListCreators, async () => ({ creators: await creators.listCreators(db) }))
  route(adminGetCreator, async ({ params }) => ({ creator: await creators.getCreator(db, params.id) }))
  route(adminCreatorProgress, async ({ params }) => {
    const c = await creators.getCreator(db, params.id)
    return { dataset: { status: c.status, progress: c.progress, stage: c.stage, error: c.error } }
  })
  route(adminUpdateCreator, async ({ params, body, actor }) => ({
    creator: await creators.updateCreator(deps, auditActorOf(actor), params.id, body),
  }))
  route(adminUpdateCreatorAccess, async ({ params, body, actor }) => ({
    creator: await creators.updateAccess(deps, auditActorOf(actor), params.id, body),
  }))
  route(adminUpdateCreatorVoice, async ({ params, body, actor }) => ({
    creator: await creators.updateVoice(deps, auditActorOf(actor), params.id, body.voice_id, async (id) =>
      Boolean(await findVoice(id)),
    ),
  }))
  route(adminDeleteCreator, async ({ params, actor }) => {
    await creators.deleteCreator(deps, auditActorOf(actor), params.id)
    return { deleted: true as const }
  })
  route(adminGetDefaultPrompts, async () => ({ prompts: await defaultPrompts(db) }))
  route(adminSaveDefaultPrompts, async ({ body, actor }) => ({
    prompts: await saveDefaultPrompts(db, auditActorOf(actor), body.prompts),
  }))
  route(listDefaultPrompts, async () => ({ prompts: await defaultPrompts(db) }))
  const picture = async (reply: FastifyReply, id: string, which: 'photo' | 'backdrop') => {
    const { body, type } = await creators.creatorPictureBody(deps, id, which)
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(body)
  }
  route(creatorPhoto, async ({ params, reply }) => picture(reply, params.id, 'photo'))
  route(creatorBackdrop, async ({ params, reply }) => picture(reply, params.id, 'backdrop'))

  // SPEC §7 influencer calls: demo influencers, delete voice, import emotion, refresh web source, AI avatar (dataset), update avatar.
  route(adminDemoInfluencers, async ({ query }) => demoInfluencers(deps, renders, query))
  route(adminDeleteCreatorVoice, async ({ params, actor }) => ({
    creator: await creators.deleteCreatorVoice(deps, auditActorOf(actor), params.id),
    message: CREATOR_VOICE_DELETED_MESSAGE,
  }))
  route(adminImportCreatorEmotions, async ({ params, req, actor }) =>
    importCreatorEmotions(
      deps,
      auditActorOf(actor),
      params.id,
      await readUpload(req, 'file', MAX_EMOTION_CSV_BYTES),
    ),
  )
  route(adminCreatorAiAvatar, async ({ params }) => ({
    avatar: await creatorAiAvatar(deps, renders, params.id),
  }))
  route(adminRefreshCreatorWebSource, async ({ params, actor }) => ({
    video: await refreshWebSource(deps, renders, auditActorOf(actor), params.id),
  }))
  route(adminCreatorDataset, async ({ params }) => ({ dataset: await creatorDataset(deps, params.id) }))
  route(adminCreatorDatasetPicture, async ({ params, reply }) =>
    reply
      .type('image/jpeg')
      .header('cache-control', 'private, max-age=3600')
      .send(await datasetPicture(deps, params.id, params.index)),
  )
  route(
    adminUpdateCreatorAvatar,
    async ({ params, req, actor }) => {
      const form = await readPhotoForm(
        req.isMultipart() ? req.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: 2 } }) : undefined,
      )
      return updateCreatorAvatar(deps, auditActorOf(actor), params.id, form)
    },
    { bodyLimit: 2 * MAX_PHOTO_BYTES + 1024 * 1024 },
  )
}
