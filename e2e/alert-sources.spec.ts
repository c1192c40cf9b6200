import fs from 'node:fs'
import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import type { Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import { startFakeTwitch } from '../apps/server/src/modules/donations/testing/fake-twitch'
import type { FakeTwitch } from '../apps/server/src/modules/donations/testing/fake-twitch'
import {
  startFakeStreamElements,
  startFakeStreamlabs,
  startFakeYoutube,
} from '../apps/server/src/modules/donations/testing/fake-donation-services'
import {
  streamElementsTip,
  streamlabsDonation,
  youtubeChatMessage,
} from '../apps/server/src/modules/donations/testing/payloads'
import {
  NOTIFICATIONS,
  notificationFor,
  resubNotification,
} from '../apps/server/src/modules/donations/testing/twitch-fixtures'
import type { EventSubMessage } from '../apps/server/src/modules/donations/testing/twitch-fixtures'
import { TIPS_TOPIC } from '../apps/server/src/modules/donations/sources/streamelements'
import { PROBE, expectMouthMoves, expectVoiceStarted, probe } from './overlay-probe'
import { startServerProcess } from '../apps/server/test/server-process'
import type { ServerProcess } from '../apps/server/test/server-process'
import { launchChromium, signUpCreator, SERVER_ENTRY, freshDataDir } from './support'

/**
 * Issue 4's "done means", end to end: every kind of event, fired through each platform's local
 * stand-in (the real protocols — EventSub WebSocket, Streamlabs socket.io 2, StreamElements Astro,
 * YouTube live chat polling — carrying the recorded payloads), reaches the OBS overlay in Chromium
 * as a card, a voice and a moving mouth; duplicates play once; a server killed with SIGKILL
 * mid-queue delivers the rest after it restarts.
 *
 * This spec runs its own server process (it has to kill it), on a port and data dir of its own.
 */

const PORT = Number(process.env.E2E_PORT ?? 3210) + 7
const BASE = `http://localhost:${PORT}`
const DATA_DIR = `.tmp/e2e-sources-${PORT}`
const BROADCASTER = '1234'

// Trace snapshots evaluate in the page, which Chromium counts as a user gesture (see alerts.spec.ts).
test.use({ trace: 'off', screenshot: 'off' })
test.describe.configure({ mode: 'serial' })

let twitch: FakeTwitch
let streamlabs: Awaited<ReturnType<typeof startFakeStreamlabs>>
let streamelements: Awaited<ReturnType<typeof startFakeStreamElements>>
let youtube: Awaited<ReturnType<typeof startFakeYoutube>>
let server: ServerProcess | undefined
let browser: Browser | undefined
let api: APIRequestContext | undefined
let settings: Page
let overlay: Page
let headers: Record<string, string>

function serverEnv(): Record<string, string> {
  return {
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    DATA_DIR,
    DATABASE_URL: '',
    MODE: 'all',
    WEB_DIST: 'apps/web/dist',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    SOURCES_ENABLED: 'true',
    SOURCES_SCAN_SECONDS: '1',
    ALERT_JOB_EXPIRE_SECONDS: '5',
    YOUTUBE_DAILY_QUOTA: '1000000',
    TWITCH_CLIENT_ID: 'twitch-client',
    TWITCH_CLIENT_SECRET: 'twitch-secret',
    TWITCH_AUTH_URL: `${twitch.base}/oauth2`,
    TWITCH_API_URL: `${twitch.base}/helix`,
    TWITCH_EVENTSUB_WS_URL: twitch.wsUrl,
    TWITCH_EVENTSUB_TRANSPORT: 'websocket',
    STREAMLABS_CLIENT_ID: 'sl-client',
    STREAMLABS_CLIENT_SECRET: 'sl-secret',
    STREAMLABS_API_URL: `${streamlabs.base}/api/v2.0`,
    STREAMLABS_SOCKET_URL: streamlabs.base,
    STREAMELEMENTS_CLIENT_ID: 'se-client',
    STREAMELEMENTS_CLIENT_SECRET: 'se-secret',
    STREAMELEMENTS_API_URL: streamelements.base,
    STREAMELEMENTS_ASTRO_URL: streamelements.wsUrl,
    GOOGLE_CLIENT_ID: 'g-client',
    GOOGLE_CLIENT_SECRET: 'g-secret',
    GOOGLE_AUTH_URL: `${youtube.base}/auth`,
    GOOGLE_TOKEN_URL: `${youtube.base}/token`,
    GOOGLE_REVOKE_URL: `${youtube.base}/revoke`,
    YOUTUBE_API_URL: `${youtube.base}/youtube/v3`,
  }
}

/** Polls until `check` answers something truthy (for the stand-ins' own state, which lives in this process). */
async function until(what: string, check: () => unknown, timeout = 15_000) {
  await expect.poll(() => Boolean(check()), { message: what, timeout }).toBe(true)
}

const tips = async () =>
  ((await (await api!.get('/api/donation/tips/all?limit=100', { headers })).json()) as { list: Tip[] }).list

const root = () => overlay.getByTestId('overlay')
const card = () => overlay.getByTestId('alert-card')

/** Waits until the overlay is idle and its gap between alerts has passed, so the next one starts at once. */
async function overlayIdle() {
  await expect(root()).toHaveAttribute('data-phase', 'idle', { timeout: 30_000 })
  await overlay.waitForTimeout(1100)
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000)
  ;[twitch, streamlabs, streamelements, youtube] = await Promise.all([
    startFakeTwitch(),
    startFakeStreamlabs(),
    startFakeStreamElements(),
    startFakeYoutube([], { stayLive: true }),
  ])
  freshDataDir(DATA_DIR)
  server = await startServerProcess(serverEnv(), { entry: SERVER_ENTRY })
  api = await playwright.request.newContext({ baseURL: BASE })
  browser = await launchChromium(playwright.chromium, 'no-user-gesture-required')
  const context = await browser.newContext({ baseURL: BASE })
  const creator = await signUpCreator(api, context, 'src', BASE)
  headers = creator.headers
  settings = await context.newPage()
  overlay = await context.newPage()
  await overlay.addInitScript(PROBE)
  await overlay.goto(creator.overlayUrl)
  await expect(root()).toHaveAttribute('data-link', 'open')
  await expect(root()).toHaveAttribute('data-sound', 'unlocked')
})

