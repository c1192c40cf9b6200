import axe from 'axe-core'
import type { AxeResults } from 'axe-core'
import sharp from 'sharp'
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Page } from '@playwright/test'
import { startFakeYoutubeData } from '../apps/server/src/modules/sentiment/testing/fake-youtube-data'
import {
  CLIENT_US,
  GOOD_DEV_TOKEN,
  MANAGER,
  startFakeGoogleAds,
} from '../apps/server/src/modules/adimport/testing/fake-google-ads'
import { startServerProcess } from '../apps/server/test/server-process'
import type { ServerProcess } from '../apps/server/test/server-process'
import { E2E_ADMIN, adminSignIn, freshDataDir, signUpCreator, SERVER_ENTRY, ownServerEnv } from './support'

// WCAG 2.1 A and AA (axe-core) on every route of the web route table, each as the visitor it is for:
// signed out, a creator, the admin, with real data on the pages that show one (seed() below). One
// page, one sign-in per visitor kind, the routes in a loop (a new context per route would cost CI
// minutes). Routes that only redirect (`redirectOnly`, no page) land on pages the loop visits anyway.
// Runs its own server (the YouTube stand-in is its setting, for a real sentiment result). Decision 0052.
// While fixing: A11Y_ONLY=<regex on the route pattern> checks a few routes, A11Y_TIMES=1 prints each
// route's time and the running count, A11Y_TIMEOUT=<ms> lifts the time limit.

test.use({ trace: 'off', screenshot: 'off' })

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const OVERLAY = '/tts/announcement'

type Visitor = 'signed out' | 'creator' | 'admin'
/** The fields of the web app's AppRoute this test reads. */
interface TableRoute {
  path: string
  guard: string
  page?: unknown
  redirectOnly?: boolean
}
/**
 * The route table itself (apps/web/src/app/route-table.ts), loaded at run time: the e2e typecheck
 * project does not compile the web app (its JSX and Vite types), Playwright's loader does.
 */
const ROUTE_TABLE = '../apps/web/src/app/route-table'
const loadRoutes = async () => ((await import(ROUTE_TABLE)) as { ROUTES: readonly TableRoute[] }).ROUTES

const visitorOf = (r: TableRoute): Visitor =>
  r.path === '/admin/login'
    ? 'signed out'
    : r.guard === 'admin'
      ? 'admin'
      : r.guard === 'user'
        ? 'creator'
        : 'signed out'

/**
 * The concrete addresses of a pattern: the seeded rows' where the test made the data (a detail page
 * with an optional id is opened as the list and as a row), else the pattern with the visitor's ids.
 */
function addressesOf(path: string, ids: Record<string, string | string[]>): string[] {
  const fixed = ids[path]
  if (fixed) return typeof fixed === 'string' ? [fixed] : fixed
  const filled = path.replace(':username', String(ids.username)).replace(/:[a-z]+/gi, (p) => {
    const id = ids[p]
    if (typeof id !== 'string') throw new Error(`${path}: no seeded row for ${p}`)
    return id
  })
  return [filled]
}

/** The document title while a navigation is under way (see open()). */
const NAVIGATING = 'a11y: navigating'

interface Found {
  route: string
  rule: string
  impact: string
  targets: string[]
}

/**
 * Opens an address the way a link in the app does (the router's history, no reload: a full load per
 * route would cost a minute of CI), then waits for its page: the lazy chunk in, no loading block.
 */
