import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { launchChromium, signUpCreator } from './support'

// Run with E2E_PORT=4290. The four SPEC §2 test pages (apps/web/src/features/test-pages), each used
// once as a creator would: make a GIF avatar, edit an image, fire a test alert and watch the overlay
// embedded in the page, read the levels of an uploaded recording.

test.use({ trace: 'off', screenshot: 'off' })

/** 16-bit mono WAV: one second in four quarters of a 220 Hz tone at these amplitudes. */
function wav(amps: number[], rate = 16_000): Buffer {
  const n = rate
  const out = Buffer.alloc(44 + n * 2)
  out.write('RIFF', 0)
  out.writeUInt32LE(36 + n * 2, 4)
  out.write('WAVEfmt ', 8)
  out.writeUInt32LE(16, 16)
  out.writeUInt16LE(1, 20)
  out.writeUInt16LE(1, 22)
  out.writeUInt32LE(rate, 24)
  out.writeUInt32LE(rate * 2, 28)
  out.writeUInt16LE(2, 32)
  out.writeUInt16LE(16, 34)
  out.write('data', 36)
  out.writeUInt32LE(n * 2, 40)
  for (let i = 0; i < n; i++)
    out.writeInt16LE(
      Math.round(32767 * amps[Math.floor((i * amps.length) / n)]! * Math.sin((2 * Math.PI * 220 * i) / rate)),
      44 + i * 2,
    )
  return out
}

test('a creator uses each test page once: GIF avatar, image editor, Twitch alert, wave form', async ({
  playwright,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000)
  // OBS plays alert sound without a click; so does the overlay embedded in the page here.
  const browser = await launchChromium(playwright.chromium, 'no-user-gesture-required')
  const context = await browser.newContext({ baseURL, acceptDownloads: true })
  const page = await context.newPage()
  await signUpCreator(request, context, 'tools')
  const shot = (name: string) =>
    page.screenshot({ path: `test-results/test-pages-${name}.png`, fullPage: true })

  // GIF avatar: a line said by the default influencer, as a GIF the page shows and offers to download.
  await page.goto('/page-for-test/gif-avatar')
  await expect(page.getByRole('heading', { name: 'GIF avatar' })).toBeVisible()
  await page.getByLabel('Size').selectOption('128')
  await page.getByLabel('Line to say (optional)').fill('Thanks for the follow!')
  await page.getByRole('button', { name: 'Make GIF' }).click()
  const gif = page.getByRole('img', { name: 'GIF avatar' })
  await expect(gif).toBeVisible({ timeout: 30_000 })
  await expect.poll(() => gif.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128)
  await expect(page.getByText(/gif_avatar_[0-9a-f]{32} · \d+ frames/)).toBeVisible()
  await shot('gif-avatar')

  // Image editor: a 600×400 picture rotated, cropped square for an avatar, then 16:9 for a background.
  await page.getByRole('link', { name: 'Image editor' }).click()
  await expect(page.getByRole('heading', { name: 'Image editor' })).toBeVisible()
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2d6cdf' } })
    .png()
    .toBuffer()
  await page.getByLabel('Image file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByText('Output 512 × 512')).toBeVisible()
  await page.getByRole('button', { name: 'Rotate right' }).click()
  await page.getByLabel('Use').selectOption('background')
  await expect(page.getByText('Output 1280 × 720')).toBeVisible()
  await expect
    .poll(() => page.getByTestId('edited-image').evaluate((c: HTMLCanvasElement) => [c.width, c.height]))
    .toEqual([1280, 720])
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PNG' }).click()
  expect((await download).suggestedFilename()).toBe('photo-1280x720.png')
  await shot('image-editor')

  // Twitch alert: the overlay opens in its own window; a test alert fired here plays on it.
  await page.getByRole('link', { name: 'Twitch alert' }).click()
  await expect(page.getByRole('heading', { name: 'Twitch alert test' })).toBeVisible()
  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Open overlay window' }).click()
  const overlay = await popup
  await expect(overlay.getByTestId('overlay')).toHaveAttribute('data-link', 'open', { timeout: 20_000 })
  const form = page.getByRole('form', { name: 'Test alert' })
  await form.getByLabel('From').fill('Grace')
  await form.getByLabel('Message').fill('Testing my overlay from the test page.')
  await form.getByRole('button', { name: 'Send test alert' }).click()
  const card = overlay.getByTestId('alert-card')
  await expect(card).toContainText('Grace', { timeout: 30_000 })
  await shot('twitch-alert')
  await overlay.screenshot({ path: 'test-results/test-pages-twitch-alert-overlay.png' })
  await expect(overlay.getByTestId('overlay')).toHaveAttribute('data-phase', 'idle', { timeout: 30_000 })
  await overlay.close()

  // Wave form: a recording with a quiet, a spoken, a loud and a clipping quarter.
  await page.getByRole('link', { name: 'Wave form' }).click()
  await expect(page.getByRole('heading', { name: 'Wave form' })).toBeVisible()
  await page
    .getByLabel('Audio file')
    .setInputFiles({ name: 'take.wav', mimeType: 'audio/wav', buffer: wav([0.0002, 0.003, 0.03, 0.6]) })
  await expect(page.getByTestId('waveform')).toBeVisible()
  await expect(page.getByTestId('wave-summary')).toContainText('take.wav · 1.00 s')
  for (const band of ['silence', 'speech', 'yellow', 'red']) {
    const share = Number((await page.getByTestId(`share-${band}`).textContent())?.replace('%', ''))
    expect(share, band).toBeGreaterThanOrEqual(22)
    expect(share, band).toBeLessThanOrEqual(28)
  }
  await shot('wave-form')
  await page.setViewportSize({ width: 390, height: 844 })
  await shot('wave-form-mobile')
  await browser.close()
})
