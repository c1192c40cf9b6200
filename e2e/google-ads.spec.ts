import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import type { Browser, Page } from '@playwright/test'
import {
  CLIENT_US,
  GOOD_DEV_TOKEN,
  MANAGER,
  startFakeGoogleAds,
} from '../apps/server/src/modules/adimport/testing/fake-google-ads'
import { AD_ROW_COLUMNS } from '@mouthpiece/contracts/adimport/adimport.schemas'
import { startServerProcess } from '../apps/server/test/server-process'
import type { ServerProcess } from '../apps/server/test/server-process'
import { launchChromium, signUpCreator, SERVER_ENTRY, ownServerEnv, freshDataDir } from './support'

/**
 * Issue 12, Google Ads as a creator clicks it with a manager account: link the Google stand-in,
 * save the developer token, see the manager with its linked customers, open one (through the
 * manager: login-customer-id), walk campaigns → ad groups → ads, download the CSV. Own server
 * (the stand-in's URLs are its settings) on a port and data dir of its own.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 41
const BASE = `http://localhost:${PORT}`
const DATA_DIR = `.tmp/e2e-google-ads-${PORT}`
const SHOTS = `.tmp/shots-insights`

test.use({ trace: 'off', screenshot: 'off' })
test.describe.configure({ mode: 'serial' })

let g: Awaited<ReturnType<typeof startFakeGoogleAds>>
let server: ServerProcess | undefined
let browser: Browser | undefined
let page: Page

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000)
  g = await startFakeGoogleAds({ rows: 120 })
  freshDataDir(DATA_DIR)
  fs.mkdirSync(SHOTS, { recursive: true })
  server = await startServerProcess(
    {
      ...ownServerEnv(PORT, DATA_DIR),
      GOOGLE_CLIENT_ID: 'g-client',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GOOGLE_AUTH_URL: `${g.base}/auth`,
      GOOGLE_TOKEN_URL: `${g.base}/token`,
      GOOGLE_REVOKE_URL: `${g.base}/revoke`,
      YOUTUBE_API_URL: `${g.base}/youtube/v3`,
      GOOGLE_ADS_API_URL: g.adsUrl,
    },
    { entry: SERVER_ENTRY },
  )
  const api = await playwright.request.newContext({ baseURL: BASE })
  browser = await launchChromium(playwright.chromium, 'document-user-activation-required')
  const context = await browser.newContext({ baseURL: BASE, acceptDownloads: true })
  await signUpCreator(api, context, 'adsmgr', BASE)
  page = await context.newPage()
})

test.afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await g?.close()
})

test('google ads: link Google, save the developer token, pick a linked customer of the manager, drill down, download the CSV', async () => {
  await page.goto('/google-ads')
  await expect(page.getByText('Link Google and save a developer token to see your accounts.')).toBeVisible()
  await page.getByRole('button', { name: 'Link Google' }).click()
  await expect(page).toHaveURL(/\/google-ads/)
  await expect(page.getByText(/Linked as /)).toBeVisible({ timeout: 15_000 })

  // A token Google has not approved shows Google's reason; the real one opens the accounts.
  await page.getByLabel('Developer token').fill('not-approved-token')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('A developer token is saved.')).toBeVisible()
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 15_000 })
  await page.getByLabel('Developer token').fill(GOOD_DEV_TOKEN)
  await page.getByRole('button', { name: 'Save' }).click()

  await expect(page.getByText('Brightline Media MCC')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText(MANAGER).first()).toBeVisible()
  await expect(page.getByRole('link', { name: /Northwind Coffee - EU/ })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/google-ads-manager.png`, fullPage: true })
  await page.getByRole('link', { name: /Northwind Coffee - US/ }).click()

  await expect(page).toHaveURL(new RegExp(`/google-ads/${CLIENT_US}\\?via=${MANAGER}`))
  await expect(page.getByText(`through manager ${MANAGER}`)).toBeVisible()
  await expect(page.getByTestId('import-note')).toContainText('Imported 120 rows: 120 new', {
    timeout: 20_000,
  })
  // Every search for the client went through the manager.
  expect(g.state.searches.filter((s) => s.customer === CLIENT_US).every((s) => s.login === MANAGER)).toBe(
    true,
  )

  const campaigns = page.getByRole('table', { name: 'Campaigns' })
  await expect(campaigns).toContainText('Brand - Search')
  await campaigns.getByText('Generic - Coffee Beans').click()
  const groups = page.getByRole('table', { name: 'Ad groups' })
  await expect(groups).toContainText('Group 1-0')
  await groups.getByText('Group 1-0').click()
  await expect(page.getByRole('heading', { name: 'Ads in Group 1-0' })).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Ads', exact: true }).locator('tbody tr').first(),
  ).toContainText('RESPONSIVE_SEARCH_AD')
  await expect(page.getByRole('table', { name: 'Ads by day' })).toContainText('Generic - Coffee Beans')
  await page.screenshot({ path: `${SHOTS}/google-ads-account.png`, fullPage: true })

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const csv = fs
    .readFileSync(await (await download).path(), 'utf8')
    .split('\r\n')
    .filter(Boolean)
  expect(csv[0]).toBe(`\uFEFF${AD_ROW_COLUMNS.join(',')}`)
  expect(csv).toHaveLength(121)
  expect(csv[1]).toContain('google')
})
