import { expect, test } from '@playwright/test'
import type { APIRequestContext, Page } from '@playwright/test'
import { registerInUi, userToken } from './support'

// Run with E2E_PORT=4320 after `npm run build -w @mouthpiece/web`. Notifications come from a real
// server action: sandbox one-off payments with the test card 4242… (the payments module notifies
// "Payment of $X received: …", type 1). Nothing is seeded behind the server's back.

const SHOTS = 'test-results/screens'

async function register(page: Page, prefix: string) {
  const username = await registerInUi(page, prefix)
  return { username, token: await userToken(page) }
}

/** The payments API as another client of the same account would call it (own request context). */
async function payer(request: APIRequestContext, token: string) {
  const auth = { Authorization: `Bearer ${token}` }
  const tokenRes = await request.post('/api/payment/sandbox/tokens', {
    data: {
      number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      cvc: '123',
    },
  })
  expect(tokenRes.ok(), await tokenRes.text()).toBe(true)
  const { token_id } = (await tokenRes.json()) as { token_id: string }
  let first = true
  return async (description: string) => {
    const res = await request.post('/api/payment/one-off', {
      headers: auth,
      data: { amount_cents: 500, description, ...(first ? { token_id } : {}) },
    })
    expect(res.ok(), await res.text()).toBe(true)
    first = false
  }
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })
const badge = (page: Page) => page.getByTestId('notification-badge')
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' })
const rows = (page: Page) => panel(page).locator('[data-notification-item]')

test('a real-time notification, paging through the bell, and one marked seen that opens billing', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 })
  const { token } = await register(page, 'bell')

  // A new account: no badge, the empty text.
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await expect(badge(page)).toHaveCount(0)
  // The payer is made first: the panel's age clock starts when it opens and ticks every 10 s.
  const pay = await payer(request, token)
  await bell(page).click()
  await expect(panel(page).getByText("You don't have any notifications yet.")).toBeVisible()

  // With the panel open, a payment elsewhere: the notification lands on top aged 1S, no reload.
  await pay('Tip jar 1')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Payment of $5.00 received: Tip jar 1.')
  await expect(rows(page).first().getByTestId('notification-age')).toHaveText('1S')
  await expect(badge(page)).toHaveText('1')
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unseen')
  await page.keyboard.press('Escape')
  await expect(panel(page)).toHaveCount(0)

  // Eleven more while the page stays open: the badge follows in real time.
  for (let i = 2; i <= 12; i++) await pay(`Tip jar ${i}`)
  await expect(badge(page)).toHaveText('12')

  // A fresh load lists page 1 (10, newest first); scrolling to the bottom fetches page 2.
  await page.reload()
  await expect(badge(page)).toHaveText('12')
  const page2 = page.waitForResponse(
    (r) => r.url().includes('/api/notifications?') && r.url().includes('page=2'),
  )
  await bell(page).click()
  await expect(rows(page)).toHaveCount(10)
  await expect(rows(page).first()).toContainText('Tip jar 12.')
  await expect(rows(page).nth(9)).toContainText('Tip jar 3.')
  await page.screenshot({ path: `${SHOTS}/notifications-desktop-open.png` })
  await page.getByTestId('notification-scroller').hover()
  await page.mouse.wheel(0, 2000)
  await page2
  await expect(rows(page)).toHaveCount(12)
  await expect(rows(page).last()).toContainText('Tip jar 1.')
  await expect(panel(page).locator('[data-notification-item][data-seen="false"]')).toHaveCount(12)

  // Clicking one: status update, seen, counter drops, billing page, panel closed.
  const seen = page.waitForResponse((r) => r.url().endsWith('/api/notifications/update-status'))
  await rows(page).filter({ hasText: 'Tip jar 7.' }).click()
  expect((await seen).ok()).toBe(true)
  await expect(page).toHaveURL(/\/user-settings#billing$/)
  await expect(panel(page)).toHaveCount(0)
  await expect(badge(page)).toHaveText('11')
  await bell(page).click()
  await expect(rows(page).filter({ hasText: 'Tip jar 7.' })).toHaveAttribute('data-seen', 'true')
  await rows(page).filter({ hasText: 'Tip jar 7.' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/notifications-desktop-seen.png` })

  // Still seen after a reload: the server kept it.
  await page.reload()
  await expect(badge(page)).toHaveText('11')
})

test('phone width: the panel is a full-width sheet under the header', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { token } = await register(page, 'bellm')
  const pay = await payer(request, token)
  for (let i = 1; i <= 4; i++) await pay(`Stream tip ${i}`)
  await expect(badge(page)).toHaveText('4')
  await bell(page).click()
  await expect(rows(page)).toHaveCount(4)
  const box = await panel(page).boundingBox()
  expect(box?.x).toBe(0)
  expect(box?.width).toBe(390)
  expect(box?.y).toBeGreaterThanOrEqual(88)
  await page.screenshot({ path: `${SHOTS}/notifications-phone-open.png` })

  // Outside the sheet (the header) closes it.
  await page.mouse.click(200, 40)
  await expect(panel(page)).toHaveCount(0)
})