test.afterAll(async () => {
  await browser?.close()
  await api?.dispose()
  await server?.stop('SIGKILL')
  await Promise.allSettled([twitch?.close(), streamlabs?.close(), streamelements?.close(), youtube?.close()])
  fs.rmSync(DATA_DIR, { recursive: true, force: true })
})

test('the creator links Twitch, Streamlabs, StreamElements and YouTube on Alert Card Settings', async () => {
  await settings.goto('/donation-settings')
  await expect(settings.getByRole('heading', { name: 'Alert Card Settings' })).toBeVisible()
  const row = (provider: string, platform: string) =>
    settings.getByRole('listitem', { name: `${provider} on ${platform}` })

  // OAuth: Connect → the stand-in's consent page (already agreed) → our callback → back here.
  for (const provider of ['Twitch', 'Streamlabs']) {
    await row(provider, 'Twitch')
      .getByRole('button', { name: `Connect ${provider}` })
      .click()
    await expect(settings).toHaveURL(new RegExp(`/donation-settings\\?connected=${provider.toLowerCase()}`))
    await expect(row(provider, 'Twitch')).toContainText('Connected')
  }
  // StreamElements with the dashboard's JWT token.
  const se = row('StreamElements', 'Twitch')
  await se.getByRole('button', { name: 'Use JWT token' }).click()
  await se.getByLabel('JWT token', { exact: true }).fill('se-jwt-good-0123456789')
  await se.getByLabel('Account ID').fill('se-channel-1')
  await se.getByRole('button', { name: 'Connect with token' }).click()
  await expect(se).toContainText('Connected')

  await settings.getByRole('radio', { name: 'YouTube' }).click()
  await row('YouTube', 'YouTube').getByRole('button', { name: 'Connect YouTube' }).click()
  await expect(settings).toHaveURL(/\/donation-settings\?connected=youtube/)
  await expect(row('YouTube', 'YouTube')).toContainText('Connected')

  // Each live client is up: EventSub subscribed, the Streamlabs socket open, Astro subscribed, the chat polled.
  await until(
    'the five EventSub subscriptions',
    () => twitch.helixCalls.length >= 5 && twitch.open().length === 1,
  )
  await until('the Streamlabs socket', () => streamlabs.connected() === 1)
  await until('the Astro tip subscription', () =>
    streamelements.subscriptions.some((s) => s.topic === TIPS_TOPIC),
  )
  await until('the live chat poll', () => youtube.requests.some((r) => r.path.endsWith('/liveChat/messages')))
})

