import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { PROBE, expectVoiceStarted } from './overlay-probe'
import { launchChromium, registerInUi, signUpCreator } from './support'

const PORTRAIT = fileURLToPath(new URL('../packages/media/fixtures/portrait-1024.jpg', import.meta.url))

// A new user turns a portrait into a talking photo avatar: the server finds the face, the page
// shows its landmarks, one is dragged and saved, the preview speaks, and Quick Create renders it.
test('upload a portrait, see and fix its landmarks, hear it speak, make a video with it', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await registerInUi(page, 'photo')
  await page.goto('/avatar-editor')
  await page.getByRole('tab', { name: 'Photo avatar' }).click()
  await page.getByLabel('Portrait photo').setInputFiles(PORTRAIT)

  const landmarks = page.getByRole('group', { name: 'Face landmarks' })
  await expect(landmarks.locator('circle')).toHaveCount(68, { timeout: 60_000 })
  await page.screenshot({ path: test.info().outputPath('photo-avatar-editor.png'), fullPage: true })

  // Drag the chin point 20 px down and save it.
  const chin = landmarks.locator('circle[data-landmark="8"]')
  const before = Number(await chin.getAttribute('cy'))
  const box = (await chin.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 20, { steps: 5 })
  await page.mouse.up()
  await expect.poll(async () => Number(await chin.getAttribute('cy'))).toBeGreaterThan(before + 20)
  const after = Number(await chin.getAttribute('cy'))
  await page.getByRole('button', { name: 'Save points' }).click()
  await expect(page.getByText('Points saved')).toBeVisible()
  const saved = await page.evaluate(
    async () =>
      (await (await fetch('/api/custom-avatar')).json()) as {
        avatars: Array<{ look: { photo?: { landmarks: number[][] } } }>
      },
  )
  expect(saved.avatars[0]!.look.photo!.landmarks[8]![1]).toBeCloseTo(after, 0)

  // Remove the background for a plain green: the server cuts the person out once; the preview
  // (packages/avatar, as renders and the overlay) draws the cut-out over the colour.
  const preview = page.getByRole('img', { name: 'Photo avatar preview' })
  await page.getByText('Remove it: plain colour').click()
  await page.getByLabel('Background colour').fill('#22aa44')
  await page.getByRole('button', { name: 'Apply background' }).click()
  await expect(page.getByText('Background removed')).toBeVisible({ timeout: 60_000 })
  const cut = await page.evaluate(
    async () =>
      (await (await fetch('/api/custom-avatar')).json()) as {
        avatars: Array<{ look: { photo?: { background?: { mode: string; color?: string } } } }>
      },
  )
  expect(cut.avatars[0]!.look.photo!.background).toEqual({ mode: 'color', color: '#22aa44' })
  // Where the photo's background was (a top corner of the portrait box) the preview is now green.
  await expect
    .poll(
      () =>
        preview.evaluate((c: HTMLCanvasElement) => {
          const k = c.width / 256
          const [r, g, b] = c
            .getContext('2d')!
            .getImageData(Math.round(24 * k), Math.round(24 * k), 1, 1).data
          return Math.abs(r! - 0x22) < 30 && Math.abs(g! - 0xaa) < 30 && Math.abs(b! - 0x44) < 30
        }),
      { timeout: 20_000 },
    )
    .toBe(true)
  await page.screenshot({
    path: test.info().outputPath('photo-avatar-background-removed.png'),
    fullPage: true,
  })

  // The preview speaks: audio plays and the canvas changes while it does.
  // The admission gate answers 503 "busy" when the machine is saturated (it asks callers to retry): retry as a person would.
  for (let attempt = 0; attempt < 4; attempt++) {
    const answer = page.waitForResponse((r) => r.url().includes('/api/voices/preview'), { timeout: 60_000 })
    await page.getByRole('button', { name: 'Say hello' }).click()
    if ((await answer).status() !== 503) break
    await page.waitForTimeout(3000)
  }
  const audio = page.getByTestId('preview-audio')
  await expect(audio).toHaveCount(1, { timeout: 30_000 })
  // Headless Chromium may refuse the page's own play() after the request; start it as the quick-create spec does.
  await audio.evaluate((a: HTMLAudioElement) =>
    a.paused && !a.ended ? a.play().catch(() => undefined) : undefined,
  )
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime > 0.2 || a.ended), { timeout: 20_000 })
    .toBe(true)
  const frame = () => preview.evaluate((c: HTMLCanvasElement) => c.toDataURL())
  // Played from the start again: a ~2 s greeting may have ended while a slow machine got here.
  await audio.evaluate((a: HTMLAudioElement) => {
    a.currentTime = 0
    return a.play().catch(() => undefined)
  })
  const first = await frame()
  await expect.poll(frame, { timeout: 5_000 }).not.toBe(first)
  await page.screenshot({ path: test.info().outputPath('photo-avatar-speaking.png'), fullPage: true })

  // Quick Create: the photo avatar is in the picker; the video renders.
  await page.goto('/landing#quick-create')
  const qc = page.locator('#quick-create')
  await qc.getByRole('radio', { name: /My photo avatar/ }).click()
  await qc.getByLabel('Your line').fill('Hi chat, this is my talking photo!')
  await qc.getByRole('button', { name: 'Generate video' }).click()
  const video = qc.getByTestId('render-video')
  await expect(video).toBeVisible({ timeout: 120_000 })
  await page.screenshot({ path: test.info().outputPath('photo-avatar-quick-create.png'), fullPage: true })
})