async function open(page: Page, address: string) {
  await page.evaluate(
    ([to, pending]) => {
      // The router keeps the old page on screen while the new one's chunk and guard load; the app
      // writes the title when the navigation lands (app/root.tsx), replacing this mark.
      document.title = pending
      window.history.pushState(null, '', to)
      window.dispatchEvent(new PopStateEvent('popstate'))
    },
    [address, NAVIGATING] as const,
  )
  await page.waitForFunction((pending) => document.title !== pending, NAVIGATING, { timeout: 10_000 })
  await page
    .locator('[data-loading-block]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined)
}

async function check(page: Page, route: string, address: string): Promise<Found[]> {
  const t0 = Date.now()
  await open(page, address)
  if (process.env.A11Y_TIMES) console.log(`open ${Date.now() - t0} ms ${address}`)
  // axe-core straight in the page, injected once per document (the router's navigations keep it):
  // re-injecting its 600 kB per route and collecting passing nodes would double the run.
  const t1 = Date.now()
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const run = (only: { rules?: string[]; exclude?: string }) =>
    page.evaluate<AxeResults, { tags: string[]; rules?: string[]; exclude?: string }>(
      ({ tags, rules, exclude }) =>
        (window as unknown as { axe: typeof axe }).axe.run(exclude ? { exclude: [exclude] } : document, {
          runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
          resultTypes: ['violations'],
        }),
      { tags: TAGS, ...only },
    )
  const violations = (await run({})).violations
  if (process.env.A11Y_TIMES) console.log(`axe ${Date.now() - t1} ms`)
  if (route === OVERLAY) {
    // The OBS overlay draws over the creator's stream, whose pixels the page cannot know: contrast
    // is not judged inside it (a transparent page reads as white). Every other rule is, and
    // contrast is still checked outside it.
    const i = violations.findIndex((v) => v.id === 'color-contrast')
    if (i >= 0) violations.splice(i, 1)
    violations.push(
      ...(await run({ rules: ['color-contrast'], exclude: '[data-testid="overlay"]' })).violations,
    )
  }
  return violations.map((v) => ({
    route,
    rule: v.id,
    impact: v.impact ?? '',
    targets: v.nodes.map((n) => n.target.join(' ')),
  }))
}

/** Where the keyboard starts: the skip link is the first Tab stop and moves focus to the page. */
async function keyboardStarts(page: Page) {
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await skip.waitFor({ state: 'attached' })
  await page.keyboard.press('Tab')
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
}

/** What a page says when the row it opened is missing: axe would then check an error state, not the page. */
const MISSING = /not found|does not exist|not yours/i

const PORT = Number(process.env.E2E_PORT ?? 3210) + 42
const BASE = `http://localhost:${PORT}`
const DATA_DIR = `.tmp/e2e-a11y-${PORT}`
/** The photo-avatar test portrait: the admin's ad avatar is made from it (at 512 px: the face is found sooner). */
const PORTRAIT = 'packages/media/fixtures/portrait-1024.jpg'
/** The videos the sentiment analysis reads from the YouTube stand-in. */
const VIDEOS = [
  {
    id: 'Qm7dR2xLp0A',
    title: 'Cozy farming sim: first 100 days',
    comments: [
      {
        id: 'c1',
        author: '@maplemoth',
        text: 'this video slaps, love the cozy vibes',
        publishedAt: '2026-10-11T12:00:00Z',
      },
      {
        id: 'c2',
        author: '@grumpy',
        text: 'kinda mid, the music is boring',
        publishedAt: '2026-10-12T12:00:00Z',
      },
    ],
  },
]

let youtube: Awaited<ReturnType<typeof startFakeYoutubeData>> | undefined
let googleAds: Awaited<ReturnType<typeof startFakeGoogleAds>> | undefined
let server: ServerProcess | undefined

test.beforeAll(async () => {
  test.setTimeout(120_000)
  ;[youtube, googleAds] = await Promise.all([startFakeYoutubeData(VIDEOS), startFakeGoogleAds({ rows: 12 })])
  freshDataDir(DATA_DIR)
  server = await startServerProcess(
    {
      ...ownServerEnv(PORT, DATA_DIR),
      YOUTUBE_API_URL: `${youtube.base}/youtube/v3`,
      YOUTUBE_API_KEY: 'test-key',
      // Google sign-in and Google Ads: the Ads stand-in (a linked account for /google-ads/:id).
      GOOGLE_CLIENT_ID: 'g-client',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GOOGLE_AUTH_URL: `${googleAds.base}/auth`,
      GOOGLE_TOKEN_URL: `${googleAds.base}/token`,
      GOOGLE_REVOKE_URL: `${googleAds.base}/revoke`,
      GOOGLE_ADS_API_URL: googleAds.adsUrl,
    },
    { entry: SERVER_ENTRY },
  )
})

test.afterAll(async () => {
  await server?.stop()
  await youtube?.close()
  await googleAds?.close()
})

type Json = Record<string, unknown>
/** A JSON call that must succeed (the seed is the test's ground, not what it checks). */
async function call(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  data?: object | { multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> },
): Promise<Json> {
  const t0 = Date.now()
  const res = await request.fetch(path, {
    method,
    headers,
    ...(data && 'multipart' in data ? { multipart: data.multipart } : data ? { data } : {}),
  })
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy()
  if (process.env.A11Y_TIMES) console.log(`${method} ${path} ${Date.now() - t0} ms`)
  return (await res.json()) as Json
}

/** Waits until `read` answers a value `done` accepts (a background job finished). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 120_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await read()
    if (done(v)) return v
    if (Date.now() > deadline)
      throw new Error(`${what} did not finish in ${ms / 1000} s: ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * Real data on every page that shows one, made through the API as cheaply as it can be: the creator's
 * project, a Quick Create render, an ad project with a generated design (a ready-made cut-out as its
 * character: no extraction job), a sentiment analysis of a stand-in YouTube video; as the admin, an
 * event, a stress test of one request. Starts the jobs; `finished` waits for them.
 */
async function seed(
  request: APIRequestContext,
  creator: { username: string; headers: Record<string, string> },
) {
  const as = creator.headers
  const project = (await call(request, 'POST', '/api/create-project', as, {
    name: 'Launch teaser',
    scenes: ['Hello chat!'],
  })) as { project: { id: number } }
  const render = (await call(request, 'POST', '/api/quick-create', as, {
    text: 'Thanks for watching, see you tomorrow!',
  })) as { render: { id: string } }
  const adProject = (await call(request, 'POST', '/api/ads/projects', as, { name: 'Serum launch' })) as {
    project: { id: number }
  }
  const mascot = await sharp({
    create: { width: 240, height: 320, channels: 4, background: { r: 255, g: 106, b: 89, alpha: 1 } },
  })
    .png()
    .toBuffer()
  const character = (await call(request, 'POST', '/api/ads/character-assets', as, {
    multipart: { file: { name: 'mascot.png', mimeType: 'image/png', buffer: mascot } },
  })) as { asset: { id: number; characters: Array<{ id: string }> } }
  const generated = (await call(request, 'POST', '/api/ads/image-generations', as, {
    project_id: adProject.project.id,
    headline: 'Skin that glows all day',
    body: 'Vitamin C serum, dermatologist tested.',
    characters: [{ asset_id: character.asset.id, character_id: character.asset.characters[0]!.id }],
    count: 1,
  })) as { generations: Array<{ id: number }> }
  // A mail in the outbox: the creator asks for a password reset link.
  await call(request, 'POST', '/api/send-reset-mail', {}, { email: `${creator.username}@example.com` })
  const sentiment = (await call(request, 'POST', '/api/sentiment/analyze', as, {
    selected_video_ids: [`yt:${VIDEOS[0]!.id}`],
  })) as { sentiment_id: string }

  const admin = (await call(request, 'POST', '/api/admin/login', {}, E2E_ADMIN)) as { token: string }
  const asAdmin = { authorization: `Bearer ${admin.token}` }
  const creators = (await call(request, 'GET', '/api/admin/influencers', asAdmin)) as {
    creators: Array<{ id: string }>
  }
  const influencer = creators.creators[0]!.id
  const event = (await call(request, 'POST', '/api/admin/conference-events', asAdmin, {
    name: 'TwitchCon Rotterdam',
    starts_on: '2026-11-01',
    ends_on: '2026-11-30',
    consent_text: 'I agree that Mouthpiece makes a short video with my name.',
    greeting_template: 'Hi {name}, welcome to TwitchCon!',
    influencer_id: influencer,
  })) as { event: { id: number } }
  const avatar = (await call(request, 'POST', '/api/admin/ad-avatars', asAdmin, {
    multipart: {
      name: 'Maya',
      description: 'Friendly presenter for skincare ads',
      file: {
        name: 'maya.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp(PORTRAIT).resize(512).jpeg().toBuffer(),
      },
    },
  })) as { avatar: { id: number } }
  // An ad video in the project, read by that avatar (a render: its page shows it as it goes).
  const adVideo = (await call(request, 'POST', `/api/ads/projects/${adProject.project.id}/videos`, as, {
    ad_avatar_id: avatar.avatar.id,
    text: 'Glow all day.',
  })) as { generation: { id: string } }
  const stress = (await call(request, 'POST', '/api/admin/stress-test/voice', asAdmin, {
    requests: 1,
    concurrency: 1,
    duration_s: 30,
  })) as { stress_test: { session_id: string } }

  const finished = async () => {
    await until(
      async () =>
        (await call(request, 'GET', `/api/renders/${render.render.id}`, as)) as {
          render: { status: number }
        },
      (r) => r.render.status === 3 || r.render.status === 4,
      'the Quick Create render',
    )
    await until(
      async () =>
        (await call(request, 'GET', `/api/ads/image-generations/${generated.generations[0]!.id}`, as)) as {
          generation: { status: string }
        },
      (g) => g.generation.status === 'done' || g.generation.status === 'failed',
      'the ad design',
    )
    await until(
      async () =>
        (await call(request, 'GET', `/api/sentiment/get?sentiment_id=${sentiment.sentiment_id}`, as)) as {
          run: { status: string }
        },
      (s) => s.run.status !== 'queued' && s.run.status !== 'running',
      'the sentiment analysis',
    )
    // The admin's lists, for rows that exist: the first of each.
    const first = async (path: string) => {
      const body = await call(request, 'GET', path, asAdmin)
      const list = Object.values(body).find(Array.isArray) ?? (body.list as unknown[])
      const row = (list as Array<Record<string, unknown>>)[0]
      expect(row, `a row in ${path}: ${JSON.stringify(body).slice(0, 300)}`).toBeTruthy()
      return String(row!.id ?? row!.session_id)
    }
    return {
      user: await first(`/api/admin/users?q=${creator.username}`),
      mail: await first('/api/admin/outbox'),
      adAsset: await first('/api/admin/ad-assets'),
    }
  }
  return {
    project: String(project.project.id),
    render: render.render.id,
    adProject: String(adProject.project.id),
    design: String(generated.generations[0]!.id),
    sentiment: sentiment.sentiment_id,
    influencer,
    event: String(event.event.id),
    stress: stress.stress_test.session_id,
    adAvatar: String(avatar.avatar.id),
    adVideo: adVideo.generation.id,
    finished,
  }
}

test('every route passes WCAG 2.1 A/AA (axe) for the visitor it is for', async ({ browser, playwright }) => {
  test.setTimeout(Number(process.env.A11Y_TIMEOUT ?? 240_000))
  const started = Date.now()
  const routes = (await loadRoutes()).filter(
    (r) =>
      r.page && !r.redirectOnly && (!process.env.A11Y_ONLY || new RegExp(process.env.A11Y_ONLY).test(r.path)),
  )
  const context = await browser.newContext({ baseURL: BASE })
  const page = await context.newPage()
  const request = await playwright.request.newContext({ baseURL: BASE })

  const creator = await signUpCreator(request, context, 'a11y', BASE)
  // The seed runs while the signed-out pages are checked: its uploads and jobs keep the server busy
  // for a while, the browser meanwhile has pages to check.
  const seeding = seed(request, creator).then((m) => {
    if (process.env.A11Y_TIMES) console.log(`seeded at ${Date.now() - started} ms`)
    return m
  })
  seeding.catch(() => undefined) // awaited below: not an unhandled rejection meanwhile
  const overlayKey = new URL(creator.overlayUrl).search
  // The creator's session cookie is set on the page's context: signed-out visits go first, without it.
  const cookies = await context.cookies()
  await context.clearCookies()

  let ids: Record<string, string | string[]> = {}
  const found: Found[] = []
  let addresses = 0
  let waited = 0
  for (const visitor of ['signed out', 'creator', 'admin'] as const) {
    if (visitor === 'creator') {
      await context.addCookies(cookies)
      const t0 = Date.now()
      const made = await seeding
      const rows = await made.finished()
      waited = Date.now() - t0
      const p = made.project
      ids = {
        username: creator.username,
        ':id': p,
        // The project page as a video project and as the ad project with its generated design.
        '/dashboard/project/:id': [`/dashboard/project/${p}`, `/dashboard/project/${made.adProject}#ad`],
        [OVERLAY]: `${OVERLAY}${overlayKey}`,
        '/video-sharing/:id': `/video-sharing/${made.render}`,
        '/video-result/:id': `/video-result/${made.render}`,
        '/video-result/:id/log/:log': `/video-result/${made.render}/log/1`,
        '/sentiment': `/sentiment?run=${made.sentiment}`,
        '/google-ads/:id': `/google-ads/${CLIENT_US}?via=${MANAGER}`,
        ':channel': 'twitch',
        '/twitchcon/:id': `/twitchcon/${made.event}`,
        '/admin/edit-user/:id': `/admin/edit-user/${rows.user}`,
        '/admin/outbox/:id': `/admin/outbox/${rows.mail}`,
        '/admin/customer-tracking/:id': `/admin/customer-tracking/${rows.user}`,
        '/admin/usage-data/:id': `/admin/usage-data/${rows.user}`,
        '/admin/sentiment/:id': `/admin/sentiment/${made.sentiment}`,
        '/admin/creator-management/list/:id': `/admin/creator-management/list/${made.influencer}`,
        '/admin/creator-management/list/:id/voice': `/admin/creator-management/list/${made.influencer}/voice`,
        '/admin/stress-test/results/:id?': [
          '/admin/stress-test/results',
          `/admin/stress-test/results/${made.stress}`,
        ],
        '/admin/ad-projects/:id?': ['/admin/ad-projects', `/admin/ad-projects/${made.adProject}`],
        '/admin/ad-image-generations/:id?': [
          '/admin/ad-image-generations',
          `/admin/ad-image-generations/${made.design}`,
        ],
        '/admin/ad-assets/:id?': ['/admin/ad-assets', `/admin/ad-assets/${rows.adAsset}`],
        '/admin/ad-avatars/:id?': ['/admin/ad-avatars', `/admin/ad-avatars/${made.adAvatar}`],
        '/admin/ad-generations/:id?': ['/admin/ad-generations', `/admin/ad-generations/${made.adVideo}`],
      }
    }
    if (visitor === 'admin') {
      // Off the app first: a signed-in page that loses its cookie navigates by itself.
      await page.goto('about:blank')
      await context.clearCookies()
      await adminSignIn(page)
    } else await page.goto('/privacy')
    if (visitor === 'signed out') await keyboardStarts(page)
    if (visitor === 'creator') {
      // The creator links Google Ads (the stand-in) and saves a developer token: /google-ads/:id
      // opens a customer with campaigns.
      await page.goto('/google-ads')
      await page.getByRole('button', { name: 'Link Google' }).click()
      await expect(page.getByText(/Linked as /)).toBeVisible({ timeout: 15_000 })
      await page.getByLabel('Developer token').fill(GOOD_DEV_TOKEN)
      await page.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByRole('link', { name: /Northwind Coffee - US/ })).toBeVisible({ timeout: 15_000 })
      // A link to Quick Create means "type a line": the keyboard starts in the line box.
      await page.goto('/landing#quick-create')
      await expect(page.getByRole('textbox', { name: 'Your line' })).toBeFocused()
    }
    if (process.env.A11Y_TIMES) console.log(`${visitor}: pages from ${Date.now() - started} ms`)
    for (const r of routes.filter((x) => visitorOf(x) === visitor)) {
      // Signed-out pages under a creator's name are the creator's (their tip and donate pages).
      const own =
        visitor === 'signed out'
          ? {
              username: creator.username,
              ':channel': 'twitch',
              [OVERLAY]: `${OVERLAY}${overlayKey}`,
              '/twitchcon/:id': r.path === '/twitchcon/:id' ? `/twitchcon/${(await seeding).event}` : '',
              '/r/:username': `/r/${creator.username}`,
            }
          : ids
      for (const address of addressesOf(r.path, own)) {
        const t0 = Date.now()
        found.push(...(await check(page, r.path, address)))
        addresses++
        // A detail page that lost its row would have axe check an error state instead of the page.
        if (address !== r.path)
          expect(await page.locator('main').getByText(MISSING).count(), `${address} shows its row`).toBe(0)
        if (process.env.A11Y_TIMES)
          console.log(
            `${Date.now() - t0} ms ${address} total ${found.reduce((n, f) => n + f.targets.length, 0)}`,
          )
      }
    }
  }
  const elements = found.reduce((n, f) => n + f.targets.length, 0)
  console.log(
    `a11y: ${routes.length} routes (${addresses} addresses) in ${((Date.now() - started) / 1000).toFixed(1)} s (${(waited / 1000).toFixed(1)} s of it waiting for the seeded jobs); ${elements} failing elements`,
  )
  const byRule = new Map<string, number>()
  for (const f of found)
    byRule.set(`${f.rule} (${f.impact})`, (byRule.get(`${f.rule} (${f.impact})`) ?? 0) + f.targets.length)
  console.log([...byRule].map(([k, n]) => `${k}: ${n}`).join('\n'))
  await request.dispose()
  await context.close()
  expect(found.map((f) => `${f.route} ${f.rule} (${f.impact}): ${f.targets.slice(0, 4).join(', ')}`)).toEqual(
    [],
  )
})
