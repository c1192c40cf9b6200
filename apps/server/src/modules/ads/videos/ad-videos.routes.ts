import * as r from '@mouthpiece/contracts/ads/videos.contract'
import type { HttpContext } from '../../../platform/context'
import { mediaError } from '../../voices'
import { auditActorOf, recordAudit } from '../../audit'
import * as videos from './ad-videos.service'
import * as audios from './ad-audios.service'
import { createAdAudio, listAdAudios } from '@mouthpiece/contracts/ads/audios.contract'

/** SPEC §7 "Ads: … audio and video generations" and the admin "Ad generations: list, {id}, retry". */
export function registerAdVideoRoutes(ctx: HttpContext) {
  const { route, db } = ctx
  // Speech runs when the render starts (voice checks): its input errors read as 4xx.
  const media = <T>(p: Promise<T>) =>
    p.catch((e: unknown) => {
      throw mediaError(e)
    })
  route(r.createAdVideo, async ({ actor, params, body }) => ({
    generation: await media(videos.createAdVideo(ctx, actor.user.id, params.id, body)),
  }))
  route(r.listAdVideos, async ({ actor, params }) => ({
    generations: await videos.listAdVideos(ctx, actor.user.id, params.id),
  }))

  route(createAdAudio, async ({ actor, params, body }) => ({
    generation: await media(audios.createAdAudio(ctx, actor.user.id, params.id, body)),
  }))
  route(listAdAudios, async ({ actor, params }) => ({
    generations: await audios.listAdAudios(ctx, actor.user.id, params.id),
  }))

  route(r.adminAdGenerations, async ({ query }) => videos.adminGenerationsPage(db, query))
  route(r.adminAdGeneration, async ({ params }) => ({
    generation: await videos.adminGeneration(db, params.id),
  }))
  route(r.adminRetryAdGeneration, async ({ params, actor }) => {
    const row = await media(videos.retryAdVideo(ctx, params.id))
    await recordAudit(db, auditActorOf(actor), 'ads.generation.retry', {
      target: { type: 'ad_generation', id: row.id },
      meta: { render_id: row.render_id },
    })
    return { generation: await videos.presentAdminGeneration(db, row) }
  })
}
