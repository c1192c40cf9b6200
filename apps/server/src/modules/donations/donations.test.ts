import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { DonationSettings, OverlayHealth, Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { upsertAccount } from './accounts/accounts.repo'
import { listenApp, openOverlay, overlayKeyOf, rowsOf, signUp, waitFor } from './testing/harness'
import type { OverlayClient } from './testing/harness'
import { NOTIFICATIONS, notificationFor, resubNotification, webhookRequest } from './testing/twitch-fixtures'
import type { EventSubMessage } from './testing/twitch-fixtures'

const EVENTSUB_SECRET = 'eventsub-test-secret-0123456789'

describe('live-stream alerts', () => {
  let t: TestApp
  let base: string
  let creator: { id: number; headers: Record<string, string> }
  let overlay: OverlayClient
  let key: string
  const broadcaster = '7700001'

  beforeAll(async () => {
    process.env.TWITCH_EVENTSUB_SECRET = EVENTSUB_SECRET
    process.env.TWITCH_CLIENT_ID = 'test-client'
    process.env.SOURCES_ENABLED = 'false'
    t = await createTestApp({ workers: true })
    base = await listenApp(t.app)
    creator = await signUp(t.app, 'streamer1')
    await upsertAccount(t.db, {
      user_id: creator.id,
      platform: 'twitch',
      provider: 'twitch',
      external_id: broadcaster,
      display_name: 'testBroadcaster',
    })
    key = overlayKeyOf((await settings()).overlay_url)
    overlay = await openOverlay(base, key)
  })
  afterAll(async () => {
    overlay.close()
    await t.close()
  })

  const get = (url: string, headers = creator.headers) => t.app.inject({ method: 'GET', url, headers })
  const post = (url: string, payload?: object, headers = creator.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload })
  const settings = async () =>
    (await get('/api/donation/settings')).json<{ settings: DonationSettings }>().settings
  const tip = async (id: number) =>
    (await get('/api/donation/tips/all?limit=100')).json<{ list: Tip[] }>().list.find((x) => x.id === id)!
  const settled = (id: number) =>
    waitFor(
      async () => {
        const x = await tip(id)
        return x.status !== 'queued' ? x : null
      },
      10_000,
      `tip ${id} to leave the queue`,
    )
  const webhook = (message: EventSubMessage, opts: Parameters<typeof webhookRequest>[2] = {}) => {
    const req = webhookRequest(EVENTSUB_SECRET, message, opts)
    return t.app.inject({
      method: 'POST',
      url: '/api/donation/twitch/eventsub',
      headers: req.headers,
      payload: req.body,
    })
  }
  const rows = async (where = sql`true`) =>
    rowsOf<{ id: number; kind: string; status: string; skip_reason: string | null; external_id: string }>(
      await t.db.execute(
        sql`select id::int as id, kind, status, skip_reason, external_id from alert_events where user_id = ${creator.id} and ${where} order by id`,
      ),
    )
  const latestId = async () => Number((await rows()).at(-1)?.id)
  /** A redemption unlike any before it (identical content within 30 s would be caught as a relay). */
  const redemption = () => {
    const m = notificationFor(NOTIFICATIONS.redemption, broadcaster, randomUUID())
    m.payload.event!.user_input = `input ${randomUUID()}`
    return m
  }

  it('starts every creator with every type on, nothing muted, the base list on, and a secret overlay URL', async () => {
    const s = await settings()
    expect(s).toMatchObject({
      mute_all: false,
      selected_platform: null,
      alerts_allowed: true,
      moderation: { use_base_list: true, action: 'beep', approval: 'off' },
    })
    expect(s.enabled_types).toHaveLength(12)
    expect(s.overlay_url).toMatch(/\/tts\/announcement\?key=[\w-]{40,}$/)
  })

  it('without PUBLIC_URL, builds the overlay link on the address the creator is using', async () => {
    const at = async (host: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/donation/settings',
          headers: { ...creator.headers, host },
        })
      ).json<{ settings: DonationSettings }>().settings.overlay_url
    expect(await at('127.0.0.1:4470')).toMatch(/^http:\/\/127\.0\.0\.1:4470\/tts\/announcement\?key=/)
    expect(await at('192.168.1.20:4470')).toMatch(/^http:\/\/192\.168\.1\.20:4470\/tts\/announcement\?key=/)
    // The same key on either address.
    expect(new URL(await at('127.0.0.1:4470')).search).toBe(new URL(await at('192.168.1.20:4470')).search)
  })

  it('plays a test cheer on the overlay: card, speech and mouth timeline, then played', async () => {
    const res = await post('/api/donation/twitch/test-bits', { bits: 250, message: 'hello there' })
    expect(res.statusCode).toBe(200)
    const { tip: fired } = res.json<{ tip: Tip }>()
    expect(fired).toMatchObject({ source: 'test', kind: 'bits', bits: 250, status: 'queued', is_test: true })
    const alert = await waitFor(
      () => overlay.alerts.find((a) => a.id === fired.id),
      10_000,
      'the alert on the overlay',
    )
    expect(alert).toMatchObject({
      who: 'TestCheerer',
      amount_label: '250 bits',
      spoken_text: 'TestCheerer cheered 250 bits: hello there',
      volume: 1,
    })
    expect(alert.audio!.duration).toBeGreaterThan(1)
    expect(alert.visemes.length).toBeGreaterThan(5)
    expect(alert.visemes.some((v) => v.viseme !== 'sil')).toBe(true)
    // Without PUBLIC_URL the audio link is a path: the overlay opens it on its own address.
    expect(alert.audio!.url).toMatch(/^\/api\/files\//)
    // Opened from another address (OBS on another computer, or 127.0.0.1 vs localhost), it may read it.
    const audio = await fetch(`${base}${alert.audio!.url}`, {
      headers: { origin: 'http://192.168.1.20:5173' },
    })
    expect(audio.status).toBe(200)
    expect(audio.headers.get('access-control-allow-origin')).toBe('*')
    expect(Buffer.from(await audio.arrayBuffer()).toString('ascii', 0, 4)).toBe('RIFF')
    expect((await tip(fired.id)).status).toBe('speaking')

    expect(
      (await post('/api/donation/overlay/ack', { key, alert_id: fired.id, state: 'played' }, {})).statusCode,
    ).toBe(200)
    expect(await tip(fired.id)).toMatchObject({ status: 'played', played_at: expect.any(String) })
    await post('/api/donation/overlay/health', { key, audio_unlocked: false, visible: true }, {})
    expect((await get('/api/donation/overlay/health')).json<OverlayHealth>()).toMatchObject({
      online: true,
      audio_unlocked: false,
      visible: true,
      last_played_at: expect.any(String),
    })
  })

  it('turns each Twitch kind into exactly one alert event, and a redelivered message id into nothing', async () => {
    const before = (await rows()).length
    const messages = [
      notificationFor(NOTIFICATIONS.cheer, broadcaster),
      notificationFor(NOTIFICATIONS.cheerAnonymous, broadcaster),
      notificationFor(NOTIFICATIONS.subscribe, broadcaster),
      notificationFor(NOTIFICATIONS.subscribeGifted, broadcaster),
      notificationFor(NOTIFICATIONS.gift, broadcaster),
      notificationFor(NOTIFICATIONS.redemption, broadcaster),
      resubNotification(broadcaster),
    ]
    for (const m of messages) expect((await webhook(m)).statusCode).toBe(204)
    for (const m of messages) expect((await webhook(m)).statusCode).toBe(204)
    const stored = (await rows()).slice(before)
    expect(stored.map((r) => r.kind)).toEqual([
      'bits',
      'bits',
      'subscription',
      'subscription',
      'gifted_subscription',
      'channel_points',
      'resub',
    ])
    expect(stored.map((r) => r.external_id)).toEqual(messages.map((m) => m.metadata.message_id))
    // The alert worker takes one job at a time and speaks each line first: the seventh waits for six
    // syntheses. Waiting for each in turn gives every alert its own 10 s (waiting for all at once gave
    // the last one 10 s for seven, which a loaded machine missed).
    const done: Array<Awaited<ReturnType<typeof settled>>> = []
    for (const r of stored) done.push(await settled(r.id))
    expect(done.map((x) => x.status)).toEqual([
      'speaking',
      'speaking',
      'speaking',
      'skipped',
      'speaking',
      'speaking',
      'speaking',
    ])
    expect(done[3]!.skip_reason).toBe('gift_recipient')
    const lines = done.map((x) => x.spoken_text)
    expect(lines[0]).toBe('testFromUser cheered 250 bits: This is a test event.')
    expect(lines[1]).toBe('Anonymous cheered 100 bits: This is a test event.')
    expect(lines[4]).toBe('testFromUser gifted 5 subs')
    expect(lines[5]).toBe('testFromUser redeemed Test Reward from CLI: Test Input From CLI')
    expect(lines[6]).toBe('Cool_User resubscribed for 15 months: Love the stream! FevziGG')
  })

  it('stores the same event relayed under a different id once, as a duplicate that never speaks', async () => {
    const first = notificationFor(NOTIFICATIONS.cheer, broadcaster, randomUUID())
    first.payload.event!.message = `relayed ${randomUUID()}`
    const relay = structuredClone(first)
    relay.metadata.message_id = randomUUID()
    await webhook(first)
    await webhook(relay)
    const pair = await rows(sql`external_id in (${first.metadata.message_id}, ${relay.metadata.message_id})`)
    expect(pair.map((r) => r.status)).toEqual([expect.stringMatching(/queued|speaking/), 'duplicate'])
  })

  it('refuses forged signatures, stale timestamps, unknown creators, negative amounts and huge bodies', async () => {
    const m = notificationFor(NOTIFICATIONS.cheer, broadcaster, randomUUID())
    const forged = webhookRequest('not-the-secret-at-all', m)
    const count = (await rows()).length
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/donation/twitch/eventsub',
          headers: forged.headers,
          payload: forged.body,
        })
      ).statusCode,
    ).toBe(403)
    const tampered = webhookRequest(EVENTSUB_SECRET, m)
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/donation/twitch/eventsub',
      headers: tampered.headers,
      payload: tampered.body.replace('250', '99999'),
    })
    expect(bad.statusCode).toBe(403)
    const stale = await webhook(m, { timestamp: new Date(Date.now() - 11 * 60_000).toISOString() })
    expect(stale.statusCode).toBe(403)
    expect(stale.json()).toMatchObject({ message: 'Message too old' })
    const stranger = await webhook(notificationFor(NOTIFICATIONS.cheer, '999999999', randomUUID()))
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json()).toMatchObject({ message: 'Unknown creator' })
    const negative = notificationFor(NOTIFICATIONS.cheer, broadcaster, randomUUID())
    negative.payload.event!.bits = -500
    const neg = await webhook(negative)
    expect(neg.statusCode).toBe(422)
    expect(neg.json()).toMatchObject({ message: 'Bits must be positive' })
    const huge = notificationFor(NOTIFICATIONS.cheer, broadcaster, randomUUID())
    huge.payload.event!.message = 'x'.repeat(10 * 1024 * 1024)
    expect((await webhook(huge)).statusCode).toBe(413)
    expect((await rows()).length).toBe(count)
    expect((await get('/api/health', {})).statusCode).toBe(200)
  })

  it('answers the webhook verification challenge with its raw text', async () => {
    const m = notificationFor(NOTIFICATIONS.cheer, broadcaster, randomUUID())
    const body = JSON.stringify({
      challenge: 'pogchamp-kappa-360noscope-vohiyo',
      subscription: m.payload.subscription,
    })
    const res = await webhook(m, { type: 'webhook_callback_verification', body })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toBe('pogchamp-kappa-360noscope-vohiyo')
  })

  it('skips alerts when muted, when the type is off, and below the minimum', async () => {
    await post('/api/update-mute-all-alerts', { mute: true })
    await webhook(redemption())
    expect(await settled(await latestId())).toMatchObject({ status: 'skipped', skip_reason: 'muted' })
    await post('/api/update-mute-all-alerts', { mute: false })

    const all = (await settings()).enabled_types
    expect(
      (await post('/api/update-enable-donation-types', { types: all.filter((k) => k !== 'channel_points') }))
        .statusCode,
    ).toBe(200)
    await webhook(redemption())
    expect(await settled(await latestId())).toMatchObject({ status: 'skipped', skip_reason: 'type_disabled' })
    await post('/api/update-enable-donation-types', { types: all })

    await post('/api/donation/settings/update', { data: { minimums: { bits: 500 } } })
    const small = notificationFor(NOTIFICATIONS.cheer, broadcaster, randomUUID())
    small.payload.event!.message = 'small one'
    await webhook(small)
    expect(await settled(await latestId())).toMatchObject({ status: 'skipped', skip_reason: 'below_minimum' })
    await post('/api/donation/settings/update', { data: { minimums: { bits: 0 } } })
  })

  it('beeps profanity, or skips the alert, or holds it for approval, per the creator setting', async () => {
    const cheer = async (message: string) => {
      const m = notificationFor(NOTIFICATIONS.cheer, broadcaster, randomUUID())
      m.payload.event!.message = message
      await webhook(m)
      return settled(await latestId())
    }
    expect(await cheer('this stream is f u c k i n g great')).toMatchObject({
      status: 'speaking',
      spoken_text: 'testFromUser cheered 250 bits: this stream is beep great',
    })
    await post('/api/donation/update-profanity-black-list', { words: ['pineapple'] })
    expect((await cheer('I love pineapples on pizza')).spoken_text).toBe(
      'testFromUser cheered 250 bits: I love beep on pizza',
    )
    await post('/api/donation/settings/update', { data: { moderation: { action: 'skip' } } })
    expect(await cheer('you are a sh1thead')).toMatchObject({ status: 'skipped', skip_reason: 'moderated' })
    await post('/api/donation/settings/update', {
      data: { moderation: { action: 'beep', approval: 'flagged' } },
    })
    const held = await cheer('what the fuck')
    expect(held).toMatchObject({ status: 'pending_approval' })
    expect((await cheer('a clean message, assistant of the class')).status).toBe('speaking')
    expect((await post('/api/donation/tips/approve', { tip_id: held.id, approve: true })).statusCode).toBe(
      200,
    )
    expect(await settled(held.id)).toMatchObject({
      status: 'speaking',
      spoken_text: 'testFromUser cheered 250 bits: what the beep',
    })
    await post('/api/donation/settings/update', { data: { moderation: { approval: 'off' } } })
    await post('/api/donation/update-profanity-black-list', { words: [] })
    const check = await post('/api/donation/moderation/check', {
      text: 'Visit https://spam.example.com for sh!t Kappa Kappa Kappa',
    })
    expect(check.json()).toMatchObject({ spoken: 'Visit for beep', flagged: true, skip: false })

    // The base list switched off lets its words through; a white-listed word passes with it on.
    const spoken = async () =>
      (await post('/api/donation/moderation/check', { text: 'what the fuck' })).json<{ spoken: string }>()
        .spoken
    expect(
      (await post('/api/donation/toggle-default-profanity-blacklist', { enabled: false })).json(),
    ).toMatchObject({ settings: { moderation: { use_base_list: false } } })
    expect(await spoken()).toBe('what the fuck')
    await post('/api/donation/toggle-default-profanity-blacklist', { enabled: true })
    expect(await spoken()).toBe('what the beep')
    expect(
      (await post('/api/donation/update-profanity-white-list', { words: ['fuck'] })).json(),
    ).toMatchObject({
      settings: { moderation: { use_base_list: true, white_list: ['fuck'] } },
    })
    expect(await spoken()).toBe('what the fuck')
    await post('/api/donation/update-profanity-white-list', { words: [] })
  })

  it('lets the price tiers of the avatar setups decide who speaks; a test alert forces one', async () => {
    const make = async (name: string, price: number) =>
      (await post('/api/donation/avatar-setup/create', { name, price, voice: 'espeak:en-us' })).json<{
        setup: { id: number }
      }>().setup.id
    const cheap = await make('Cheap', 0)
    const mid = await make('Mid', 2)
    const big = await make('Big', 20)
    const bits = async (n: number) => {
      const m = notificationFor(NOTIFICATIONS.cheer, broadcaster, randomUUID())
      m.payload.event!.bits = n
      m.payload.event!.message = `tier ${n}`
      await webhook(m)
      return (await settled(await latestId())).avatar_setup_id
    }
    expect(await bits(100)).toBe(cheap)
    expect(await bits(250)).toBe(mid)
    expect(await bits(5000)).toBe(big)
    expect(
      (await post(`/api/donation/avatar-setup/${big}/update-price`, { price: 100 })).json(),
    ).toMatchObject({ setup: { price: 100 } })
    expect(await bits(5001)).toBe(mid)
    expect(
      (
        await post(`/api/donation/avatar-setup/${mid}/update`, { name: 'Middle', voice: 'espeak:en-gb' })
      ).json(),
    ).toMatchObject({ setup: { id: mid, name: 'Middle', voice: 'espeak:en-gb', price: 2 } })
    const test = await get(`/api/donation/avatar-setup/${big}/test-alert`)
    expect((await settled(test.json<{ tip: Tip }>().tip.id)).avatar_setup_id).toBe(big)
    expect(
      (await post(`/api/donation/avatar-setup/${big}/update-style`, { custom_style_id: 'style-7' })).json(),
    ).toMatchObject({ setup: { custom_style_id: 'style-7' } })
    expect((await post(`/api/donation/avatar-setup/${big}/delete`)).statusCode).toBe(200)
    expect((await get('/api/donation/avatar-setup/get')).json<{ setups: unknown[] }>().setups).toHaveLength(2)
    const other = await signUp(t.app, 'streamer2')
    expect(
      (await post(`/api/donation/avatar-setup/${mid}/delete`, undefined, other.headers)).statusCode,
    ).toBe(404)
  })

  it('speaks announcements, re-pushes and previews tips', async () => {
    const a = await post('/api/donation/tips/announcement', {
      donator: 'Mod',
      message: 'Giveaway in five minutes',
    })
    const id = a.json<{ tip: Tip }>().tip.id
    const played = await waitFor(() => overlay.alerts.find((x) => x.id === id), 10_000, 'the announcement')
    expect(played.spoken_text).toBe('Mod says: Giveaway in five minutes')
    await post('/api/donation/overlay/ack', { key, alert_id: id, state: 'played' }, {})
    const preview = await post('/api/donation/tips/re-push', { tip_id: id, mode: 'preview' })
    expect(preview.json()).toMatchObject({
      tip: { status: 'played' },
      preview: { spoken_text: 'Mod says: Giveaway in five minutes', audio: { duration: expect.any(Number) } },
    })
    const count = overlay.alerts.filter((x) => x.id === id).length
    expect((await post('/api/donation/tips/re-push', { tip_id: id, mode: 'repush' })).json()).toMatchObject({
      tip: { status: 'queued' },
    })
    await waitFor(
      () => overlay.alerts.filter((x) => x.id === id).length > count || null,
      10_000,
      'the re-pushed alert',
    )
  })

  it('a test tip with an amount reads "tipped 5 dollars"; an alert the overlay never finished times out to failed', async () => {
    const a = await post('/api/donation/tips/announcement', {
      donator: 'TestTipper',
      message: 'Great stream',
      amount: 5,
    })
    expect(a.statusCode, a.body).toBe(200)
    const tip = a.json<{ tip: Tip }>().tip
    expect(tip).toMatchObject({ amount: 5 })
    const shown = await waitFor(() => overlay.alerts.find((x) => x.id === tip.id), 10_000, 'the test tip')
    expect(shown.spoken_text).toBe('TestTipper tipped 5 dollars: Great stream')

    // The overlay is closed mid-alert: it never reports played. Three minutes later the feed says failed.
    const feed = async () =>
      (await get('/api/donation/tips/all?page=1&limit=50'))
        .json<{ list: Tip[] }>()
        .list.find((x) => x.id === tip.id)
    expect(await feed()).toMatchObject({ status: 'speaking' })
    await t.db.execute(
      sql`update alert_events set emitted_at = now() - interval '4 minutes' where id = ${tip.id}`,
    )
    expect(await feed()).toMatchObject({ status: 'failed' })
    // A late "played" from the overlay still counts.
    await post('/api/donation/overlay/ack', { key, alert_id: tip.id, state: 'played' }, {})
    expect(await feed()).toMatchObject({ status: 'played' })
  })

  it('replays unacknowledged alerts to an overlay that reconnects, after the last id it saw', async () => {
    const late = await openOverlay(base, key)
    await waitFor(() => late.hello.length > 0, 5000, 'hello')
    const speaking = sql`select id::int as id from alert_events where user_id = ${creator.id} and status = 'speaking' order by emitted_at, id`
    const pending = rowsOf<{ id: number }>(await t.db.execute(speaking)).map((r) => Number(r.id))
    await waitFor(() => late.alerts.length >= pending.length || null, 5000, 'the replay')
    expect(late.alerts.map((a) => a.id)).toEqual(pending)
    late.close()
    const resumed = await openOverlay(base, key, late.alerts.at(-2)!.eventId)
    await waitFor(() => resumed.alerts.length > 0 || null, 5000, 'the resumed replay')
    expect(resumed.alerts.map((a) => a.id)).toEqual(pending.slice(-1))
    resumed.close()
  })

  it('rotates the overlay key: the old URL stops working', async () => {
    const res = await post('/api/donation/overlay/rotate-key')
    const fresh = overlayKeyOf(res.json<{ overlay_url: string }>().overlay_url)
    expect(fresh).not.toBe(key)
    const old = await fetch(`${base}/api/donation/overlay/stream?key=${key}`)
    expect(old.status).toBe(404)
    expect(((await old.json()) as { message: string }).message).toMatch(/not valid any more/)
    key = fresh
    overlay.close()
    overlay = await openOverlay(base, key)
  })

  it('gives admins the bad-word list, white list, filter setting and the creator permission', async () => {
    const login = await post('/api/admin/login', { username: 'admin', password: 'admin-password-1' }, {})
    const admin = { authorization: `Bearer ${login.json<{ token: string }>().token}` }
    expect(
      (await post('/api/admin/bad-word-list', { words: ['Grapefruit', 'grapefruit', ' '] }, admin)).json(),
    ).toEqual({ words: ['grapefruit'] })
    expect((await get('/api/admin/bad-word-list', admin)).json()).toEqual({ words: ['grapefruit'] })
    expect(
      (await get('/api/donation/base-profanity-blacklist', {})).json<{ words: string[] }>().words,
    ).toContain('grapefruit')
    expect((await post('/api/donation/moderation/check', { text: 'grapefruit juice' })).json()).toMatchObject(
      { spoken: 'beep juice' },
    )
    await post('/api/admin/white-list', { words: ['grapefruit'] }, admin)
    expect((await post('/api/donation/moderation/check', { text: 'grapefruit juice' })).json()).toMatchObject(
      { spoken: 'grapefruit juice' },
    )
    expect((await post('/api/admin/profanity-filter-setting', { enabled: false }, admin)).json()).toEqual({
      enabled: false,
      max_chars: 300,
    })
    expect((await post('/api/donation/moderation/check', { text: 'shit' })).json()).toMatchObject({
      spoken: 'shit',
      flagged: false,
    })
    await post('/api/admin/profanity-filter-setting', { enabled: true }, admin)
    expect((await get('/api/admin/bad-word-list')).statusCode).toBe(403)

    expect(
      (await get(`/api/donation/account/user-permission-by-channel?channel_id=${broadcaster}`, {})).json(),
    ).toEqual({
      channel_id: broadcaster,
      platform: 'twitch',
      provider: 'twitch',
      username: 'streamer1',
      alerts_allowed: true,
    })
    expect(
      (await get('/api/donation/account/user-permission-by-channel?channel_id=nope', {})).statusCode,
    ).toBe(404)
    await post(
      '/api/admin/update-donation-account-user-permission',
      { user_id: creator.id, alerts_allowed: false },
      admin,
    )
    const r = await post('/api/donation/twitch/test-channel-points')
    expect(r.statusCode, r.body).toBe(200)
    expect(await settled(r.json<{ tip: Tip }>().tip.id)).toMatchObject({
      status: 'skipped',
      skip_reason: 'not_allowed',
    })
    await post(
      '/api/admin/update-donation-account-user-permission',
      { user_id: creator.id, alerts_allowed: true },
      admin,
    )
  })

  it('lists tips by page, latest and account, and counts usage', async () => {
    const page = (await get('/api/donation/tips/all?page=1&limit=5')).json<{
      list: Tip[]
      total: number
      lastPage: number
    }>()
    expect(page.list).toHaveLength(5)
    expect(page.lastPage).toBe(Math.ceil(page.total / 5))
    expect((await post('/api/donation/tips/latest/3')).json<{ tips: Tip[] }>().tips.map((x) => x.id)).toEqual(
      page.list.slice(0, 3).map((x) => x.id),
    )
    const accountId = page.list.find((x) => x.account_id)?.account_id
    const byAccount = (await get(`/api/donation/tips/account/${accountId}`)).json<{ list: Tip[] }>()
    expect(byAccount.list.every((x) => x.account_id === accountId)).toBe(true)
    const usage = (await get('/api/donation/usage?days=7')).json<{
      total_played: number
      this_month_played: number
    }>()
    expect(usage.total_played).toBeGreaterThanOrEqual(1)
    // Test alerts and test bits are spoken but not counted against the plan's monthly allowance.
    const all = (await get('/api/donation/tips/all?page=1&limit=100')).json<{ list: Tip[] }>().list
    const played = all.filter((x) => x.status === 'played')
    expect(played.some((x) => x.is_test)).toBe(true)
    expect(usage.this_month_played).toBe(played.filter((x) => !x.is_test).length)
    expect((await get('/api/donation/tips/all', {})).statusCode).toBe(401)
  })

  it('validates settings and test triggers with clear messages', async () => {
    const neg = await post('/api/donation/twitch/test-bits', { bits: -5 })
    expect(neg.statusCode).toBe(400)
    expect(neg.json()).toMatchObject({ message: 'Bits must be positive' })
    const sub = await post('/api/donation/twitch/test-subscriptions', { tier: '2000' })
    expect(sub.json<{ tip: Tip }>().tip).toMatchObject({
      kind: 'subscription',
      source: 'test',
      is_test: true,
    })
    const gift = await post('/api/donation/twitch/test-gifted-sub', { count: 7 })
    expect(gift.json<{ tip: Tip }>().tip).toMatchObject({ kind: 'gifted_subscription', is_test: true })
    expect((await post('/api/donation/twitch/test-gifted-sub', { count: 0 })).json()).toMatchObject({
      message: 'Count must be positive',
    })
    const vol = await post('/api/donation/settings/update', { data: { tts: { volume: 3 } } })
    expect(vol.json()).toMatchObject({ message: 'Volume must be between 0 and 1' })
    expect(
      (
        await post('/api/donation/settings/update', { data: { tts: { voice: 'espeak:en-gb', volume: 0.5 } } })
      ).json(),
    ).toMatchObject({
      settings: { tts: { voice: 'espeak:en-gb', volume: 0.5, emotion: 'Neutral' } },
    })
  })
})
