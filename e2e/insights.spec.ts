import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import type { Browser, Page } from '@playwright/test'
import {
  startFakeLlm,
  startFakeYoutubeData,
} from '../apps/server/src/modules/sentiment/testing/fake-youtube-data'
import type { FakeVideo } from '../apps/server/src/modules/sentiment/testing/fake-youtube-data'
import { startFakeMeta } from '../apps/server/src/modules/adimport/testing/fake-meta'
import { AD_ROW_COLUMNS } from '@mouthpiece/contracts/adimport/adimport.schemas'
import { startServerProcess } from '../apps/server/test/server-process'
import type { ServerProcess } from '../apps/server/test/server-process'
import {
  adminSignIn,
  launchChromium,
  signUpCreator,
  SERVER_ENTRY,
  ownServerEnv,
  freshDataDir,
} from './support'

/**
 * Issue 12 as a creator clicks it: link the Google stand-in, search, pick three videos, analyse,
 * change a comment at the stand-in, analyse again and see the diff; connect the Meta stand-in, pick
 * a business and an ad account, see campaigns and insights, download the CSV. Runs its own server
 * (the stand-ins' URLs are its settings) on a port and data dir of its own.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 40
const BASE = `http://localhost:${PORT}`
const DATA_DIR = `.tmp/e2e-insights-${PORT}`
const SHOTS = `.tmp/shots-insights`

const day = (d: number) => `2026-10-${String(d).padStart(2, '0')}T12:00:00Z`
const VIDEOS: FakeVideo[] = [
  {
    id: 'Qm7dR2xLp0A',
    title: 'Cozy farming sim: first 100 days',
    comments: [
      {
        id: 'c1',
        author: '@maplemoth',
        text: 'this video slaps 🔥 love the cozy vibes',
        publishedAt: day(11),
      },
      { id: 'c2', author: '@grumpy', text: 'kinda mid, the music is boring', publishedAt: day(12) },
      { id: 'c3', author: '@farmer', text: 'what seed did you use for the farm', publishedAt: day(12) },
    ],
  },
  {
    id: 'b8KfT3nWzq4',
    title: 'Cozy cracked speedrun',
    comments: Array.from({ length: 30 }, (_, i) => ({
      id: `s${i}`,
      author: `@v${i}`,
      text: i % 2 ? 'cracked run, huge W' : 'that was an L',
      publishedAt: day(13 + (i % 3)),
    })),
  },
  { id: 'zZ9yX8wV7uQ', title: 'Cozy stream with comments off', commentsDisabled: true, comments: [] },
]

test.use({ trace: 'off', screenshot: 'off' })
test.describe.configure({ mode: 'serial' })

let yt: Awaited<ReturnType<typeof startFakeYoutubeData>>
let meta: Awaited<ReturnType<typeof startFakeMeta>>
let llm: Awaited<ReturnType<typeof startFakeLlm>>
let server: ServerProcess | undefined
let browser: Browser | undefined
let page: Page

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000)
  ;[yt, meta, llm] = await Promise.all([
    startFakeYoutubeData(VIDEOS),
    startFakeMeta({ adsPerDay: 3 }),
    startFakeLlm(),
  ])
  freshDataDir(DATA_DIR)
  fs.mkdirSync(SHOTS, { recursive: true })
  server = await startServerProcess(
    {
      ...ownServerEnv(PORT, DATA_DIR),
      GOOGLE_CLIENT_ID: 'g-client',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GOOGLE_AUTH_URL: `${yt.base}/auth`,
      GOOGLE_TOKEN_URL: `${yt.base}/token`,
      GOOGLE_REVOKE_URL: `${yt.base}/revoke`,
      YOUTUBE_API_URL: `${yt.base}/youtube/v3`,
      META_GRAPH_URL: meta.graphUrl,
      META_AUTH_URL: meta.authUrl,
      META_APP_ID: 'meta-app',
      META_APP_SECRET: 'meta-secret',
      // The admin points the sentiment model at the local stand-in: the SSRF-safe fetcher allows it only when the environment says so.
      SENTIMENT_LLM_ALLOW_HOSTS: new URL(llm.base).hostname,
    },
    { entry: SERVER_ENTRY },
  )
  const api = await playwright.request.newContext({ baseURL: BASE })
  browser = await launchChromium(playwright.chromium, 'document-user-activation-required')
  const context = await browser.newContext({ baseURL: BASE, acceptDownloads: true })
  await signUpCreator(api, context, 'moods', BASE)
  page = await context.newPage()
})

test.afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await yt?.close()
  await meta?.close()
  await llm?.close()
})

test('sentiment: link Google, search, pick three, analyse, change a comment, analyse again', async () => {
  await page.goto('/sentiment')
  await page.getByLabel('Search videos').fill('cozy')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('button', { name: 'Link Google' }).click()
  await expect(page).toHaveURL(/\/sentiment\?connected=youtube/)
  await page.getByLabel('Search videos').fill('cozy')
  await page.getByRole('button', { name: 'Search' }).click()
  for (const title of [
    'Cozy farming sim: first 100 days',
    'Cozy cracked speedrun',
    'Cozy stream with comments off',
  ])
    await page.getByLabel(`Pick ${title}`).check()
  await expect(page.getByTestId('plan-total')).toHaveText('4 units')
  await page.screenshot({ path: `${SHOTS}/sentiment-pick.png`, fullPage: true })
  await page.getByRole('button', { name: 'Analyse 3 videos' }).click()
  await expect(page.getByRole('heading', { name: 'Sentiment result' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('Comments are turned off on this video; skipped')).toBeVisible()
  await expect(page.getByText('slaps +3').first()).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/sentiment-result.png`, fullPage: true })

  // Nothing changed yet: analysing again would cost the one videos.list call only.
  await expect(page.getByTestId('again-plan')).toContainText(
    'costs 1 unit (1 for video statistics, 0 comment pages)',
  )
  // A viewer changes their mind and another one comments: the count moves, so the newest page is read again.
  yt.editComment('Qm7dR2xLp0A', 'c2', 'ok I take it back, the music is great')
  yt.addComment('Qm7dR2xLp0A', {
    id: 'c4',
    author: '@late',
    text: 'worst farming video ever',
    publishedAt: day(16),
  })
  await page.getByRole('button', { name: 'Analyse again' }).click()
  await expect(page.getByText('1 flipped · 1 new · 0 removed')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(/· 2 quota units/)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Flipped comments' })).toContainText(
    'ok I take it back, the music is great',
  )
  await page.screenshot({ path: `${SHOTS}/sentiment-diff.png`, fullPage: true })
})

test('admin sets a prompt and a model; the next run uses the model', async () => {
  const admin = await browser!.newPage({ baseURL: BASE })
  await adminSignIn(admin)
  await admin.goto('/admin/sentiment')
  await admin.getByLabel('Prompt').fill('Rate how the viewer feels about the video.')
  await admin.getByLabel('Model').fill('tiny-judge')
  await admin.getByLabel('Endpoint (OpenAI-compatible)').fill(llm.base)
  await admin.getByRole('button', { name: 'Save default setting' }).click()
  await expect(admin.getByText('Saved. New runs use this setting.')).toBeVisible()
  await expect(admin.getByRole('table', { name: 'Sentiment history' })).toContainText('moods')
  await admin.screenshot({ path: `${SHOTS}/admin-sentiment.png`, fullPage: true })

  await page.getByRole('button', { name: 'Analyse again' }).click()
  // The creator sees the model's reasons (the engine's name is shown to admins only).
  await expect(page.getByText('tone of the words (stand-in model)').first()).toBeVisible({ timeout: 20_000 })
  expect(llm.calls[0]).toMatchObject({
    model: 'tiny-judge',
    system: expect.stringContaining('Rate how the viewer feels'),
  })
  await admin.close()
})

test('meta: connect, pick a business and an ad account, see campaigns and insights, download the CSV', async () => {
  await page.goto('/meta-ads')
  await page.screenshot({ path: `${SHOTS}/meta-connect.png`, fullPage: true })
  await page.getByRole('button', { name: 'Connect Meta' }).click()
  await expect(page.getByText('Connected as Dana Northwind')).toBeVisible({ timeout: 15_000 })
  await page.getByRole('button', { name: 'Northwind Coffee Co.' }).click()
  await page.getByRole('button', { name: /Northwind Coffee - US/ }).click()
  await expect(page.getByText('Fall Roast Launch - Traffic')).toBeVisible()
  await page.getByRole('button', { name: 'Import insights (30 days)' }).click()
  await expect(page.getByTestId('import-note')).toContainText('Imported 90 rows: 90 new', { timeout: 20_000 })
  await page.getByRole('button', { name: 'Track this account' }).click()
  await expect(page.getByRole('button', { name: 'Tracked', exact: true })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/meta-insights.png`, fullPage: true })

  await page.goto('/meta-data-tracking')
  await expect(page.getByText('Northwind Coffee - US')).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const file = await (await download).path()
  const csv = fs.readFileSync(file, 'utf8').split('\r\n')
  expect(csv[0]).toBe(`\uFEFF${AD_ROW_COLUMNS.join(',')}`)
  expect(csv.filter(Boolean)).toHaveLength(91)
  await page.screenshot({ path: `${SHOTS}/meta-tracking.png`, fullPage: true })
  await page.goto('/google-ads')
  await expect(page.getByText('Linked as YT Streamer')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/google-ads.png`, fullPage: true })
})
