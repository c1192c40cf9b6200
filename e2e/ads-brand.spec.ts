import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import type { Browser, Page } from '@playwright/test'
import { startServerProcess } from '../apps/server/test/server-process'
import type { ServerProcess } from '../apps/server/test/server-process'
import { BRAND_SITE, startBrandSite } from '../apps/server/src/modules/ads/testing/brand-site'
import type { BrandSite } from '../apps/server/src/modules/ads/testing/brand-site'
import {
  adminSignIn,
  launchChromium,
  registerInUi,
  userToken,
  SERVER_ENTRY,
  ownServerEnv,
  freshDataDir,
} from './support'

/**
 * Issue 11 as a new creator clicks it: read a brand from a local test site (HTML + CSS + logos +
 * fonts), watch the progress, review each value with its source, fix a colour, save; make an ad
 * project. Runs its own server: the test site is on localhost, reachable only through the SSRF
 * client's test allow-list (NODE_ENV=test + SAFE_FETCH_ALLOW_HOSTS).
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 50
const BASE = `http://localhost:${PORT}`
const DATA_DIR = `.tmp/e2e-ads-${PORT}`
const SHOTS = '.tmp/shots-ads'
/** The photo-avatar test portrait: an ad avatar is made from it. */
const PORTRAIT = 'packages/media/fixtures/portrait-1024.jpg'

test.use({ trace: 'off', screenshot: 'off' })
test.describe.configure({ mode: 'serial' })

let site: BrandSite
let server: ServerProcess | undefined
let browser: Browser | undefined
let page: Page

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000)
  site = await startBrandSite()
  freshDataDir(DATA_DIR)
  fs.mkdirSync(SHOTS, { recursive: true })
  server = await startServerProcess(
    {
      NODE_ENV: 'test',
      SAFE_FETCH_ALLOW_HOSTS: 'localhost',
      ...ownServerEnv(PORT, DATA_DIR),
    },
    { entry: SERVER_ENTRY },
  )
  browser = await launchChromium(playwright.chromium, 'no-user-gesture-required')
  const context = await browser.newContext({ baseURL: BASE })
  page = await context.newPage()
})

test.afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await site?.close()
})

test('a new creator reads a brand from their site, fixes a colour and saves', async () => {
  await registerInUi(page, 'brandy')
  await page.goto('/dashboard/branding')
  await expect(page.getByText('No brands yet.')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/branding-empty.png`, fullPage: true })

  // A private address is refused at once, with the message.
  await page.getByLabel('Site address').fill('http://169.254.169.254/latest/meta-data/')
  await page.getByRole('button', { name: 'Read brand' }).click()
  await expect(
    page.getByText(
      'This link points to a private or local address, which is not allowed. Please use a public link.',
    ),
  ).toBeVisible()

  await page.getByLabel('Site address').fill(`${site.url}/`)
  await page.getByRole('button', { name: 'Read brand' }).click()
  await expect(page.getByRole('progressbar', { name: 'Reading the site' })).toBeVisible()
  // The kit opens once the scrape is done: name and description, with where they came from.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(BRAND_SITE.name, { timeout: 30_000 })
  await expect(page.getByText('Done', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue(BRAND_SITE.description)
  await expect(page.getByText('from og:site_name · 95%')).toBeVisible()

  // Logos measured from the files (the markup lies about sizes), the inline SVG primary.
  await expect(page.getByTestId('brand-logo').first()).toContainText('240×80')
  await expect(page.getByTestId('brand-logo').first()).toContainText('Primary')
  await expect(page.getByTestId('brand-logo').filter({ hasText: '512×512' })).toBeVisible()
  await expect(page.getByTestId('brand-logo').first().locator('img')).toHaveJSProperty('naturalWidth', 240)

  // Colours with their sources; contrast pairs say which work for body text.
  const secondary = page.getByTestId('brand-colour').filter({ hasText: 'from css --brand-secondary' })
  await expect(secondary).toBeVisible()
  await expect(
    page.getByTestId('contrast-pair').filter({ hasText: `${BRAND_SITE.text} on #FFFFFF` }),
  ).toContainText('Body text')
  await expect(page.getByTestId('brand-font').filter({ hasText: 'Acme Display' })).toContainText('TTF')
  await expect(page.getByTestId('brand-font').filter({ hasText: 'Acme Script' })).toContainText('WOFF2')
  await page.screenshot({ path: `${SHOTS}/branding-review.png`, fullPage: true })

  // Fix the secondary colour: it becomes the creator's own value.
  const hex = secondary.getByLabel(/Hex of/)
  await hex.fill('#123456')
  await hex.press('Enter')
  await expect(
    page.getByTestId('brand-colour').filter({ has: page.locator('input[value="#123456"]') }),
  ).toContainText('yours')

  // The brand's voice: ad videos speak in it.
  const voice = page.getByLabel('Voice', { exact: true })
  await voice.selectOption({ index: 1 })
  const voiceId = await voice.inputValue()
  await page.getByRole('button', { name: 'Save brand' }).click()
  await expect(page.getByText('Brand saved')).toBeVisible()
  await expect(page.getByText('Every value reviewed')).toBeVisible()
  await page.reload()
  await expect(
    page.getByTestId('brand-colour').filter({ has: page.locator('input[value="#123456"]') }),
  ).toBeVisible()
  await expect(page.getByText('· check')).toHaveCount(0)
  await expect(page.getByLabel('Voice', { exact: true })).toHaveValue(voiceId)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/branding-mobile.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
})

