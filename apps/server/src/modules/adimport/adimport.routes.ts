import {
  accessibleCustomers,
  googleAdGroups,
  googleAdsAccount,
  googleAdsInAdGroup,
  googleCampaigns,
  googleDownloadAssets,
  linkedCustomers,
  saveDevToken,
} from '@mouthpiece/contracts/adimport/google-ads.contract'
import {
  adminMetaAccounts,
  adminMetaAdData,
  metaAdsets,
  metaBusinessAdAccounts,
  metaBusinesses,
  metaCallback,
  metaCampaigns,
  metaConnect,
  metaConnectAdAccount,
  metaDisconnectAdAccount,
  metaDownloadAdData,
  metaInsights,
  metaMe,
  metaTracked,
} from '@mouthpiece/contracts/adimport/meta-ads.contract'
import type { FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'
import type { HttpContext } from '../../platform/context'
import { csvHeaders } from '../../platform/http/csv'
import { adImportDeps } from './adimport.deps'
import * as google from './google-ads.service'
import * as meta from './meta-ads.service'

/** A CSV download, streamed as it is read from the table. */
async function sendCsv(reply: FastifyReply, made: Promise<{ stream: Readable; fileName: string }>) {
  const { stream, fileName } = await made
  await reply.headers(csvHeaders(fileName)).send(stream)
  return undefined
}

/** SPEC §7 "Search-ad platform" (signed-in) and "Social ad platform" (carrying the Meta key, rate-limited), and the admin's social ad accounts. */
export function registerAdImportRoutes(ctx: HttpContext) {
  const { route } = ctx
  const deps = adImportDeps(ctx)
  route(googleAdsAccount, async ({ actor }) => google.account(deps, actor.user.id))
  route(saveDevToken, async ({ actor, body }) =>
    google.saveDevToken(deps, actor.user.id, body.developer_token),
  )
  route(accessibleCustomers, async ({ actor }) => google.accessible(deps, actor.user.id))
  route(linkedCustomers, async ({ actor, query }) => google.linked(deps, actor.user.id, query.id))
  route(googleCampaigns, async ({ actor, query }) => google.campaigns(deps, actor.user.id, query))
  route(googleAdGroups, async ({ actor, query }) =>
    google.adGroups(deps, actor.user.id, query.id, query.campaign_id),
  )
  route(googleAdsInAdGroup, async ({ actor, query }) =>
    google.adsInAdGroup(deps, actor.user.id, query.id, query.ad_group_id),
  )
  route(googleDownloadAssets, async ({ actor, query, reply }) =>
    sendCsv(reply, google.download(deps, actor.user.id, query.id)),
  )

  const limited = { rateLimit: { max: deps.config.META_CALLS_PER_MINUTE, timeWindow: 60_000 } }
  route(
    metaConnect,
    async ({ query, req }) =>
      meta.connectUrl(deps, query.redirect_uri, req.actor.kind === 'user' ? req.actor.user.id : null),
    limited,
  )
  route(
    metaCallback,
    async ({ query, reply }) => reply.redirect(await meta.completeConnect(deps, query)),
    limited,
  )
  route(metaMe, async ({ body }) => meta.me(deps, body.token), limited)
  route(metaBusinesses, async ({ query }) => meta.businesses(deps, query.token), limited)
  route(
    metaBusinessAdAccounts,
    async ({ query }) => meta.businessAdAccounts(deps, query.token, query.business_id),
    limited,
  )
  route(metaCampaigns, async ({ body }) => meta.campaigns(deps, body.token, body.ads_account_id), limited)
  route(metaAdsets, async ({ body }) => meta.adsets(deps, body.token, body.ads_account_id), limited)
  route(metaInsights, async ({ body }) => meta.insights(deps, body.token, body), limited)
  route(metaConnectAdAccount, async ({ body }) => meta.connectAdAccount(deps, body.token, body.id), limited)
  route(
    metaDisconnectAdAccount,
    async ({ body }) => meta.disconnectAdAccount(deps, body.token, body.id),
    limited,
  )
  route(metaTracked, async ({ query }) => meta.tracked(deps, query.token), limited)
  route(
    metaDownloadAdData,
    async ({ body, reply }) => sendCsv(reply, meta.download(deps, body.token, body.id)),
    limited,
  )
  route(adminMetaAccounts, async ({ query }) => meta.adminAccounts(deps, query.page))
  route(adminMetaAdData, async ({ query, reply }) => sendCsv(reply, meta.adminDownload(deps, query.id)))
}
