import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { startFakeYoutube } from '../testing/fake-donation-services'
import { rowsOf, signUp, waitFor } from '../testing/harness'
import { youtubeChatMessage } from '../testing/payloads'
import { quotaPaceMs } from './youtube'

const message = youtubeChatMessage

const PAGES = [
  {
    nextPageToken: 'page-2',
    items: [
      message('m1', 'textMessageEvent', { textMessageDetails: { messageText: 'hello chat' } }, 'Chatter'),
      message(
        'm2',
        'superChatEvent',
        {
          superChatDetails: {
            amountMicros: '5000000',
            currency: 'USD',
            amountDisplayString: '$5.00',
            userComment: 'Love it',
            tier: 2,
          },
        },
        'Alice',
      ),
      message(
        'm3',
        'superStickerEvent',
        {
          superStickerDetails: {
            superStickerMetadata: { stickerId: 's1', altText: 'Cat dancing', language: 'en' },
            amountMicros: 2000000,
            currency: 'JPY',
            amountDisplayString: '¥2',
            tier: 1,
          },
        },
        'Bob',
      ),
    ],
  },
  {
    nextPageToken: 'page-3',
    items: [
      message(
        'm4',
        'newSponsorEvent',
        { newSponsorDetails: { memberLevelName: 'Gold', isUpgrade: false } },
        'Carol',
      ),
      message(
        'm5',
        'memberMilestoneChatEvent',
        {
          memberMilestoneChatDetails: {
            userComment: 'a year already',
            memberMonth: 12,
            memberLevelName: 'Gold',
          },
        },
        'Dave',
      ),
      message(
        'm2',
        'superChatEvent',
        {
          superChatDetails: {
            amountMicros: '5000000',
            currency: 'USD',
            amountDisplayString: '$5.00',
            userComment: 'Love it',
            tier: 2,
          },
        },
        'Alice',
      ),
    ],
  },
  {
    nextPageToken: 'page-4',
    items: [
      message(
        'm6',
        'membershipGiftingEvent',
        { membershipGiftingDetails: { giftMembershipsCount: 5, giftMembershipsLevelName: 'Gold' } },
        'Erin',
      ),
      message(
        'm7',
        'giftMembershipReceivedEvent',
        {
          giftMembershipReceivedDetails: {
            memberLevelName: 'Gold',
            gifterChannelId: 'UC-Erin',
            associatedMembershipGiftingMessageId: 'm6',
          },
        },
        'Frank',
      ),
      { kind: 'youtube#liveChatMessage', id: 'm8', snippet: { type: 'superChatEvent' } },
    ],
  },
  { items: [], offlineAt: new Date().toISOString() },
]

