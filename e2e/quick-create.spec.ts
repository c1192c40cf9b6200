import fs from 'node:fs'
import { execFileSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { LOADING_PHRASES } from '@mouthpiece/contracts/constants'

// Quick Create as a visitor clicks it: a line becomes a talking-avatar video that plays in the page,
// downloads as an MP4, and opens for anyone through its share link (playwright.config.ts runs the
// real server, with its render workers, on a fresh database).
test('a visitor types a line, watches the video render and play, downloads it and shares it signed out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.goto('/landing#quick-create')
  const qc = page.locator('#quick-create')

  await qc.getByRole('radio', { name: /Max/ }).click()
  // The editor's background picker: a coral background.
  await qc
    .getByRole('radiogroup', { name: 'Background colour' })
    .getByRole('radio', { name: '#FF6A59' })
    .click()
  await qc.getByLabel('Your line').fill('Hello chat, this is my very first Mouthpiece video!')
  await qc.getByRole('button', { name: 'Generate video' }).click()

  // Live progress with the rotating loading phrases, then the video in the page.
  await expect(qc.getByRole('progressbar', { name: 'Render progress' })).toBeVisible()
  await expect(
    qc.getByText(new RegExp(LOADING_PHRASES.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'))),
  ).toBeVisible()
  const video = qc.getByTestId('render-video')
  await expect(video).toBeVisible({ timeout: 90_000 })
  await expect(video.locator('track[kind=captions]')).toHaveCount(1)
  await video.evaluate((v: HTMLVideoElement) => (v.paused ? v.play().catch(() => undefined) : undefined))
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => !v.error && v.currentTime > 0.3), { timeout: 15_000 })
    .toBe(true)

  // Download the MP4.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    qc.getByRole('link', { name: 'Download MP4' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^video_id_[0-9a-f-]{36}\.mp4$/)
  const bytes = fs.readFileSync(await download.path())
  expect(bytes.length).toBeGreaterThan(20_000)
  expect(bytes.subarray(4, 8).toString('ascii')).toBe('ftyp')
  // The picked background fills the frame's corner.
  const corner = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    '0.5',
    '-i',
    await download.path(),
    '-frames:v',
    '1',
    '-vf',
    'crop=8:8:0:0',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-',
  ])
  expect(
    Math.abs(corner[0]! - 0xff) + Math.abs(corner[1]! - 0x6a) + Math.abs(corner[2]! - 0x59),
  ).toBeLessThan(30)

  // Copy the share link and open it in a fresh, signed-out browser.
  const copy = qc.getByRole('button', { name: 'Copy share link' })
  const shareUrl = await copy.getAttribute('data-share-url')
  expect(shareUrl).toMatch(/\/video-sharing\/[0-9a-f-]{36}$/)
  // "Link copied" shows for 2.5 s: watch for it from before the click.
  const copied = expect(qc.getByRole('button', { name: 'Link copied' })).toBeVisible()
  await copy.click()
  await copied

  const stranger = await browser.newContext()
  const shared = await stranger.newPage()
  await shared.goto(shareUrl!)
  await expect(shared.getByRole('heading', { level: 1 })).toHaveText(
    'Hello chat, this is my very first Mouthpiece video!',
  )
  await expect(shared.getByText('Spoken by')).toContainText('Max')
  const sharedVideo = shared.getByTestId('render-video')
  await expect(sharedVideo).toBeVisible()
  await sharedVideo.evaluate((v: HTMLVideoElement) => v.play().catch(() => undefined))
  await expect
    .poll(() => sharedVideo.evaluate((v: HTMLVideoElement) => !v.error && v.currentTime > 0.3), {
      timeout: 15_000,
    })
    .toBe(true)
  await stranger.close()
})
