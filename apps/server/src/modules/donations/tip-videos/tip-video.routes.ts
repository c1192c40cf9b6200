import {
  generateTipVideo,
  listTipVideos,
  overlayVideoAck,
  pushTipVideoAction,
  setupShortVideo,
} from '@mouthpiece/contracts/donations/tip-videos.contract'
import type { HttpContext } from '../../../platform/context'
import { rendersDeps } from '../../renders'
import { mediaError } from '../../voices'
import type { DonationsDeps, TipVideoDeps } from '../donations.deps'
import * as tipVideos from './tip-video.service'

/** SPEC §7 donation tips: generate tip video, push-tip-video-action, avatar-setup/short-video (see README "Tip videos"). */
export function registerTipVideoRoutes(ctx: HttpContext, donations: DonationsDeps) {
  const { route } = ctx
  const deps: TipVideoDeps = { donations, renders: rendersDeps(ctx) }
  const media = <T>(p: Promise<T>) =>
    p.catch((e: unknown) => {
      throw mediaError(e)
    })

  route(setupShortVideo, async ({ actor, body }) => ({
    render: await media(tipVideos.previewSetup(deps, actor.user.id, body)),
  }))
  route(generateTipVideo, async ({ actor, params }) => ({
    tip_video: await media(tipVideos.generateForTip(deps, actor.user.id, params.id)),
  }))
  route(pushTipVideoAction, async ({ actor, body }) => ({
    tip_video: await tipVideos.pushAction(deps, actor.user.id, body.tip_id, body.action),
  }))
  route(listTipVideos, async ({ actor, query }) => ({
    videos: await tipVideos.listForTips(deps, actor.user.id, query.tip_ids),
  }))
  route(overlayVideoAck, async ({ body }) => {
    await tipVideos.acknowledgePlay(donations, body)
    return { ok: true as const }
  })
}
