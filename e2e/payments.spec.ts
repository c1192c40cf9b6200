import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { registerInUi, userToken } from './support'

// Run with E2E_PORT=3820. Needs the payments pages wired into the router and the billing section
// (#billing) on the account page (/user-settings).

const SANDBOX_LABEL = 'Test mode — sandbox payments, no real charges'

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${String(new Date().getFullYear() + 3).slice(2)}`)
  await page.getByLabel('CVC').fill('123')
}

test('subscribes with the sandbox card 4242…, sees the payment, cancels and resumes', async ({ page }) => {
  await registerInUi(page, 'payer')
  await page.goto('/pricing')
  await expect(page.getByText(SANDBOX_LABEL)).toBeVisible()
  await expect(page.getByRole('table', { name: 'Alert pricing tiers' })).toContainText('$379')
  await page.getByRole('link', { name: 'Choose Creator' }).click()
  await expect(page).toHaveURL(/\/payment\?plan=creator/)

  await fillCard(page, '4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Subscribe — $59.00 / month' }).click()
  await expect(page.getByText("You're on the Creator plan")).toBeVisible()

  await page.getByRole('link', { name: 'Manage billing' }).click()
  await expect(page).toHaveURL(/\/user-settings#billing$/)
  const billing = page.locator('#billing')
  await expect(billing.getByTestId('current-plan-name')).toHaveText('Creator')
  await expect(billing.getByText(/^Renews on /)).toBeVisible()
  await expect(billing.getByTestId('card-on-file')).toContainText('Visa •••• 4242')
  const paid = billing
    .getByRole('table', { name: 'Payment history' })
    .getByRole('row')
    .filter({ hasText: 'Creator plan' })
  await expect(paid).toContainText('$59.00')
  await expect(paid).toContainText('Paid')

  await billing.getByRole('button', { name: 'Cancel plan' }).click()
  await page.getByRole('dialog', { name: 'Cancel plan' }).getByRole('button', { name: 'Cancel plan' }).click()
  await expect(billing.getByText(/^Ends on /)).toBeVisible()
  await expect(billing.getByText('Canceling', { exact: true })).toBeVisible()

  await billing.getByRole('button', { name: 'Resume plan' }).click()
  await expect(billing.getByText(/^Renews on /)).toBeVisible()
  await expect(billing.getByText('Active', { exact: true })).toBeVisible()

  await page.goto('/pricing')
  await expect(page.getByRole('article', { name: 'Creator plan' }).getByText('Current plan')).toBeVisible()
})

test("a declined card (4000 0000 0000 0002) shows 'Your card was declined.', leaves no active plan and is not kept on file", async ({
  page,
}) => {
  await registerInUi(page, 'declined')
  await page.goto('/payment?plan=pro')
  await fillCard(page, '4000 0000 0000 0002')
  await page.getByRole('button', { name: 'Subscribe — $145.00 / month' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()

  await page.goto('/user-settings#billing')
  const billing = page.locator('#billing')
  await expect(billing.getByTestId('no-active-plan')).toBeVisible()
  // Issue 24: the declined card never becomes the card on file.
  await expect(billing.getByText('No card on file.')).toBeVisible()
  await expect(billing.getByTestId('card-on-file')).toHaveCount(0)

  await page.goto('/pricing')
  await expect(page.getByRole('article', { name: 'Pro plan' })).toBeVisible()
  await expect(page.getByText('Current plan')).toHaveCount(0)
})

// Issue 24, plans that agree: the pricing cards are drawn from the plans table (the same numbers the
// server's checks read); the $59 Creator plan exports what the free trial does; what every account
// has is not sold as a paid feature; a Creator subscriber is told the truth on /free-trial, and a
// Creator project can export 1080p.
test('a creator compares the plans, takes Creator, and the trial page and a 1080p export agree with it', async ({
  page,
}) => {
  await registerInUi(page, 'planner')
  await page.goto('/pricing')
  const creator = page.getByRole('article', { name: 'Creator plan' })
  const trial = page.getByRole('article', { name: 'Free Trial plan' })
  await expect(trial).toContainText('Exports up to 1080p')
  await expect(creator).toContainText('Exports up to 1080p')
  await expect(creator).toContainText('300 spoken stream alerts a month')
  await expect(page.getByRole('article').filter({ hasText: /voice cloning/i })).toHaveCount(0)
  await expect(page.getByTestId('every-plan')).toContainText('Voice cloning (your own voice)')

  await creator.getByRole('link', { name: 'Choose Creator' }).click()
  await fillCard(page, '4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Subscribe — $59.00 / month' }).click()
  await expect(page.getByText("You're on the Creator plan")).toBeVisible()

  await page.goto('/free-trial')
  await expect(
    page.getByText('You already have the Creator plan, which includes everything in the trial.'),
  ).toBeVisible()

  // The server's check reads the same table: a Creator project may be 1080p.
  await page.goto('/projects')
  await page
    .getByRole('button', { name: /New project|Create your first project/ })
    .first()
    .click()
  await page.getByLabel('Project name').fill('Full HD')
  await page.getByRole('button', { name: 'Create project' }).click()
  await expect(page).toHaveURL(/\/video-editor\/\d+$/)
  const id = Number(/\/video-editor\/(\d+)$/.exec(page.url())![1])
  const headers = { authorization: `Bearer ${await userToken(page)}` }
  const { project } = (await (await page.request.get(`/api/get-project/${id}`, { headers })).json()) as {
    project: { version: number }
  }
  const res = await page.request.post(`/api/projects/${id}/update-project-setting`, {
    headers,
    data: { version: project.version, settings: { video_resolution: '1080p' } },
  })
  expect(res.status(), await res.text()).toBe(200)
})
