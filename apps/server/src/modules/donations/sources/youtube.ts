import { z } from 'zod'
import type { NormalizedEventInput } from '@mouthpiece/contracts/donations/donations.schemas'
import {
  readJson,
  sleep,
  SourceAuthError,
  SourceHttpError,
  upstreamFetch,
} from '../../../platform/http/upstream'
import type { SourceContext, SourceRunner } from './source'
import { msUntilQuotaReset } from '../../../platform/google/youtube-quota'

/** YouTube Data API costs (units per call). */
export const COST = { liveChatMessages: 5, liveBroadcasts: 1, channels: 1 } as const
/** Above this share of the daily quota, polls are spread over the rest of the day. */
const PACE_FROM = 0.8
/** No live broadcast: look again this often (1 unit a look). */
const IDLE_MS = 60_000
const MIN_POLL_MS = 250

const Micros = z.union([z.string(), z.number()]).transform((v) => Number(v) / 1_000_000)
const Item = z.object({
  id: z.string(),
  snippet: z
    .object({
      type: z.string(),
      publishedAt: z.string().optional(),
      superChatDetails: z
        .object({
          amountMicros: Micros,
          currency: z.string(),
          amountDisplayString: z.string().optional(),
          userComment: z.string().nullish(),
          tier: z.number().optional(),
        })
        .optional(),
      superStickerDetails: z
        .object({
          amountMicros: Micros,
          currency: z.string(),
          amountDisplayString: z.string().optional(),
          tier: z.number().optional(),
          superStickerMetadata: z.object({ altText: z.string().nullish() }).loose().optional(),
        })
        .optional(),
      newSponsorDetails: z
        .object({ memberLevelName: z.string().nullish(), isUpgrade: z.boolean().optional() })
        .optional(),
      memberMilestoneChatDetails: z
        .object({
          userComment: z.string().nullish(),
          memberMonth: z.number().optional(),
          memberLevelName: z.string().nullish(),
        })
        .optional(),
      membershipGiftingDetails: z
        .object({ giftMembershipsCount: z.number(), giftMembershipsLevelName: z.string().nullish() })
        .optional(),
      giftMembershipReceivedDetails: z
        .object({ memberLevelName: z.string().nullish(), gifterChannelId: z.string().optional() })
        .optional(),
    })
    .loose(),
  authorDetails: z
    .object({ displayName: z.string().optional(), channelId: z.string().optional() })
    .loose()
    .optional(),
})
const Page = z.object({
  items: z.array(z.unknown()).default([]),
  nextPageToken: z.string().optional(),
  pollingIntervalMillis: z.number().optional(),
  offlineAt: z.string().optional(),
})

/** One live chat message as a normalised event, or null for ordinary chat and anything unreadable. */
export function normalizeYoutube(raw: unknown): NormalizedEventInput | null {
  const parsed = Item.safeParse(raw)
  if (!parsed.success) return null
  const { id, snippet: s, authorDetails } = parsed.data
  const base = {
    source: 'youtube' as const,
    external_id: id,
    who: authorDetails?.displayName ?? '',
    raw,
    received_at:
      s.publishedAt && !Number.isNaN(Date.parse(s.publishedAt)) ? new Date(s.publishedAt) : undefined,
  }
  switch (s.type) {
    case 'superChatEvent':
      return s.superChatDetails
        ? {
            ...base,
            kind: 'superchat',
            amount: s.superChatDetails.amountMicros,
            currency: s.superChatDetails.currency,
            message: s.superChatDetails.userComment ?? '',
          }
        : null
    case 'superStickerEvent':
      return s.superStickerDetails
        ? {
            ...base,
            kind: 'supersticker',
            amount: s.superStickerDetails.amountMicros,
            currency: s.superStickerDetails.currency,
            title: s.superStickerDetails.superStickerMetadata?.altText ?? null,
          }
        : null
    case 'newSponsorEvent':
      return { ...base, kind: 'membership', tier: s.newSponsorDetails?.memberLevelName ?? null }
    case 'memberMilestoneChatEvent':
      return s.memberMilestoneChatDetails
        ? {
            ...base,
            kind: 'membership_milestone',
            count: s.memberMilestoneChatDetails.memberMonth ?? null,
            tier: s.memberMilestoneChatDetails.memberLevelName ?? null,
            message: s.memberMilestoneChatDetails.userComment ?? '',
          }
        : null
    case 'membershipGiftingEvent':
      return s.membershipGiftingDetails
        ? {
            ...base,
            kind: 'gifted_membership',
            count: s.membershipGiftingDetails.giftMembershipsCount,
            tier: s.membershipGiftingDetails.giftMembershipsLevelName ?? null,
          }
        : null
    case 'giftMembershipReceivedEvent':
      return {
        ...base,
        kind: 'membership',
        tier: s.giftMembershipReceivedDetails?.memberLevelName ?? null,
        gift_recipient: true,
      }
    default:
      return null
  }
}

/**
 * How long to wait before the next 5-unit poll so the shared daily quota lasts the day: nothing
 * extra below 80 %, then the remaining calls spread evenly over the time left, and at 100 % the
 * wait until the quota resets.
 */
