import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import { USER_TOKEN_COOKIE } from '@mouthpiece/contracts/constants'

/** Signs a new user up through the register form, as a person would, and lands on the dashboard. */
export async function registerInUi(page: Page, prefix: string) {
  const username = `${prefix}${Date.now() % 1_000_000}`
  await page.goto('/login?mode=register')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Email').fill(`${username}@example.com`)
  await page.getByLabel('Password').fill('correct horse 1')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/dashboard/)
  return username
}

/** The session token the web client stored in the user cookie (for API calls made beside the UI). */
export async function userToken(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === USER_TOKEN_COOKIE)?.value
  expect(token, 'the user token cookie').toBeTruthy()
  return decodeURIComponent(token!)
}

/** The admin the e2e server seeds (playwright.config.ts ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { username: 'admin', password: 'admin-password-1' }

/** Signs the seeded admin in through /admin/login and waits for the admin dashboard (any width). */
export async function adminSignIn(page: Page) {
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(E2E_ADMIN.username)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
}
