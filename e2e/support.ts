import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Browser, BrowserContext, BrowserType, Page } from '@playwright/test'
import { USER_TOKEN_COOKIE, USER_TOKEN_EXPIRY_COOKIE } from '@mouthpiece/contracts/constants'
import { SERVER_BUNDLE_ENTRY } from '../scripts/server-bundle.mjs'

/**
 * The bundled server playwright.config.ts made sure of before any spec ran: specs that start servers
 * of their own (`startServerProcess(env, { entry: SERVER_ENTRY })`) run the same build as the webServer.
 */
export const SERVER_ENTRY = SERVER_BUNDLE_ENTRY

/** The migrated, empty database playwright.config.ts keeps up to date (e2e/db-template.ts). */
export const E2E_DB_TEMPLATE = '.tmp/e2e-db-template'

/** Empties a server's DATA_DIR and puts a copy of the migrated template database in it (where main.ts opens PGlite). */
export function freshDataDir(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  fs.cpSync(E2E_DB_TEMPLATE, path.join(dir, 'db'), { recursive: true })
}

/**
 * The environment a spec's own server starts with (a spec that needs stand-ins the shared webServer
 * has not): the webServer's settings on the spec's port and data dir, signed-in admin seeded,
 * stream sources off. The spec spreads it and adds its stand-ins' addresses.
 */
export function ownServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    MODE: 'all',
    WEB_DIST: 'apps/web/dist',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    SOURCES_ENABLED: 'false',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  }
}

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
  await expect(page.getByRole('navigation', { name: 'Admin', exact: true })).toBeVisible()
}

/** Debian Chromium's flags on this closed network (playwright.config.ts and specs that launch their own). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/**
 * A Chromium of the spec's own with the autoplay policy it needs: OBS's browser source plays sound
 * without a click; a desktop browser tab wants one.
 */
export function launchChromium(
  chromium: BrowserType,
  autoplay: 'no-user-gesture-required' | 'document-user-activation-required',
): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--autoplay-policy=${autoplay}`],
  })
}

/**
 * Registers a creator through the API, signs the browser context in, and answers their overlay URL.
 * `url` is the server's origin when a spec runs its own (`request` must then point there too).
 */
export async function signUpCreator(
  request: APIRequestContext,
  context: BrowserContext,
  prefix: string,
  url = test.info().project.use.baseURL!,
) {
  const username = `${prefix}${Date.now() % 1_000_000}`
  const res = await request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: 'correct horse 1' },
  })
  expect(res.ok()).toBeTruthy()
  const { token } = (await res.json()) as { token: string }
  await context.addCookies([
    { name: USER_TOKEN_COOKIE, value: encodeURIComponent(token), url },
    { name: USER_TOKEN_EXPIRY_COOKIE, value: String(Date.now() + 86_400_000), url },
  ])
  const headers = { authorization: `Bearer ${token}` }
  const settings = (await (await request.get('/api/donation/settings', { headers })).json()) as {
    settings: { overlay_url: string }
  }
  return { username, token, headers, overlayUrl: settings.settings.overlay_url }
}