export function quotaPaceMs(used: number, limit: number, msLeft: number): number {
  if (used >= limit) return msLeft
  if (used < limit * PACE_FROM) return 0
  const callsLeft = Math.max(1, Math.floor((limit - used) / COST.liveChatMessages))
  return Math.ceil(msLeft / callsLeft)
}

async function youtubeGet<T>(ctx: SourceContext, path: string, params: Record<string, string>): Promise<T> {
  const url = `${ctx.config.YOUTUBE_API_URL}${path}?${new URLSearchParams(params).toString()}`
  const call = async (token: string) =>
    upstreamFetch(url, {
      headers: { Authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    })
  let res = await call(await ctx.accessToken())
  if (res.status === 401) res = await call(await ctx.refreshAccessToken())
  if (res.status === 401)
    throw new SourceAuthError('YouTube refused the account token; please link YouTube again')
  return readJson<T>(res, `YouTube ${path}`)
}

const reasonOf = (err: SourceHttpError) =>
  (err.body as { error?: { errors?: Array<{ reason?: string }> } } | undefined)?.error?.errors?.[0]?.reason ??
  ''

/** The live chat of the channel's broadcast that is live now, or null. */
async function findLiveChat(ctx: SourceContext): Promise<string | null> {
  const body = await youtubeGet<{
    items?: Array<{
      snippet?: { liveChatId?: string; actualEndTime?: string }
      status?: { lifeCycleStatus?: string }
    }>
  }>(ctx, '/liveBroadcasts', { part: 'snippet,status', mine: 'true', maxResults: '10' })
  const live = body.items?.find(
    (b) =>
      b.snippet?.liveChatId &&
      !b.snippet.actualEndTime &&
      (!b.status?.lifeCycleStatus || b.status.lifeCycleStatus === 'live'),
  )
  return live?.snippet?.liveChatId ?? null
}

/**
 * The YouTube live chat poller: liveBroadcasts.list(mine) → snippet.liveChatId → liveChat/messages,
 * always passing nextPageToken back as pageToken and waiting pollingIntervalMillis (or longer when
 * the shared quota runs low), until offlineAt says the chat is over. The page token is saved on the
 * account, so a restarted worker continues where the last one stopped.
 */
export const runYoutube: SourceRunner = async (ctx) => {
  let cursor = (ctx.account.cursor ?? {}) as { liveChatId?: string; pageToken?: string }
  while (!ctx.signal.aborted) {
    const limit = ctx.config.YOUTUBE_DAILY_QUOTA
    if (!cursor.liveChatId) {
      await ctx.spendQuota(COST.liveBroadcasts)
      const chat = await findLiveChat(ctx)
      if (!chat) {
        await sleep(IDLE_MS, ctx.signal)
        continue
      }
      cursor = { liveChatId: chat }
      await ctx.saveCursor(cursor)
    }
    const used = await ctx.spendQuota(COST.liveChatMessages)
    const wait = quotaPaceMs(used, limit, msUntilQuotaReset())
    if (used > limit) {
      await ctx.report('The YouTube API quota for today is used up; alerts resume when it resets')
      await sleep(wait, ctx.signal)
      continue
    }
    let page: z.infer<typeof Page>
    try {
      page = Page.parse(
        await youtubeGet(ctx, '/liveChat/messages', {
          liveChatId: cursor.liveChatId!,
          part: 'snippet,authorDetails',
          maxResults: '2000',
          ...(cursor.pageToken ? { pageToken: cursor.pageToken } : {}),
        }),
      )
    } catch (err) {
      if (!(err instanceof SourceHttpError)) throw err
      const reason = reasonOf(err)
      if (reason === 'quotaExceeded' || reason === 'rateLimitExceeded') {
        await ctx.report('YouTube says the API quota is used up; waiting for it to reset')
        await sleep(reason === 'quotaExceeded' ? msUntilQuotaReset() : 60_000, ctx.signal)
        continue
      }
      if (err.status === 403 || err.status === 404) {
        // liveChatEnded, liveChatDisabled, liveChatNotFound: look for the next broadcast.
        cursor = {}
        await ctx.saveCursor(null)
        continue
      }
      throw err
    }
    for (const raw of page.items) {
      const event = normalizeYoutube(raw)
      if (event) await ctx.emit(event)
    }
    if (page.offlineAt) {
      cursor = {}
      await ctx.saveCursor(null)
      continue
    }
    cursor = { liveChatId: cursor.liveChatId, pageToken: page.nextPageToken ?? cursor.pageToken }
    await ctx.saveCursor(cursor)
    await sleep(Math.max(MIN_POLL_MS, page.pollingIntervalMillis ?? 5000, wait), ctx.signal)
  }
}

/** After OAuth: the channel the token belongs to. */
export async function youtubeChannel(apiUrl: string, accessToken: string) {
  const res = await upstreamFetch(`${apiUrl}/channels?part=snippet&mine=true`, {
    headers: { Authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(15_000),
  })
  const body = await readJson<{ items?: Array<{ id: string; snippet?: { title?: string } }> }>(
    res,
    'YouTube channels',
  )
  const channel = body.items?.[0]
  if (!channel) throw new SourceHttpError('This Google account has no YouTube channel', 200, body)
  return { id: channel.id, name: channel.snippet?.title ?? channel.id }
}
