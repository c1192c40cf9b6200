import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import type { BrowserContext, Page } from '@playwright/test'
import { startFakeStripe } from '../apps/server/src/modules/payments/testing/fake-stripe-server'
import type { FakeStripe } from '../apps/server/src/modules/payments/testing/fake-stripe-server'
import { startServerProcess } from '../apps/server/test/server-process'
import type { ServerProcess } from '../apps/server/test/server-process'
import { registerInUi, SERVER_ENTRY, freshDataDir } from './support'

// Card entry with Stripe configured: the real server (its own process, on E2E_PORT + 51) against
// the local Stripe server, and Stripe.js — which pages load from js.stripe.com — routed to a
// stand-in (e2e/support/stripe-js.stand-in.js) whose calls to api.stripe.com reach that local Stripe.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 51
const BASE = `http://localhost:${PORT}`
const KEYS = {
  secret: 'sk_test_mouthpiece_e2e_1',
  publishable: 'pk_test_mouthpiece_e2e_1',
  webhook: 'whsec_mouthpiece_e2e_1',
}
const STAND_IN = fs.readFileSync(path.join(import.meta.dirname, 'support/stripe-js.stand-in.js'), 'utf8')

test.use({ baseURL: BASE })

let stripe: FakeStripe
let server: ServerProcess
let dataDir: string
test.beforeAll(async () => {
  // A fresh server (its database copied from the migrated template) still seeds and loads everything.
  test.setTimeout(180_000)
  stripe = await startFakeStripe({
    secretKey: KEYS.secret,
    publishableKey: KEYS.publishable,
    ports: [PORT + 1, PORT + 20],
  })
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-e2e-stripe-'))
  freshDataDir(dataDir)
  server = await startServerProcess(
    {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      WEB_DIST: 'apps/web/dist',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      STRIPE_SECRET_KEY: KEYS.secret,
      STRIPE_PUBLISHABLE_KEY: KEYS.publishable,
      STRIPE_WEBHOOK_SECRET: KEYS.webhook,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
    },
    { entry: SERVER_ENTRY, timeoutMs: 170_000 },
  )
})
test.afterAll(async () => {
  await server?.stop()
  await stripe?.close()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})
/** Stripe.js from js.stripe.com → the stand-in; its calls to api.stripe.com → the local Stripe server. */
async function routeStripe(context: BrowserContext) {
  await context.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: STAND_IN }),
  )
  await context.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
    const url = route.request().url().replace('https://api.stripe.com', `http://127.0.0.1:${stripe.port}`)
    await route.fulfill({ response: await route.fetch({ url }) })
  })
}
test.beforeEach(async ({ context }) => routeStripe(context))

/** Types a card into Stripe's card field (the stand-in's inputs carry Stripe's labels). */
async function fillStripeCard(page: Page, number: string) {
  const field = page.getByTestId('stripe-card-field')
  await field.getByLabel('Card number').fill(number)
  await field.getByLabel('Expiration date').fill(`12 / ${String(new Date().getFullYear() + 3).slice(2)}`)
  await field.getByLabel('CVC').fill('123')
}
/** Calls our server made to Stripe that carried a card number (Stripe.js's own calls from the page excluded). */
const cardNumbersSentByServer = () =>
  stripe.requests.filter((r) => !r.browser && JSON.stringify(r.body).includes('4242424242424242'))

test('with Stripe configured, a user subscribes and replaces the card through Stripe.js card fields', async ({
  page,
}) => {
  await registerInUi(page, 'stripepay')
  await page.goto('/payment?plan=creator')
  await expect(page.getByText('Stripe test mode — no real charges')).toBeVisible()
  // Stripe's field, not ours: no number/expiry inputs of the page's own.
  await expect(page.getByLabel('Expiry (MM / YY)')).toHaveCount(0)
  await fillStripeCard(page, '4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Subscribe — $59.00 / month' }).click()
  await expect(page.getByText("You're on the Creator plan")).toBeVisible()
  // The PaymentMethod Stripe.js made is what the server attached; the number never passed through it.
  expect(stripe.requests.some((r) => /^\/v1\/payment_methods\/pm_\w+\/attach$/.test(r.path))).toBe(true)
  expect(stripe.requests.filter((r) => r.browser && r.path === '/v1/payment_methods')).toHaveLength(1)
  expect(cardNumbersSentByServer()).toEqual([])

  await page.getByRole('link', { name: 'Manage billing' }).click()
  const billing = page.locator('#billing')
  await expect(billing.getByTestId('card-on-file')).toContainText('Visa •••• 4242')
  await billing.getByRole('button', { name: 'Update card' }).click()
  const dialog = page.getByRole('dialog', { name: 'Update card' })
  await fillStripeCard(page, '4000 0000 0000 0002')
  await dialog.getByRole('button', { name: 'Save card' }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible()
  await fillStripeCard(page, '5555 5555 5555 4444')
  await dialog.getByRole('button', { name: 'Save card' }).click()
  await expect(billing.getByTestId('card-on-file')).toContainText('Mastercard •••• 4444')
  await page.screenshot({ path: 'test-results/stripe-billing.png', fullPage: true })
})