test('the creator starts an ad project with the brand, makes 9:16 and 1:1 avatar videos in the brand voice and plays them; the admin sees it all', async () => {
  test.setTimeout(300_000)
  // An admin adds an ad avatar from a portrait (a picture with nobody in it is refused); the creator picks it below.
  const admin = await browser!.newContext({ baseURL: BASE })
  const adminPage = await admin.newPage()
  await adminSignIn(adminPage)
  await adminPage.goto('/admin/ad-avatars')
  await expect(adminPage.getByText('No ad avatars yet.')).toBeVisible()
  await adminPage.getByLabel('Name', { exact: true }).fill('Maya')
  const wall = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#FF6B57' } })
    .png()
    .toBuffer()
  await adminPage
    .getByLabel('Portrait', { exact: true })
    .setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: wall })
  await adminPage.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(
    adminPage.getByText(
      'We could not find a face in this photo. Please upload a clear, front-facing portrait.',
    ),
  ).toBeVisible()
  await adminPage.getByLabel('Portrait', { exact: true }).setInputFiles(PORTRAIT)
  await adminPage.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(adminPage.getByText(/Talking photo · 68 face points/)).toBeVisible()
  await adminPage.screenshot({ path: `${SHOTS}/admin-ad-avatars.png`, fullPage: true })

  await page.goto('/dashboard/branding')
  const brandId = Number(new URL(page.url()).searchParams.get('brand') ?? 0)
  expect(brandId >= 0).toBe(true)
  await page.goto('/dashboard/project/999999#ad')
  await expect(page.getByText('Ad project not found')).toBeVisible()
  await page.getByLabel('Ad project name').fill('Spring launch')
  await page.getByRole('button', { name: 'New ad project' }).click()
  await expect(page).toHaveURL(/\/dashboard\/project\/\d+#ad$/)
  await expect(page.getByRole('heading', { name: 'Spring launch' })).toBeVisible()
  await page.getByLabel('Story 9:16').first().check()
  await page.getByLabel('Ad copy').fill('Fresh beans, every morning.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Ad project saved')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/ad-project.png`, fullPage: true })

  // Ad video: pick the ad avatar; the project's video placements (1:1 and 9:16) come picked; read the
  // copy in the brand's voice, one video per placement, and play them.
  const maya = page.getByRole('button', { name: 'Ad avatar Maya' })
  await expect
    .poll(() => maya.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
    .toBeGreaterThan(0) // its talking photo
  await maya.click()
  const picks = page.getByRole('group', { name: 'Video placements (one video each)' })
  await expect(picks.getByLabel('Square 1:1')).toBeChecked()
  await expect(picks.getByLabel('Portrait 4:5')).not.toBeChecked()
  await picks.getByLabel('Story 9:16').check()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('Fresh beans, every morning.').last()).toBeVisible()
  await page.getByRole('button', { name: 'Make 2 videos' }).click()
  const sizeOf = async (label: string) => {
    const player = page.getByTestId('ad-video').filter({ hasText: label }).locator('video')
    await expect(player).toBeVisible({ timeout: 180_000 })
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1)
    return player.evaluate((v: HTMLVideoElement) => ({ w: v.videoWidth, h: v.videoHeight }))
  }
  const size = await sizeOf('Story 9:16')
  expect(size.h / size.w).toBeCloseTo(16 / 9, 1)
  expect(await sizeOf('Square 1:1')).toEqual({ w: 720, h: 720 })
  const video = page.getByTestId('ad-video').filter({ hasText: 'Story 9:16' }).locator('video')
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true
    return v.play()
  })
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.2)
  await page.screenshot({ path: `${SHOTS}/ad-video.png`, fullPage: true })

  await adminPage.goto('/admin/ad-projects')
  await expect(adminPage.getByRole('link', { name: 'Spring launch' })).toBeVisible()
  await adminPage.screenshot({ path: `${SHOTS}/admin-ad-projects.png`, fullPage: true })
  await adminPage.getByRole('link', { name: 'Spring launch' }).click()
  await expect(adminPage.getByText('Fresh beans, every morning.')).toBeVisible()
  await adminPage.goto('/admin/site-scraper')
  await expect(adminPage.getByText(`${site.url}/`).first()).toBeVisible()
  await expect(adminPage.getByText('completed').first()).toBeVisible()
  await adminPage.screenshot({ path: `${SHOTS}/admin-site-scraper.png`, fullPage: true })
  await adminPage.goto('/admin/ad-generations')
  await expect(adminPage.getByRole('link', { name: 'Spring launch' })).toHaveCount(2)
  await expect(adminPage.getByText(/ad avatar Maya · 1:1 · read/)).toBeVisible()
  await expect(adminPage.getByText('Completed').first()).toBeVisible()
  await expect(adminPage.getByText(/ad avatar Maya/).first()).toBeVisible()
  await adminPage.screenshot({ path: `${SHOTS}/admin-ad-generations.png`, fullPage: true })

  await admin.close()
})

// The brand's heading font (Acme Display, not one of the 15 caption fonts) comes from the brand's
// own file in the browser's ad editor too, as the renderer draws it, instead of Roboto.
test('the ad canvas editor previews the brand font from its uploaded file', async () => {
  test.setTimeout(120_000)
  await expect(page).toHaveURL(/\/dashboard\/project\/\d+#ad$/)
  const projectId = Number(/project\/(\d+)/.exec(page.url())![1])
  const token = await userToken(page)
  const made = await page.evaluate(
    async ({ projectId, token }) => {
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const brands = (await (await fetch('/api/ads/brands', { headers: auth })).json()) as {
        brands: Array<{ id: number }>
      }
      const res = await fetch('/api/ads/image-generations', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          project_id: projectId,
          brand_id: brands.brands[0]!.id,
          headline: 'Fresh beans, every morning',
          count: 1,
        }),
      })
      return res.status
    },
    { projectId, token },
  )
  expect(made).toBe(200)
  await page.reload()
  const flow = page.locator('#ad-images')
  const card = flow.getByRole('article').first()
  await expect(card.getByRole('img')).toBeVisible({ timeout: 60_000 })
  await card.getByRole('button', { name: 'Edit' }).click()
  await expect(flow.getByTestId('ad-canvas')).toBeVisible()
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.fonts].some(
            (f) => f.family.replace(/"/g, '') === 'Acme Display' && f.status === 'loaded',
          ),
        ),
      { timeout: 15_000 },
    )
    .toBe(true)
  await page.screenshot({ path: `${SHOTS}/ad-canvas-brand-font.png`, fullPage: true })
})
