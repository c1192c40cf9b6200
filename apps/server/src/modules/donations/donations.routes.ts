import {
  alertUsage,
  approveTip,
  createAvatarSetup,
  deleteAvatarSetup,
  getDonationSettings,
  listAccountTips,
  listAllTips,
  listAvatarSetups,
  listLatestTips,
  rePushTip,
  testAvatarSetupAlert,
  testBits,
  testChannelPoints,
  testGiftedSub,
  testSubscriptions,
  tipAnnouncement,
  updateAvatarSetup,
  updateAvatarSetupDonationAvatar,
  updateAvatarSetupPrice,
  updateAvatarSetupStyle,
  updateDonationSettings,
  updateEnableDonationTypes,
  updateMuteAllAlerts,
} from '@mouthpiece/contracts/donations/donations.contract'
import {
  overlayAck,
  overlayHealth,
  overlayReportHealth,
  overlayStream,
  rotateOverlayKey,
} from '@mouthpiece/contracts/donations/overlay.contract'
import type { HttpContext } from '../../platform/context'
import { notFound } from '../../platform/http/errors'
import { donationsDeps } from './donations.deps'
import { ensureAlertQueue } from './donations.queues'
import * as overlay from './alerts/overlay.service'
import * as settings from './settings/settings.service'
import * as setupsRepo from './settings/settings.repo'
import * as tips from './tips/tips.service'
import { registerAccountRoutes } from './accounts/accounts.routes'
import { registerModerationRoutes } from './moderation/moderation.routes'
import { registerTipVideoRoutes } from './tip-videos/tip-video.routes'
import { registerDirectTipRoutes } from './tips/direct-tips.routes'

/** Live-stream alerts: settings, avatar setups, the Activity Feed, test triggers and the OBS overlay. */
export async function registerDonationsRoutes(ctx: HttpContext) {
  const { route, app } = ctx
  const deps = donationsDeps(ctx)
  // Sources enqueue from HTTP processes too (webhooks, test triggers): the queue must exist here.
  await ensureAlertQueue(ctx.queue, deps.config)

  // Without PUBLIC_URL, links are built on the address the creator is using (settings.overlayUrl).
  const originOf = (req: { protocol: string; host: string }) => `${req.protocol}://${req.host}`
  route(getDonationSettings, async ({ actor, req }) => ({
    settings: await settings.getSettings(deps, actor.user.id, originOf(req)),
  }))
  route(updateDonationSettings, async ({ actor, body, req }) => ({
    settings: await settings.updateSettings(deps, actor.user.id, body.data, originOf(req)),
  }))
  route(updateEnableDonationTypes, async ({ actor, body, req }) => ({
    settings: await settings.updateSettings(
      deps,
      actor.user.id,
      { enabled_types: body.types },
      originOf(req),
    ),
  }))
  route(updateMuteAllAlerts, async ({ actor, body, req }) => ({
    settings: await settings.updateSettings(deps, actor.user.id, { mute_all: body.mute }, originOf(req)),
  }))

  route(listAvatarSetups, async ({ actor }) => ({
    setups: await Promise.all(
      (await setupsRepo.listSetups(deps.db, actor.user.id)).map((row) => settings.presentSetupNow(deps, row)),
    ),
  }))
  route(createAvatarSetup, async ({ actor, body }) => ({
    setup: await settings.createSetup(deps, actor.user.id, body),
  }))
  route(updateAvatarSetup, async ({ actor, params, body }) => ({
    setup: await settings.changeSetup(deps, actor.user.id, params.id, body),
  }))
  route(updateAvatarSetupStyle, async ({ actor, params, body }) => ({
    setup: await settings.changeSetup(deps, actor.user.id, params.id, {
      custom_style_id: body.custom_style_id,
    }),
  }))
  route(updateAvatarSetupPrice, async ({ actor, params, body }) => ({
    setup: await settings.changeSetup(deps, actor.user.id, params.id, { price: body.price }),
  }))
  route(updateAvatarSetupDonationAvatar, async ({ actor, params, body }) => ({
    setup: await settings.changeSetup(deps, actor.user.id, params.id, {
      donation_avatar: body.donation_avatar,
    }),
  }))
  route(deleteAvatarSetup, async ({ actor, params }) => {
    if (!(await setupsRepo.deleteSetup(deps.db, actor.user.id, params.id))) throw notFound('Avatar setup')
    return { deleted: true as const }
  })

  route(testAvatarSetupAlert, async ({ actor, params }) => {
    await settings.requireSetup(deps, actor.user.id, params.id)
    return { tip: await tips.testTriggers.setup(deps, actor.user.id, params.id) }
  })
  route(tipAnnouncement, async ({ actor, body }) => {
    if (body.avatar_setup) await settings.requireSetup(deps, actor.user.id, body.avatar_setup)
    return { tip: await tips.testTriggers.announcement(deps, actor.user.id, body) }
  })
  route(testBits, async ({ actor, body }) => ({
    tip: await tips.testTriggers.bits(deps, actor.user.id, body),
  }))
  route(testChannelPoints, async ({ actor, body }) => ({
    tip: await tips.testTriggers.channelPoints(deps, actor.user.id, body),
  }))
  route(testSubscriptions, async ({ actor, body }) => ({
    tip: await tips.testTriggers.subscription(deps, actor.user.id, body),
  }))
  route(testGiftedSub, async ({ actor, body }) => ({
    tip: await tips.testTriggers.giftedSub(deps, actor.user.id, body),
  }))

  route(listAllTips, async ({ actor, query }) => tips.listTips(deps, actor.user.id, query))
  route(listLatestTips, async ({ actor, params }) => ({
    tips: await tips.latestTips(deps, actor.user.id, params.limit),
  }))
  route(listAccountTips, async ({ actor, params, query }) =>
    tips.listTips(deps, actor.user.id, { ...query, accountId: params.accountId }),
  )
  route(rePushTip, async ({ actor, body }) => tips.rePush(deps, actor.user.id, body.tip_id, body.mode))
  route(approveTip, async ({ actor, body }) => ({
    tip: await tips.approve(deps, actor.user.id, body.tip_id, body.approve),
  }))
  route(alertUsage, async ({ actor, query }) => tips.usage(deps, actor.user.id, query.days))

  route(overlayStream, async ({ query, req, reply }) => {
    await overlay.streamOverlay(deps, query.key, req, reply)
    return undefined
  })
  route(overlayAck, async ({ body }) => {
    await overlay.acknowledge(deps, body)
    return { ok: true as const }
  })
  route(overlayReportHealth, async ({ body }) => {
    await overlay.reportHealth(deps, body)
    return { ok: true as const }
  })
  route(overlayHealth, async ({ actor }) =>
    settings.presentOverlayHealth(await settings.ensureSettings(deps, actor.user.id)),
  )
  route(rotateOverlayKey, async ({ actor, req }) => ({
    overlay_url: await settings.rotateOverlayKey(deps, actor.user.id, originOf(req)),
  }))
  app.addHook('preClose', async () => overlay.closeOverlayStreams(deps))
  app.addHook('onClose', async () => deps.bus.close())

  registerModerationRoutes(ctx, deps)
  registerTipVideoRoutes(ctx, deps)
  registerDirectTipRoutes(ctx, deps)
  await registerAccountRoutes(ctx, deps)
}