test("a plan's first payment with a 3-D Secure card: a failed bank check keeps the old plan and says why, a completed one starts the plan once", async ({
  page,
}) => {
  await registerInUi(page, 'stripe3ds')
  const pays = () =>
    stripe.requests.filter((r) => !r.browser && /^\/v1\/invoices\/in_\w+\/pay$/.test(r.path)).length
  const confirms = () =>
    stripe.requests.filter((r) => r.browser && /^\/v1\/payment_intents\/pi_\w+\/confirm$/.test(r.path))
  const [paysBefore, confirmsBefore] = [pays(), confirms().length]
  await page.goto('/payment?plan=creator')
  await fillStripeCard(page, '4000 0025 0000 3155')
  const subscribe = page.getByRole('button', { name: 'Subscribe — $59.00 / month' })
  await subscribe.click()
  const bank = page.getByRole('dialog', { name: '3D Secure 2 Test Page' })
  // Saving the card, then subscribing: several Stripe calls (the server's first loads its SDK).
  await expect(bank).toBeVisible({ timeout: 30_000 })
  await page.screenshot({ path: 'test-results/stripe-subscribe-3ds.png' })
  await bank.getByRole('button', { name: 'Fail' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'We are unable to authenticate your payment method.' }),
  ).toBeVisible()
  await expect(page.getByText("You're on the Creator plan")).toHaveCount(0)
  await page.screenshot({ path: 'test-results/stripe-subscribe-3ds-failed.png', fullPage: true })
  expect(pays() - paysBefore).toBe(1)

  // Again with the card now on file: the bank asks again, the payer completes it, the plan starts.
  await expect(page.getByText('Pay with Visa •••• 3155')).toBeVisible()
  await subscribe.click()
  await bank.getByRole('button', { name: 'Complete' }).click()
  await expect(page.getByText("You're on the Creator plan")).toBeVisible()
  expect(pays() - paysBefore).toBe(2)
  expect(
    confirms()
      .slice(confirmsBefore)
      .map((r) => r.body.authentication),
  ).toEqual(['fail', 'complete'])
  await page.getByRole('link', { name: 'Manage billing' }).click()
  await expect(page.locator('#billing')).toContainText('Creator')
})

test('a viewer tips with Stripe.js: a 3-D Secure card asks the bank, a failed check says why, a completed one pays', async ({
  page,
  browser,
}) => {
  const username = await registerInUi(page, 'stripetip')
  const viewer = await browser.newContext({ baseURL: BASE })
  await routeStripe(viewer)
  const tip = await viewer.newPage()
  await tip.goto(`/${username}/tip/twitch`)
  await expect(tip.getByRole('heading', { name: `Tip ${username}` })).toBeVisible()
  await tip.getByRole('radio', { name: '$10' }).click()
  await tip.getByLabel('Your name').fill('Ada')
  await tip.getByLabel('Message').fill('Secure hello!')

  // The bank's check, failed: Stripe's reason, nothing sent.
  await fillStripeCard(tip, '4000 0025 0000 3155')
  await tip.getByRole('button', { name: 'Send $10.00 tip' }).click()
  const bank = tip.getByRole('dialog', { name: '3D Secure 2 Test Page' })
  await expect(bank).toBeVisible()
  await tip.screenshot({ path: 'test-results/stripe-tip-3ds.png' })
  await bank.getByRole('button', { name: 'Fail' }).click()
  await expect(
    tip.getByRole('alert').filter({ hasText: 'We are unable to authenticate your payment method.' }),
  ).toBeVisible()
  await expect(tip.getByRole('status', { name: 'Tip sent' })).toHaveCount(0)

  // The same card again, the check completed: the tip goes through, charged once.
  await tip.getByRole('button', { name: 'Send $10.00 tip' }).click()
  await bank.getByRole('button', { name: 'Complete' }).click()
  const thanks = tip.getByRole('status', { name: 'Tip sent' })
  await expect(thanks).toContainText('Thank you, Ada!')
  await expect(thanks).toContainText(`Your $10.00 tip to ${username} went through.`)
  const intents = [...stripe.objects.values()].filter(
    (o) => o.object === 'payment_intent' && o.amount === 1000,
  )
  expect(intents.map((o) => o.status).sort()).toEqual(['requires_payment_method', 'succeeded'])

  // A plain card pays without the bank's window.
  await tip.getByRole('button', { name: 'Send another tip' }).click()
  await tip.getByRole('radio', { name: '$3' }).click()
  await fillStripeCard(tip, '4242 4242 4242 4242')
  await tip.getByRole('button', { name: 'Send $3.00 tip' }).click()
  await expect(thanks).toContainText('Your $3.00 tip')
  await viewer.close()
})
