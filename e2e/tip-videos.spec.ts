import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { launchChromium, signUpCreator } from './support'

// Tip videos end to end: "Make video" in the Activity Feed renders through the real jobs, the
// result plays in the page and, on "Play on stream", on the overlay (which acknowledges it); the
// avatar setup modal previews a setup as a short video. Screenshots go to TIP_VIDEO_SHOTS when set.

const SHOTS = process.env.TIP_VIDEO_SHOTS

test.use({ trace: 'off' })
test.setTimeout(180_000)

async function shot(page: Page, name: string, width: number, fullPage = false) {
  if (!SHOTS) return
  await page.setViewportSize({ width, height: width > 500 ? 800 : 844 })
  await page.waitForTimeout(500)
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage })
}

test('a tip becomes a video in the Activity Feed, plays in the page and on the overlay; a setup previews as a video', async ({
  playwright,
  request,
  baseURL,
}) => {
  const browser = await launchChromium(playwright.chromium, 'no-user-gesture-required')
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 } })
  const { username, headers, overlayUrl } = await signUpCreator(request, context, 'vid')

  // A setup and a $5 test tip it speaks; then a second, plain alert so the feed has more than one row.
  const setup = (await (
    await request.post('/api/donation/avatar-setup/create', {
      headers,
      data: {
        name: 'Big tips',
        price: 5,
        voice: 'espeak:en-us+f3',
        donation_avatar: { influencer_id: 'streamer' },
      },
    })
  ).json()) as { setup: { id: number } }
  const fired = (await (
    await request.get(`/api/donation/avatar-setup/${setup.setup.id}/test-alert`, { headers })
  ).json()) as { tip: { id: number } }
  await request.post('/api/donation/twitch/test-bits', {
    headers,
    data: { bits: 250, message: 'Clutch play!' },
  })

  const overlay = await context.newPage()
  await overlay.setViewportSize({ width: 1280, height: 720 })
  await overlay.goto(new URL(overlayUrl).pathname + new URL(overlayUrl).search)
  await expect(overlay.getByTestId('overlay')).toHaveAttribute('data-link', 'open')

  const page = await context.newPage()
  await page.goto(`/${username}/tip`)
  const table = page.getByRole('table', { name: 'Activity Feed' })
  const row = table.getByRole('row').filter({ hasText: 'TestTipper' })
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'Make video' }).click()
  await expect(row.getByRole('progressbar', { name: 'Video progress' })).toBeVisible()
  await shot(page, 'activity-feed-rendering', 1366)
  await expect(row.getByRole('button', { name: 'Watch video' })).toBeVisible({ timeout: 90_000 })
  await shot(page, 'activity-feed', 1366)
  await shot(page, 'activity-feed', 390, true)
  await page.setViewportSize({ width: 1366, height: 800 })

  await row.getByRole('button', { name: 'Watch video' }).click()
  const dialog = page.getByRole('dialog')
  const player = dialog.getByTestId('render-video')
  await expect(player).toBeVisible()
  await expect
    .poll(() => player.evaluate((v) => (v as HTMLVideoElement).readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2)
  await shot(page, 'tip-video-modal', 1366)
  await shot(page, 'tip-video-modal', 390)
  await page.setViewportSize({ width: 1366, height: 800 })

  // Play on stream: the overlay plays the MP4 (no live avatar card) and reports it played.
  await dialog.getByRole('button', { name: 'Play on stream' }).click()
  const video = overlay.getByTestId('alert-video')
  await expect(video).toBeVisible({ timeout: 15_000 })
  await expect(overlay.getByTestId('alert-card')).toHaveCount(0)
  await expect
    .poll(() => video.evaluate((v) => (v as HTMLVideoElement).currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5)
  if (SHOTS) await overlay.screenshot({ path: `${SHOTS}/overlay-video-1280.png` })
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/donation/tips/videos?tip_ids=${fired.tip.id}`, { headers })
        return ((await res.json()) as { videos: Array<{ play_state: string }> }).videos[0]?.play_state
      },
      { timeout: 20_000 },
    )
    .toBe('played')
  await expect(video).toBeHidden({ timeout: 10_000 })
  await page.keyboard.press('Escape')

  // The avatar setup modal previews the setup as a short video.
  await page.goto('/donation-settings')
  await page
    .getByRole('listitem', { name: 'Avatar setup Big tips' })
    .getByRole('button', { name: 'Edit' })
    .click()
  const modal = page.getByRole('dialog', { name: /Edit/ })
  await modal.getByRole('button', { name: 'Preview video' }).click()
  await expect(modal.getByRole('progressbar', { name: 'Render progress' })).toBeVisible()
  await shot(page, 'setup-modal-rendering', 1366)
  const preview = modal.getByTestId('render-video')
  await expect(preview).toBeVisible({ timeout: 90_000 })
  await expect
    .poll(() => preview.evaluate((v) => (v as HTMLVideoElement).readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2)
  await shot(page, 'setup-modal', 1366)
  await shot(page, 'setup-modal', 390)
  await preview.scrollIntoViewIfNeeded()
  await shot(page, 'setup-modal-player', 390)
  await browser.close()
})
