import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { launchChromium, signUpCreator } from './support'

// Run with E2E_PORT=4220. Needs the alerts pages wired into the router: DONATION_ROUTES from
// apps/web/src/features/donations/routes.tsx in FEATURE_PAGES (the overlay, /donation-settings).


/**
 * Counters the overlay page keeps for the test: audio 'playing' events, cards mounted, most cards
 * at once. Plain JavaScript (the tools config has no DOM types); media events do not bubble, but a
 * capturing listener on the document sees them. The overlay first plays 50 ms of silence to learn
 * whether sound is allowed: that is not an alert.
 */
const PROBE = `
  window.__mp = { playing: 0, cards: 0, maxCards: 0, playingAt: [] }
  document.addEventListener('playing', (e) => {
    if (e.target.duration < 0.3) return
    window.__mp.playing++
    window.__mp.playingAt.push(Date.now())
  }, true)
  new MutationObserver((records) => {
    window.__mp.maxCards = Math.max(window.__mp.maxCards, document.querySelectorAll('[data-testid=alert-card]').length)
    for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1 && n.querySelector('[data-testid=alert-card]')) window.__mp.cards++
  }).observe(document, { childList: true, subtree: true })
`

// Each test starts its own Chromium with the autoplay policy it needs (launchChromium).

// Trace snapshots and failure screenshots evaluate in the page, which Chromium counts as a user
// gesture — sound would be allowed and the autoplay-blocked state could not be tested.
test.use({ trace: 'off', screenshot: 'off' })

type Probe = { playing: number; cards: number; maxCards: number; playingAt: number[] }
const probe = (page: Page) => page.evaluate(() => (globalThis as unknown as { __mp: Probe }).__mp)

/** Pixels of the open-mouth colour (packages/avatar draws the mouth's inside #4A1521), counted in the page. */
function mouthPixels(page: Page): Promise<number> {
  return page.evaluate<number>(`(() => {
    const canvas = document.querySelector('[data-testid=alert-avatar]')
    const ctx = canvas && canvas.getContext('2d')
    if (!ctx) return -1
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height)
    let n = 0
    for (let i = 0; i < data.length; i += 4)
      if (data[i + 3] > 200 && Math.abs(data[i] - 0x4a) < 14 && Math.abs(data[i + 1] - 0x15) < 14 && Math.abs(data[i + 2] - 0x21) < 14) n++
    return n
  })()`)
}
const audioTime = (page: Page) => page.evaluate<number>(`document.querySelector('[data-testid=alert-audio]').currentTime`)

test.describe('in OBS (autoplay allowed)', () => {
  test('a test alert fired from the settings page plays on the overlay: card, audio, moving mouth; each alert once', async ({ playwright, request, baseURL }) => {
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
    expect(await overlay.evaluate<string>('getComputedStyle(document.body).backgroundColor')).toMatch(/rgba\(0, 0, 0, 0\)|transparent/)
    await expect(overlay.getByTestId('alert-card')).toHaveCount(0)

    await page.goto('/donation-settings')
    await expect(page.getByRole('heading', { name: 'Alert Card Settings' })).toBeVisible()
    await expect(page.getByLabel('Overlay health')).toContainText('Connected')

    const form = page.getByRole('form', { name: 'Test alert' })
    await form.getByLabel('From').fill('Ada')
    await form.getByLabel('Message').fill('Hello from the end to end test, this is a long enough line to watch the mouth move.')
    const firedAt = Date.now()
    await form.getByRole('button', { name: 'Send test alert' }).click()

    const card = overlay.getByTestId('alert-card')
    await expect(card).toBeVisible()
    await expect(card).toContainText('Ada')
    await expect(card).toContainText('Hello from the end to end test')

    // The voice starts: a 'playing' event, then the element's clock advances.
    await expect.poll(async () => (await probe(overlay)).playing).toBe(1)
    const t1 = await audioTime(overlay)
    await overlay.waitForTimeout(400)
    const t2 = await audioTime(overlay)
    expect(t2).toBeGreaterThan(t1)
    console.log(`alert audio started ${(await probe(overlay)).playingAt[0]! - firedAt} ms after the click`)

    // The mouth moves: the open-mouth area changes while the avatar speaks.
    const samples: number[] = []
    for (let i = 0; i < 20; i++) {
      samples.push(await mouthPixels(overlay))
      await overlay.waitForTimeout(60)
    }
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...samples)).toBeGreaterThan(30)
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(30)

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
  test('shows "Click to enable sound" once, holds the alert, then plays it after the click', async ({ playwright, request, baseURL }) => {
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

    const fired = await request.post('/api/donation/twitch/test-bits', { headers: { authorization: `Bearer ${token}` }, data: {} })
    expect(fired.ok()).toBeTruthy()
    await overlay.waitForTimeout(2500)
    await expect(overlay.getByTestId('alert-card')).toHaveCount(0)

    await unlock.click()
    await expect(unlock).toHaveCount(0)
    await expect(overlay.getByTestId('alert-card')).toContainText('cheered')
    await expect.poll(async () => (await probe(overlay)).playing).toBe(1)
    await expect(root).toHaveAttribute('data-sound', 'unlocked')

    await expect
      .poll(async () => (await request.get('/api/donation/overlay/health', { headers: { authorization: `Bearer ${token}` } })).json() as Promise<unknown>)
      .toMatchObject({ online: true, audio_unlocked: true, visible: true })
    await browser.close()
  })

  test('an overlay link with an unknown key says so', async ({ page }) => {
    await page.goto('/tts/announcement?key=this-key-does-not-exist-anywhere-0000')
    await expect(page.getByText('This overlay link is not valid any more. Copy it again from Alert Card Settings.')).toBeVisible()
  })
})