// Voice cloning: upload a sample of a voice (made here by the app's own speech), confirm it is
// mine, save the personal voice and hear it; a 2 s sample is refused with a clear message.
test('upload a voice sample, save a personal voice, hear its preview', async ({ page }) => {
  test.setTimeout(180_000)
  await registerInUi(page, 'voice')
  const speak = async (text: string) => {
    const res = await page.request.post('/api/voices/preview', {
      data: { text, voice_id: 'espeak:en-us+m3' },
    })
    expect(res.ok()).toBe(true)
    const wav = Buffer.from(((await res.json()) as { audio: string }).audio.split(',')[1]!, 'base64')
    const file = test.info().outputPath(`${text.length}.wav`)
    fs.writeFileSync(file, wav)
    return file
  }
  await page.goto('/voice-editor')
  const card = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'My voices' }) })
    .last()

  await page.getByLabel('Voice sample').setInputFiles(await speak('Hi there.'))
  await expect(
    page.getByRole('alert').filter({ hasText: /Please record or upload at least 6 seconds/ }),
  ).toBeVisible({ timeout: 30_000 })

  await page
    .getByLabel('Voice sample')
    .setInputFiles(
      await speak(
        'Hello everyone, this is my own voice. I am recording a few sentences so the app can learn how I sound when I talk.',
      ),
    )
  await expect(page.getByText(/Sample ready: \d+\.\d s\./)).toBeVisible({ timeout: 30_000 })
  await page.getByLabel(/This is my own voice/).check()
  await page.getByRole('button', { name: 'Save personal voice' }).click()
  const row = page.getByTestId('personal-voice')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('voice match (offline)')
  await row.getByRole('button', { name: 'Listen' }).click()
  const audio = page.getByTestId('personal-voice-audio')
  await expect(audio).toHaveCount(1, { timeout: 30_000 })
  await audio.evaluate((a: HTMLAudioElement) =>
    a.paused && !a.ended ? a.play().catch(() => undefined) : undefined,
  )
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime > 0.2 || a.ended), { timeout: 20_000 })
    .toBe(true)
  // The editor now speaks with it.
  await expect(page.locator('select').first()).toHaveValue(/^personal:\d+$/)
  await card.screenshot({ path: test.info().outputPath('personal-voices.png') })
  await page.screenshot({ path: test.info().outputPath('voice-editor.png'), fullPage: true })

  // One voice library: the same voice is offered first in Quick Create's picker; a video asks for it.
  await page.goto('/landing#quick-create')
  const qc = page.locator('#quick-create')
  const picker = qc.getByRole('combobox', { name: 'Voice', exact: true })
  const mine = picker.locator('optgroup[label="My voices"] option')
  await expect(mine).toHaveCount(1)
  await expect(mine).toContainText('voice match (offline)')
  const voiceId = (await mine.getAttribute('value'))!
  expect(voiceId).toMatch(/^personal:\d+$/)
  await picker.selectOption(voiceId)
  await qc.getByRole('button', { name: 'Browse voices' }).click()
  await expect(qc.getByTestId('library-voice').first()).toHaveAttribute('aria-current', 'true')
  // espeak's test and novelty variants are not offered, even among "more voices".
  await qc.getByRole('button', { name: /^More voices/ }).click()
  await expect(
    qc.getByTestId('library-voice').filter({ hasText: /fast_test|RicishayMax|Half-Life/ }),
  ).toHaveCount(0)
  await qc.getByRole('button', { name: 'Fewer voices' }).click()
  await qc.getByTestId('library-voice').first().scrollIntoViewIfNeeded()
  await qc.getByTestId('voice-library').screenshot({ path: test.info().outputPath('voice-library.png') })
  await qc.getByLabel('Your line').fill('Hi chat, this is my own voice.')
  const asked = page.waitForRequest((r) => r.url().endsWith('/api/quick-create') && r.method() === 'POST')
  await qc.getByRole('button', { name: 'Generate video' }).click()
  const request = await asked
  expect(request.postDataJSON()).toMatchObject({ voice_id: voiceId })
  expect((await request.response())?.status()).toBe(200)
})

