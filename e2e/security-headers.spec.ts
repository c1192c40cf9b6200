import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { launchChromium, registerInUi, signUpCreator } from './support'

/**
 * The Content-Security-Policy must not break any page: every violation the browser reports (a
 * `securitypolicyviolation` event, or Chromium's "Refused to …" console error) fails the test.
 */
function watchPolicy(page: Page): string[] {
  const violations: string[] = []
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      ),
    )
  })
  page.on('console', (m) => {
    if (m.type() === 'error' && /CSP violation|Content Security Policy|Refused to/i.test(m.text()))
      violations.push(`${page.url()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => violations.push(`${page.url()}: ${e.message}`))
  return violations
}

test('public, signed-in and admin pages load under the policy', async ({ page }) => {
  const violations = watchPolicy(page)
  const res = await page.goto('/landing')
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(res?.headers()['x-content-type-options']).toBe('nosniff')
  await expect(page.locator('h1').first()).toBeVisible()
  for (const path of ['/pricing', '/contact', '/privacy', '/login']) {
    await page.goto(path)
    await expect(page.locator('#root')).not.toBeEmpty()
  }
  await registerInUi(page, 'csp')
  for (const path of [
    '/dashboard',
    '/donation-settings',
    '/avatar-editor',
    '/voice-editor',
    '/projects',
    '/user-settings',
  ]) {
    await page.goto(path)
    await expect(page.locator('#root')).not.toBeEmpty()
    await page.waitForLoadState('networkidle')
  }
  await page.goto('/admin/login')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  await page.goto('/api/docs')
  await expect(page.getByText('Mouthpiece API').first()).toBeVisible()
  expect(violations).toEqual([])
})

test('the OBS overlay plays an alert (speech from a blob, the avatar on a canvas) under the policy', async ({
  playwright,
  request,
  baseURL,
}) => {
  const browser = await launchChromium(playwright.chromium, 'no-user-gesture-required')
  const context = await browser.newContext({ baseURL })
  const { overlayUrl, headers } = await signUpCreator(request, context, 'cspobs')
  const overlay = await context.newPage()
  const violations = watchPolicy(overlay)
  const res = await overlay.goto(overlayUrl)
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self' https://js.stripe.com")
  // /boot.js ran before the app: the page is transparent from its first frame.
  expect(await overlay.evaluate(() => document.documentElement.classList.contains('overlay-page'))).toBe(true)
  const root = overlay.getByTestId('overlay')
  await expect(root).toHaveAttribute('data-link', 'open')
  expect(
    (
      await request.post('/api/donation/twitch/test-bits', {
        headers,
        data: { bits: 500, message: 'Policy check, one two three.' },
      })
    ).ok(),
  ).toBeTruthy()
  await expect(overlay.getByTestId('alert-card')).toContainText('cheered', { timeout: 15_000 })
  await expect(root).toHaveAttribute('data-phase', 'idle', { timeout: 30_000 })
  expect(violations).toEqual([])
  await browser.close()
})