describe('YouTube: OAuth link and the live chat poller', () => {
  let t: TestApp
  let yt: Awaited<ReturnType<typeof startFakeYoutube>>
  let creator: { id: number; headers: Record<string, string> }

  beforeAll(async () => {
    yt = await startFakeYoutube(PAGES)
    Object.assign(process.env, {
      GOOGLE_CLIENT_ID: 'g-client',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GOOGLE_AUTH_URL: `${yt.base}/auth`,
      GOOGLE_TOKEN_URL: `${yt.base}/token`,
      GOOGLE_REVOKE_URL: `${yt.base}/revoke`,
      YOUTUBE_API_URL: `${yt.base}/youtube/v3`,
      SOURCES_SCAN_SECONDS: '1',
      SOURCES_ENABLED: 'true',
    })
    t = await createTestApp({ workers: true })
    creator = await signUp(t.app, 'tubey')
  })
  afterAll(async () => {
    await t.close()
    await yt.close()
  })

  const events = async () =>
    rowsOf<Record<string, unknown>>(
      await t.db.execute(
        sql`select kind, external_id, who, amount, currency, count, tier, title, message, status, skip_reason from alert_events where user_id = ${creator.id} order by id`,
      ),
    )

  it('links the channel through Google OAuth with offline access', async () => {
    const connect = await t.app.inject({
      method: 'GET',
      url: `/api/donation/youtube/connect?user_id=${creator.id}`,
      headers: creator.headers,
    })
    const authorize = new URL(connect.headers.location as string)
    expect(authorize.searchParams.get('access_type')).toBe('offline')
    expect(authorize.searchParams.get('scope')).toBe(
      'https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/adwords',
    )
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/donation/youtube/callback?code=yt-code&state=${encodeURIComponent(authorize.searchParams.get('state')!)}`,
    })
    expect(back.headers.location).toBe('/donation-settings?connected=youtube')
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/donation/account/get',
      headers: creator.headers,
    })
    expect(accounts.json()).toMatchObject({
      selected_platform: 'youtube',
      accounts: {
        youtube: [{ provider: 'youtube', external_id: 'UC-streamer', display_name: 'YT Streamer' }],
      },
    })
  })

  it('polls the live chat page by page, turning each paid and member event into one alert event', async () => {
    await waitFor(async () => (await events()).length >= 6 || null, 15_000, 'the chat events')
    await waitFor(
      () => yt.requests.filter((r) => r.path.endsWith('/liveChat/messages')).length >= 4 || null,
      10_000,
      'the last page',
    )
    expect(await events()).toMatchObject([
      { kind: 'superchat', external_id: 'm2', who: 'Alice', amount: 5, currency: 'USD', message: 'Love it' },
      {
        kind: 'supersticker',
        external_id: 'm3',
        who: 'Bob',
        amount: 2,
        currency: 'JPY',
        title: 'Cat dancing',
      },
      { kind: 'membership', external_id: 'm4', who: 'Carol', tier: 'Gold' },
      { kind: 'membership_milestone', external_id: 'm5', who: 'Dave', count: 12, message: 'a year already' },
      { kind: 'gifted_membership', external_id: 'm6', who: 'Erin', count: 5 },
      { kind: 'membership', external_id: 'm7', who: 'Frank' },
    ])
    await waitFor(
      async () => (await events()).at(-1)?.status !== 'queued' || null,
      10_000,
      'the recipient alert to settle',
    )
    expect((await events()).at(-1)).toMatchObject({ status: 'skipped', skip_reason: 'gift_recipient' })
  })

  it('passes nextPageToken back as pageToken and waits pollingIntervalMillis between polls', () => {
    const polls = yt.requests.filter((r) => r.path.endsWith('/liveChat/messages'))
    expect(polls.slice(0, 4).map((p) => p.params.pageToken)).toEqual([
      undefined,
      'page-2',
      'page-3',
      'page-4',
    ])
    expect(
      polls.every((p) => p.params.liveChatId === 'chat-1' && p.params.part === 'snippet,authorDetails'),
    ).toBe(true)
    for (let i = 1; i < 4; i++) expect(polls[i]!.at - polls[i - 1]!.at).toBeGreaterThanOrEqual(240)
  })

  it('stops polling a chat that went offline and counts the quota it spent', async () => {
    const polls = () => yt.requests.filter((r) => r.path.endsWith('/liveChat/messages')).length
    const before = polls()
    await new Promise((r) => setTimeout(r, 1000))
    expect(polls()).toBe(before)
    expect(yt.requests.at(-1)!.path).toBe('/youtube/v3/liveBroadcasts')
    const units = rowsOf<{ units: number }>(
      await t.db.execute(sql`select sum(units)::int as units from youtube_quota_usage`),
    )[0]!.units
    const broadcasts = yt.requests.filter((r) => r.path.endsWith('/liveBroadcasts')).length
    expect(units).toBe(before * 5 + broadcasts)
  })

  it('spreads polls over the rest of the day once 80 % of the quota is spent, and waits for the reset at 100 %', () => {
    const hour = 3_600_000
    expect(quotaPaceMs(1000, 10_000, 10 * hour)).toBe(0)
    expect(quotaPaceMs(8000, 10_000, 10 * hour)).toBe(Math.ceil((10 * hour) / 400))
    expect(quotaPaceMs(9995, 10_000, 10 * hour)).toBe(10 * hour)
    expect(quotaPaceMs(10_000, 10_000, 2 * hour)).toBe(2 * hour)
  })

  it('revokes the grant at Google (the refresh token) when YouTube is disconnected, and forgets the tokens', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/donation/youtube/disconnect',
      headers: creator.headers,
    })
    expect(res.json()).toEqual({ ok: true })
    expect(yt.revocations).toEqual(['yt-refresh'])
    const left = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from connected_accounts where user_id = ${creator.id}`,
      ),
    )
    expect(left[0]!.n).toBe(0)
  })
})