// The OBS overlay speaks an alert with the photo avatar an alert setup picked: the portrait is drawn
// (not the cartoon), and the mouth region of the canvas changes while the voice plays.
test('an alert setup with the photo avatar: the overlay draws the photo and its mouth moves with the voice', async ({
  playwright,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const browser = await launchChromium(playwright.chromium, 'no-user-gesture-required')
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const { overlayUrl, headers } = await signUpCreator(request, context, 'obsphoto')
  const uploaded = await request.post('/api/custom-avatar/photo', {
    // Background removed for a plain green: the overlay draws the cut-out over it.
    headers,
    multipart: {
      name: 'Stream face',
      background: 'color',
      background_color: '#22aa44',
      file: { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PORTRAIT) },
    },
  })
  expect(uploaded.ok()).toBe(true)

  // The setup is made in the page: the avatar picker offers the photo avatar first.
  await page.goto('/donation-settings')
  await page.getByRole('button', { name: 'New setup' }).click()
  const modal = page.getByRole('dialog')
  await modal.getByLabel('Name').fill('Photo tier')
  await modal.getByRole('radio', { name: /Stream face/ }).click()
  await modal.getByRole('button', { name: 'Create setup' }).click()
  await expect(page.getByText('Avatar setup created')).toBeVisible()

  const overlay = await context.newPage()
  await overlay.addInitScript(PROBE)
  await overlay.goto(overlayUrl)
  await expect(overlay.getByTestId('overlay')).toHaveAttribute('data-link', 'open')
  // A long line, so the sampling below falls inside the speech even on a loaded machine.
  const form = page.getByRole('form', { name: 'Test alert' })
  await form.getByLabel('From').fill('Ada')
  await form
    .getByLabel('Message')
    .fill(
      'Hello from the photo avatar test, this is a long line so we can watch the mouth of the photo move for a good while, and then a little more.',
    )
  await form.getByRole('button', { name: 'Send test alert' }).click()
  // A long line to speak and the portrait to load first: more than the default 10 s on a busy machine.
  await expectVoiceStarted(overlay, 1, 30_000)
  const avatar = overlay.getByTestId('alert-avatar')
  await expect(avatar).toHaveAttribute('data-kind', 'photo')

  // The lower middle of the face (mouth and chin) changes from sample to sample while it speaks:
  // sampled in the page (one call, so a loaded machine does not stretch the intervals).
  const { changed, darks } = await avatar.evaluate(async (c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d')!
    const x = Math.round(c.width * 0.3),
      y = Math.round(c.height * 0.5),
      w = Math.round(c.width * 0.4),
      h = Math.round(c.height * 0.4)
    const grab = () => ctx.getImageData(x, y, w, h).data
    let prev = grab()
    let changedSamples = 0
    const darkCounts: number[] = []
    for (let n = 0; n < 15; n++) {
      await new Promise((r) => setTimeout(r, 70))
      const d = grab()
      let diff = 0,
        dark = 0
      for (let i = 0; i < d.length; i += 4) {
        if (Math.abs(d[i]! - prev[i]!) > 8) diff++
        // The painted mouth opening: dark red.
        if (d[i]! > d[i + 1]! + 12 && d[i]! < 120 && d[i + 1]! < 40 && d[i + 2]! < 50) dark++
      }
      if (diff > 20) changedSamples++
      darkCounts.push(dark)
      prev = d
    }
    return { changed: changedSamples, darks: darkCounts }
  })
  console.log(
    `photo overlay: ${changed}/15 samples changed in the mouth region; open-mouth pixels ${Math.min(...darks)}–${Math.max(...darks)}`,
  )
  expect(changed).toBeGreaterThan(5)
  expect(Math.max(...darks) - Math.min(...darks)).toBeGreaterThan(20)
  // Where the photo's background was (a top corner of the avatar box), the overlay shows the green.
  const corner = await avatar.evaluate((c: HTMLCanvasElement) =>
    Array.from(
      c.getContext('2d')!.getImageData(Math.round(c.width * 0.1), Math.round(c.height * 0.1), 1, 1).data,
    ),
  )
  expect(
    Math.abs(corner[0]! - 0x22) + Math.abs(corner[1]! - 0xaa) + Math.abs(corner[2]! - 0x44),
  ).toBeLessThan(60)
  await overlay.screenshot({ path: test.info().outputPath('photo-overlay.png') })
  await browser.close()
})