interface Fired {
  name: string
  fire: () => void
  /** What the card must say: who, and the amount or count. */
  card: RegExp[]
}

const twitchEvent = (m: EventSubMessage) => () => twitch.send(m)
const chatPage = (item: ReturnType<typeof youtubeChatMessage>) => () =>
  youtube.addPage({ items: [item], nextPageToken: `after-${item.id}` })

const EVENTS: Fired[] = [
  {
    name: 'Twitch cheer',
    fire: twitchEvent(notificationFor(NOTIFICATIONS.cheer, BROADCASTER, randomUUID())),
    card: [/testFromUser/, /cheered/, /250/],
  },
  {
    name: 'Twitch channel points',
    fire: twitchEvent(notificationFor(NOTIFICATIONS.redemption, BROADCASTER, randomUUID())),
    card: [/testFromUser/, /redeemed 150 points/, /Test Input From CLI/],
  },
  {
    name: 'Twitch subscription',
    fire: twitchEvent(notificationFor(NOTIFICATIONS.subscribe, BROADCASTER, randomUUID())),
    card: [/testFromUser/, /subscribed/, /Tier 1/i],
  },
  {
    name: 'Twitch resub message',
    fire: twitchEvent(resubNotification(BROADCASTER)),
    card: [/Cool_User/, /resubscribed/, /15/],
  },
  {
    name: 'Twitch gifted subs',
    fire: twitchEvent(notificationFor(NOTIFICATIONS.gift, BROADCASTER, randomUUID())),
    card: [/testFromUser/, /gifted/, /5/],
  },
  {
    name: 'Streamlabs donation',
    fire: () => {
      streamlabs.emit({
        type: 'donation',
        for: 'streamlabs',
        event_id: `evt_${randomUUID()}`,
        message: [streamlabsDonation('Alice', '13.37', 'first!')],
      })
    },
    card: [/Alice/, /donated/, /\$13\.37/],
  },
  {
    name: 'StreamElements tip',
    fire: () => streamelements.send(TIPS_TOPIC, streamElementsTip('Grace', 7.5, 'keep it up')),
    card: [/Grace/, /tipped/, /\$7\.50/],
  },
  {
    name: 'YouTube Super Chat',
    fire: chatPage(
      youtubeChatMessage(
        'yt-sc-1',
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
        'Heidi',
      ),
    ),
    card: [/Heidi/, /Super Chat/, /\$5\.00/],
  },
  {
    name: 'YouTube new member',
    fire: chatPage(
      youtubeChatMessage(
        'yt-member-1',
        'newSponsorEvent',
        { newSponsorDetails: { memberLevelName: 'Gold', isUpgrade: false } },
        'Ivan',
      ),
    ),
    card: [/Ivan/, /became a member/, /Gold/],
  },
]

test('every kind of event through its stand-in plays on the overlay: card, voice, moving mouth', async () => {
  test.setTimeout(150_000)
  const latencies: string[] = []
  for (const [i, event] of EVENTS.entries()) {
    await overlayIdle()
    const firedAt = Date.now()
    event.fire()
    await expect(card(), event.name).toBeVisible({ timeout: 15_000 })
    for (const text of event.card)
      await expect.soft(card(), event.name).toContainText(text, { timeout: 2000 })
    const startedAt = await expectVoiceStarted(overlay, i + 1)
    latencies.push(`${event.name} ${startedAt - firedAt} ms`)
    if (i === 0) await expectMouthMoves(overlay)
  }
  await overlayIdle()
  const seen = await probe(overlay)
  expect(seen.playing).toBe(EVENTS.length)
  expect(seen.cards).toBe(EVENTS.length)
  expect(seen.maxCards).toBe(1)
  console.log(`event sent by the stand-in → overlay audio playing: ${latencies.join(', ')}`)
})

