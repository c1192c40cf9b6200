import { expect, test } from '@playwright/test'
import { PROBE, expectMouthMoves, expectVoiceStarted, probe } from './overlay-probe'
import { launchChromium, signUpCreator } from './support'

// Run with E2E_PORT=4220. The alerts pages (the overlay, /donation-settings) are DONATION_ROUTES in
// apps/web/src/features/donations/routes.tsx.

// Each test starts its own Chromium with the autoplay policy it needs (launchChromium).

// Trace snapshots and failure screenshots evaluate in the page, which Chromium counts as a user
// gesture — sound would be allowed and the autoplay-blocked state could not be tested.
test.use({ trace: 'off', screenshot: 'off' })

test.describe('in OBS (autoplay allowed)', () => {
  test('a test alert fired from the settings page plays on the overlay: card, audio, moving mouth; each alert once', async ({
    playwright,
    request,
    baseURL,
  }) => {
    const browser = await launchChromium(playwright.chromium, 'no-user-gesture-required')
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    const { overlayUrl } = await signUpCreator(request, context, 'obs')
    const overlay = await context.newPage()
    await overlay.addInitScript(PROBE)
    await overlay.goto(overlayUrl)
    const root = overlay.getByTestId('overlay')
    await expect(root).toHaveAttribute('data-link', 'open')
    await expect(root).toHaveAttribute('data-sound', 'unlocked')
    // Transparent page: nothing drawn between alerts.
    expect(await overlay.evaluate<string>('getComputedStyle(document.body).backgroundColor')).toMatch(
      /rgba\(0, 0, 0, 0\)|transparent/,
    )
    await expect(overlay.getByTestId('alert-card')).toHaveCount(0)

    await page.goto('/donation-settings')
    await expect(page.getByRole('heading', { name: 'Alert Card Settings' })).toBeVisible()
    await expect(page.getByLabel('Overlay health')).toContainText('Connected')

    const form = page.getByRole('form', { name: 'Test alert' })
    await form.getByLabel('From').fill('Ada')
    await form
      .getByLabel('Message')
      .fill('Hello from the end to end test, this is a long enough line to watch the mouth move.')
    const firedAt = Date.now()
    await form.getByRole('button', { name: 'Send test alert' }).click()

    const card = overlay.getByTestId('alert-card')
    await expect(card).toBeVisible()
    await expect(card).toContainText('Ada')
    await expect(card).toContainText('Hello from the end to end test')

    // The voice starts: a 'playing' event, then the element's clock advances; the mouth moves.
    console.log(`alert audio started ${(await expectVoiceStarted(overlay, 1)) - firedAt} ms after the click`)
    await expectMouthMoves(overlay)

    // The alert ends, is acknowledged, and the overlay is empty again.
    await expect(root).toHaveAttribute('data-phase', 'idle', { timeout: 30_000 })
    await expect(card).toHaveCount(0)

    // Two alerts at once play one after the other, never together.
    await page.getByRole('button', { name: 'Test bits' }).click()
    await page.getByRole('button', { name: 'Test gifted sub' }).click()
    await expect(overlay.getByTestId('alert-card')).toContainText('cheered', { timeout: 15_000 })
    await expect(overlay.getByTestId('alert-card')).toContainText('gifted', { timeout: 30_000 })
    await expect(root).toHaveAttribute('data-phase', 'idle', { timeout: 30_000 })
    const after = await probe(overlay)
    expect(after.playing).toBe(3)
    expect(after.cards).toBe(3)
    expect(after.maxCards).toBe(1)

    // Reopening the source (OBS "refresh") replays nothing that already played.
    await overlay.reload()
    await expect(root).toHaveAttribute('data-link', 'open')
    await overlay.waitForTimeout(3000)
    expect((await probe(overlay)).playing).toBe(0)
    await expect(overlay.getByTestId('alert-card')).toHaveCount(0)

    // The Activity Feed shows all three as played.
    await page.goto('/donation-settings')
    await page.getByRole('link', { name: 'Activity Feed' }).click()
    const feed = page.getByRole('table', { name: 'Activity Feed' })
    await expect(feed.getByRole('row').filter({ hasText: 'Played' })).toHaveCount(3)
    await browser.close()
  })
})

test.describe('in a plain browser (autoplay blocked)', () => {
  test('shows "Click to enable sound" once, holds the alert, then plays it after the click', async ({
    playwright,
    request,
    baseURL,
  }) => {
    const browser = await launchChromium(playwright.chromium, 'document-user-activation-required')
    const context = await browser.newContext({ baseURL })
    const { overlayUrl, token } = await signUpCreator(request, context, 'tab')
    const overlay = await context.newPage()
    await overlay.addInitScript(PROBE)
    // Playwright's page evaluations count as user gestures (which would allow sound): nothing may
    // touch the page before the overlay has found out that sound is blocked.
    const blocked = overlay.waitForEvent('console', (m) => m.text().includes('blocked autoplay'))
    await overlay.goto(overlayUrl)
    await blocked
    const root = overlay.getByTestId('overlay')
    await expect(root).toHaveAttribute('data-link', 'open')
    await expect(root).toHaveAttribute('data-sound', 'blocked')
    const unlock = overlay.getByRole('button', { name: 'Click to enable sound' })
    await expect(unlock).toBeVisible()

    const fired = await request.post('/api/donation/twitch/test-bits', {
      headers: { authorization: `Bearer ${token}` },
      data: {},
    })
    expect(fired.ok()).toBeTruthy()
    await overlay.waitForTimeout(2500)
    await expect(overlay.getByTestId('alert-card')).toHaveCount(0)

    await unlock.click()
    await expect(unlock).toHaveCount(0)
    await expect(overlay.getByTestId('alert-card')).toContainText('cheered')
    await expect.poll(async () => (await probe(overlay)).playing).toBe(1)
    await expect(root).toHaveAttribute('data-sound', 'unlocked')

    await expect
      .poll(
        async () =>
          (
            await request.get('/api/donation/overlay/health', {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json() as Promise<unknown>,
      )
      .toMatchObject({ online: true, audio_unlocked: true, visible: true })
    await browser.close()
  })

  test('an overlay link with an unknown key says so', async ({ page }) => {
    await page.goto('/tts/announcement?key=this-key-does-not-exist-anywhere-0000')
    await expect(
      page.getByText('This overlay link is not valid any more. Copy it again from Alert Card Settings.'),
    ).toBeVisible()
  })
})
