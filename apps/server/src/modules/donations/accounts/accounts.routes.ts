import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  getAccounts,
  getReferrer,
  streamelementsCallback,
  streamelementsConnect,
  streamlabsCallback,
  streamlabsConnect,
  streamlabsDisconnect,
  syncAccount,
  twitchCallback,
  twitchConnect,
  twitchDisconnect,
  twitchEventSubWebhook,
  unlinkAccount,
  userPermissionByChannel,
  youtubeCallback,
  youtubeConnect,
  youtubeDisconnect,
} from '@mouthpiece/contracts/donations/accounts.contract'
import type { AccountProvider } from '@mouthpiece/contracts/donations/donations.schemas'
import {
  adminGetTwitchConnectionSetting,
  adminSetTwitchConnectionSetting,
} from '@mouthpiece/contracts/donations/twitch-setting.contract'
import type { HttpContext } from '../../../platform/context'
import { BODY_LIMIT_BYTES } from '../../../platform/http/body-limit'
import type { DonationsDeps } from '../donations.deps'
import * as accounts from './accounts.service'
import * as twitchSetting from './twitch-setting.service'
import { handleTwitchWebhook } from '../ingest/webhook.service'

/** A browser navigation gets the 302; a client that asked for JSON gets `{ url }` to open itself. */
function redirectOrUrl(req: FastifyRequest, reply: FastifyReply, url: string) {
  if ((req.headers.accept ?? '').includes('application/json')) return { url }
  return reply.redirect(url)
}

/** Linking Twitch, YouTube, Streamlabs and StreamElements, and the Twitch webhook transport. */
export async function registerAccountRoutes({ route, app }: HttpContext, deps: DonationsDeps) {
  const ok = { ok: true as const }
  route(getAccounts, async ({ actor }) => accounts.listGrouped(deps, actor.user.id))
  route(getReferrer, async ({ params }) => ({ referrer: await accounts.referrer(deps, params.username) }), {
    rateLimit: { max: 120, timeWindow: 60_000 },
  })
  route(unlinkAccount, async ({ actor, body }) => {
    await accounts.unlink(deps, actor.user.id, body.provider, body.platform)
    return accounts.listGrouped(deps, actor.user.id)
  })
  route(syncAccount, async ({ actor, body }) => ({
    account: await accounts.syncStreamElements(deps, actor.user.id, body),
  }))
  route(userPermissionByChannel, async ({ query }) => accounts.permissionByChannel(deps, query.channel_id))

  // Admin: SPEC §7 "Twitch connection setting"
  route(adminGetTwitchConnectionSetting, async () => twitchSetting.presentTwitchConnection(deps))
  route(adminSetTwitchConnectionSetting, async ({ body }) => {
    if ((await twitchSetting.changeTwitchConnection(deps, body)) === 'webhook')
      void accounts
        .subscribeAllWebhooks(deps)
        .catch((err: unknown) => console.error('[donations] webhook subscriptions:', (err as Error).message))
    return twitchSetting.presentTwitchConnection(deps)
  })

  route(twitchConnect, async ({ actor, query, req, reply }) =>
    redirectOrUrl(
      req,
      reply,
      await accounts.connectUrl(deps, actor.user.id, 'twitch', { ...query, platform: 'twitch' }),
    ),
  )
  route(streamlabsConnect, async ({ actor, query, req, reply }) =>
    redirectOrUrl(
      req,
      reply,
      await accounts.connectUrl(deps, actor.user.id, 'streamlabs', {
        ...query,
        platform: query.selected_platform,
      }),
    ),
  )
  route(streamelementsConnect, async ({ actor, query, req, reply }) =>
    redirectOrUrl(
      req,
      reply,
      await accounts.connectUrl(deps, actor.user.id, 'streamelements', {
        ...query,
        platform: query.selected_platform,
      }),
    ),
  )
  route(youtubeConnect, async ({ actor, query, req, reply }) =>
    redirectOrUrl(
      req,
      reply,
      await accounts.connectUrl(deps, actor.user.id, 'youtube', { ...query, platform: 'youtube' }),
    ),
  )

  const callback =
    (provider: AccountProvider) =>
    async ({
      query,
      reply,
    }: {
      query: { code?: string; state?: string; error?: string }
      reply: FastifyReply
    }) =>
      reply.redirect(await accounts.completeLink(deps, provider, query))
  route(twitchCallback, callback('twitch'))
  route(streamlabsCallback, callback('streamlabs'))
  route(streamelementsCallback, callback('streamelements'))
  route(youtubeCallback, callback('youtube'))

  const disconnect =
    (provider: AccountProvider) =>
    async ({ actor }: { actor: { user: { id: number } } }) => {
      await accounts.unlink(deps, actor.user.id, provider)
      return ok
    }
  route(twitchDisconnect, disconnect('twitch'))
  route(streamlabsDisconnect, disconnect('streamlabs'))
  route(youtubeDisconnect, disconnect('youtube'))

  // The signature covers the exact bytes Twitch sent: this route keeps its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) =>
      done(null, body),
    )
    raw.route({
      method: twitchEventSubWebhook.method,
      url: twitchEventSubWebhook.path,
      schema: { summary: 'Twitch EventSub webhook transport', tags: ['donation'] },
      handler: async (req, reply) => {
        const answer = await handleTwitchWebhook(
          deps,
          Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          req.headers,
        )
        if (answer.status === 204) return reply.status(204).send()
        return reply.status(200).type('text/plain').send(answer.text)
      },
    })
  })
}
