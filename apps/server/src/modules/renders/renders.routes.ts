import {
  cancelRender,
  DEMO_RATE_LIMIT,
  demoAudio,
  demoBackgroundFile,
  demoVideo,
  deleteRender,
  getRender,
  influencerVideos,
  listRenders,
  quickCreate,
  renderFile,
  sharingVideo,
  shortAudio,
  uploadDemoBackground,
  videoResult,
  videoResultLog,
} from '@mouthpiece/contracts/renders/renders.contract'
import type { HttpContext } from '../../platform/context'
import { mediaError } from '../voices'
import { acceptBackground, backgroundKey, MAX_BACKGROUND_BYTES } from './backgrounds/backgrounds.service'
import { sendStoredFile } from '../../platform/storage/send-stored-file'
import { rendersDeps } from './renders.deps'
import * as renders from './renders.service'
import { ownerOf } from '../../platform/http/visitor'

const demoLimit = { max: DEMO_RATE_LIMIT.max, timeWindow: DEMO_RATE_LIMIT.timeWindowMs }
/** A render's files never change once written: caches may keep them. */
const IMMUTABLE = 'public, max-age=86400'

/** SPEC §7 quick create, short audio, demo AI audio/video, results and logs, sharing, influencer videos. */
export function registerRendersRoutes(ctx: HttpContext) {
  const { route, config } = ctx
  const deps = rendersDeps(ctx)
  const secure = config.publicUrl.startsWith('https:')
  const media = <T>(p: Promise<T>) =>
    p.catch((e: unknown) => {
      throw mediaError(e)
    })

  route(quickCreate, async ({ actor, body }) => ({
    render: await media(renders.quickCreate(deps, actor.user.id, body)),
  }))
  route(shortAudio, async ({ actor, body }) => ({
    render: await media(
      renders.shortAudio(deps, { userId: actor.user.id, visitorId: null }, body, 'short_audio'),
    ),
  }))
  route(
    demoVideo,
    async ({ actor, body, req, reply }) => {
      const owner = ownerOf(req, reply, actor, { create: true, secure })
      return { render: await media(renders.demoVideo(deps, owner, body)) }
    },
    { rateLimit: demoLimit },
  )
  route(
    demoAudio,
    async ({ actor, body, req, reply }) => {
      const owner = ownerOf(req, reply, actor, { create: true, secure })
      return { render: await media(renders.shortAudio(deps, owner, body, 'demo')) }
    },
    { rateLimit: demoLimit },
  )
  route(
    uploadDemoBackground,
    async ({ req }) => {
      const file = req.isMultipart()
        ? await req.file({ limits: { fileSize: MAX_BACKGROUND_BYTES, files: 1 } })
        : undefined
      return acceptBackground(ctx.storage, file)
    },
    { rateLimit: { max: 30, timeWindow: 10 * 60_000 }, bodyLimit: MAX_BACKGROUND_BYTES + 1024 * 1024 },
  )
  route(demoBackgroundFile, async ({ params, req, reply }) =>
    sendStoredFile(req, reply, ctx.storage, backgroundKey(params.id), { cacheControl: IMMUTABLE }),
  )

  route(getRender, async ({ actor, params, req, reply }) => {
    void reply.header('cache-control', 'no-store')
    return { render: await renders.get(deps, ownerOf(req, reply, actor), params.id) }
  })
  route(listRenders, async ({ actor, query }) => renders.list(deps, actor.user.id, query.page))
  route(cancelRender, async ({ actor, params, req, reply }) => ({
    render: await renders.cancel(deps, ownerOf(req, reply, actor), params.id),
  }))
  route(deleteRender, async ({ actor, params, req, reply }) => {
    await renders.remove(deps, ownerOf(req, reply, actor), params.id)
    return { deleted: true as const }
  })
  route(renderFile, async ({ params, query, req, reply }) => {
    const { key } = await renders.fileKey(deps, params.id, params.file)
    return sendStoredFile(req, reply, ctx.storage, key, {
      downloadName: query.download ? params.file : undefined,
      cacheControl: IMMUTABLE,
    })
  })

  route(videoResult, async ({ actor, params }) => renders.result(deps, actor.user.id, params.id))
  route(videoResultLog, async ({ actor, params }) =>
    renders.resultLog(deps, actor.user.id, params.id, params.log),
  )
  route(sharingVideo, async ({ params }) => renders.sharing(deps, params.id))
  route(influencerVideos, async () => renders.influencerVideos(deps))
}
