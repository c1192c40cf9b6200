import { expect, test } from '@playwright/test'

test('the app loads in Chromium', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle(/Mouthpiece/)
})
