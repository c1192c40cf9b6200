import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { registerInUi, userToken } from './support'

// Run with E2E_PORT=3301. The money flow of a direct tip: a signed-out visitor pays a creator on
// /{username}/tip/{channel} with the sandbox card form; the creator sees it in the Activity Feed
// and the overlay shows its alert card.

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number)
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${String(new Date().getFullYear() + 3).slice(2)}`)
  await page.getByLabel('CVC').fill('123')
}

test('a visitor tips a creator with the sandbox card; a declined card says so; the creator and the overlay see the tip', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const username = await registerInUi(page, 'tipme')
  const settings = await request.get('/api/donation/settings', {
    headers: { authorization: `Bearer ${await userToken(page)}` },
  })
  const {
    settings: { overlay_url: overlayUrl },
  } = (await settings.json()) as { settings: { overlay_url: string } }

  // The OBS overlay, open before the tip arrives (its URL holds the creator's secret key only).
  const obs = await browser.newContext({ baseURL })
  const overlay = await obs.newPage()
  await overlay.goto(new URL(overlayUrl).pathname + new URL(overlayUrl).search)
  const root = overlay.getByTestId('overlay')
  await expect(root).toHaveAttribute('data-link', 'open')
  // A desktop tab (not OBS) may ask for a click before it plays sound.
  await expect(root).toHaveAttribute('data-sound', /unlocked|blocked/)
  if ((await root.getAttribute('data-sound')) === 'blocked')
    await overlay.getByRole('button', { name: 'Click to enable sound' }).click()
  await expect(root).toHaveAttribute('data-sound', 'unlocked')

  // A viewer, signed out, in a browser of their own.
  const viewer = await browser.newContext({ baseURL })
  const tipPage = await viewer.newPage()
  await tipPage.goto(`/${username}/tip/twitch`)
  await expect(tipPage.getByRole('heading', { name: `Tip ${username}` })).toBeVisible()
  await expect(tipPage.getByText('Test mode — sandbox payments, no real charges')).toBeVisible()

  await tipPage.getByRole('radio', { name: '$10' }).click()
  await tipPage.getByLabel('Your name').fill('Ada')
  await tipPage.getByLabel('Message').fill('Great stream, keep it up!')
  await fillCard(tipPage, '4242 4242 4242 4242')
  await tipPage.getByRole('button', { name: 'Send $10.00 tip' }).click()
  const thanks = tipPage.getByRole('status', { name: 'Tip sent' })
  await expect(thanks).toContainText('Thank you, Ada!')
  await expect(thanks).toContainText(`Your $10.00 tip to ${username} went through.`)

  // The alert card plays on the overlay like any alert.
  const card = overlay.getByTestId('alert-card')
  await expect(card).toContainText('Ada', { timeout: 20_000 })
  await expect(card).toContainText('Great stream, keep it up!')

  // Another tip with a card the bank declines: the page says why, nothing is sent.
  await tipPage.getByRole('button', { name: 'Send another tip' }).click()
  await tipPage.getByRole('radio', { name: '$3' }).click()
  await tipPage.getByLabel('Your name').fill('Bob')
  await fillCard(tipPage, '4000 0000 0000 0002')
  await tipPage.getByRole('button', { name: 'Send $3.00 tip' }).click()
  await expect(tipPage.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
  await expect(tipPage.getByRole('status', { name: 'Tip sent' })).toHaveCount(0)

  // The creator's Activity Feed lists the paid tip as a tip-page tip, and not the declined one.
  await page.goto(`/${username}/tip`)
  const feed = page.getByRole('main')
  await expect(feed.getByText('Great stream, keep it up!')).toBeVisible()
  await expect(feed.getByText('Ada').first()).toBeVisible()
  await expect(feed.getByText('Tip page').first()).toBeVisible()
  await expect(feed.getByText('Bob')).toHaveCount(0)

  await viewer.close()
  await obs.close()
})