test('a notification delivered twice and a cheer relayed through Streamlabs play once', async () => {
  test.setTimeout(60_000)
  const before = (await probe(overlay)).playing
  const cheer = notificationFor(NOTIFICATIONS.cheer, BROADCASTER, randomUUID())
  cheer.payload.event!.message = 'Only once please'
  twitch.send(cheer)
  twitch.send(cheer)
  await expect(card()).toContainText('Only once please')
  // The same cheer as Streamlabs relays it (its own ids), well within the dedupe window.
  streamlabs.emit({
    type: 'bits',
    for: 'twitch_account',
    message: [
      {
        id: randomUUID(),
        name: 'testfromuser',
        display_name: 'testFromUser',
        amount: '250',
        message: 'Only once please',
        emotes: '',
        _id: randomUUID(),
      },
    ],
  })
  await expect
    .poll(
      async () =>
        (await tips())
          .filter((t) => t.message === 'Only once please')
          .map((t) => `${t.source}:${t.status}`)
          .sort(),
      { timeout: 15_000 },
    )
    .toEqual(['streamlabs:duplicate', 'twitch:played'])
  await overlayIdle()
  await overlay.waitForTimeout(2000)
  expect((await probe(overlay)).playing).toBe(before + 1)
})

test('a server killed with SIGKILL mid-queue delivers the rest after restart, each once', async () => {
  test.setTimeout(120_000)
  // Festival takes about half a second per alert: the server still has alerts to speak when it dies.
  const voice = await api!.post('/api/donation/settings/update', {
    headers,
    data: { data: { tts: { voice: 'festival:cmu_us_slt_arctic_hts' } } },
  })
  expect(voice.ok()).toBeTruthy()
  await overlayIdle()
  const before = (await probe(overlay)).playing
  const names = ['Kate', 'Liam', 'Mona', 'Nico']
  for (const name of names) streamelements.send(TIPS_TOPIC, streamElementsTip(name, 3, 'crash test'))

  // Festival speaks the first of four tips first: more than the default 10 s on a busy machine.
  await expectVoiceStarted(overlay, before + 1, 30_000)
  const atKill = await tips()
  await server?.stop('SIGKILL')
  const waiting = atKill.filter((t) => names.includes(t.who) && t.status === 'queued').length
  console.log(
    `SIGKILL while the first tip played: ${waiting} of ${names.length} tips were still queued on the server`,
  )
  await expect(root()).not.toHaveAttribute('data-link', 'open')

  const restartedAt = Date.now()
  server = await startServerProcess(serverEnv(), { entry: SERVER_ENTRY })
  console.log(`the server answered again ${Date.now() - restartedAt} ms after the restart began`)
  await expect(root()).toHaveAttribute('data-link', 'open', { timeout: 30_000 })
  await expect
    .poll(async () => (await probe(overlay)).playing, { timeout: 60_000, message: 'every tip plays' })
    .toBe(before + names.length)
    .catch(async (err: unknown) => {
      console.log(
        'tips at the kill',
        atKill.filter((t) => names.includes(t.who)).map((t) => `${t.who}:${t.status}`),
      )
      console.log(
        'tips now',
        (await tips())
          .filter((t) => names.includes(t.who))
          .map((t) => `${t.who}:${t.status}:${t.skip_reason ?? ''}`),
        (await probe(overlay)).texts.slice(-5),
      )
      throw err
    })
  await overlayIdle()
  await overlay.waitForTimeout(2000)
  const after = await probe(overlay)
  expect(after.playing).toBe(before + names.length)
  for (const name of names)
    expect(
      after.texts.filter((t) => t.includes(name)),
      `${name}'s card`,
    ).toHaveLength(1)

  // The Activity Feed lists each tip once.
  await settings.goto('/donation-settings')
  await settings.getByRole('link', { name: 'Activity Feed' }).click()
  const feed = settings.getByRole('table', { name: 'Activity Feed' })
  for (const name of names) await expect(feed.getByRole('row').filter({ hasText: name })).toHaveCount(1)
  // The tip on screen at the kill may stay `speaking`: its 'played' report is retried for 13 s only.
  const statuses = async () =>
    (await tips())
      .filter((t) => names.includes(t.who))
      .sort((a, b) => a.id - b.id)
      .map((t) => t.status)
  // The overlay's 'played' reports are calls of their own, retried: polled, not read once.
  await expect
    .poll(async () => (await statuses()).slice(1), { timeout: 20_000 })
    .toEqual(names.slice(1).map(() => 'played'))
  expect(['played', 'speaking']).toContain((await statuses())[0])
})
