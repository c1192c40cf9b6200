import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { CHROMIUM_ARGS, E2E_ADMIN } from './support'

// Photo capture at the booth kiosk: the attendee opens the camera (Chromium's fake camera plays a
// real portrait), the countdown takes the shot, they retake it, agree to its use, and their clip
// is made with their own face as the talking photo.

const SHOTS = 'test-results/screens'
const CAMERA = 'test-results/booth-camera.y4m'
if (!fs.existsSync(CAMERA)) {
  fs.mkdirSync('test-results', { recursive: true })
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1'],
    ...['-i', 'packages/media/fixtures/portrait-1024.jpg', '-t', '1', '-r', '10'],
    ...['-vf', 'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2'],
    ...['-pix_fmt', 'yuv420p', CAMERA],
  ])
}

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA}`,
    ],
  },
})

test('an attendee takes their photo at the kiosk and it greets them in their clip', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN })
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
  const made = await request.post('/api/admin/conference-events', {
    headers,
    data: {
      name: 'Photo Booth Live',
      starts_on: '2026-11-20',
      ends_on: '2026-12-22',
      consent_text: 'I agree that Mouthpiece stores my name and email to send me this video.',
      greeting_template: 'Hey {name}, welcome to Photo Booth Live!',
      influencer_id: 'streamer',
      voice_id: 'espeak:en-us+f3',
      fields: [],
    },
  })
  expect(made.ok(), await made.text()).toBe(true)
  const { event } = (await made.json()) as { event: { id: number } }

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/twitchcon/${event.id}`)
  await page.getByLabel('Your name or handle').fill('Dana')
  await page.getByLabel('Email (we send your video here)').fill('dana@example.com')
  await page.getByRole('button', { name: 'Take my photo' }).click()
  const camera = page.getByTestId('booth-camera')
  await expect.poll(() => camera.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Take photo' }).click()
  await expect(page.getByTestId('booth-countdown')).toHaveText('Smile! Photo in 3…')
  await page.screenshot({ path: `${SHOTS}/booth-photo-countdown.png`, fullPage: true })
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible({ timeout: 6000 })
  await page.getByRole('button', { name: 'Retake' }).click()
  await page.getByRole('button', { name: 'Take photo' }).click()
  await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible({ timeout: 6000 })
  await page.getByRole('checkbox', { name: /my photo is used/ }).check()
  await page.getByRole('checkbox', { name: /stores my name/ }).check()
  await page.screenshot({ path: `${SHOTS}/booth-photo-taken.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/booth-photo-taken-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('button', { name: 'Make my video' }).click()

  await expect(page.getByText('“Hey Dana, welcome to Photo Booth Live!”')).toBeVisible()
  const clip = page.getByTestId('booth-video')
  await expect(clip).toBeVisible({ timeout: 60_000 })
  await expect
    .poll(() => clip.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2)
  await clip.evaluate(async (v: HTMLVideoElement) => {
    v.pause()
    v.currentTime = 1
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }))
  })
  await page.screenshot({ path: `${SHOTS}/booth-photo-clip.png`, fullPage: true })
})
