import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { expect, test } from '@playwright/test'
import type { APIRequestContext, Browser, BrowserContext, BrowserType, Page } from '@playwright/test'
import { USER_TOKEN_COOKIE, USER_TOKEN_EXPIRY_COOKIE } from '@mouthpiece/contracts/constants'

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
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic']

/**
 * A Chromium of the spec's own with the autoplay policy it needs: OBS's browser source plays sound
 * without a click; a desktop browser tab wants one.
 */
export function launchChromium(chromium: BrowserType, autoplay: 'no-user-gesture-required' | 'document-user-activation-required'): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, `--autoplay-policy=${autoplay}`] })
}

/**
 * Registers a creator through the API, signs the browser context in, and answers their overlay URL.
 * `url` is the server's origin when a spec runs its own (`request` must then point there too).
 */
export async function signUpCreator(request: APIRequestContext, context: BrowserContext, prefix: string, url = test.info().project.use.baseURL!) {
  const username = `${prefix}${Date.now() % 1_000_000}`
  const res = await request.post('/api/register', { data: { username, email: `${username}@example.com`, password: 'correct horse 1' } })
  expect(res.ok()).toBeTruthy()
  const { token } = (await res.json()) as { token: string }
  await context.addCookies([
    { name: USER_TOKEN_COOKIE, value: encodeURIComponent(token), url },
    { name: USER_TOKEN_EXPIRY_COOKIE, value: String(Date.now() + 86_400_000), url },
  ])
  const headers = { authorization: `Bearer ${token}` }
  const settings = (await (await request.get('/api/donation/settings', { headers })).json()) as { settings: { overlay_url: string } }
  return { username, token, headers, overlayUrl: settings.settings.overlay_url }
}

export interface ServerProcess {
  child: ChildProcess
  /** What the process printed (its last 4,000 characters), for failure messages. */
  log(): string
}

/**
 * The real server in a child process of the spec's own (`node --import tsx apps/server/src/main.ts`),
 * for specs that must kill and restart it (playwright.config.ts's webServer cannot be). Answers once
 * GET /api/health answers 200; throws with the server's output if it exits first or takes > 60 s.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const health = `http://localhost:${env.PORT}/api/health`
  if (await fetch(health).then(() => true, () => false)) throw new Error(`something already answers on port ${env.PORT}`)
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}): ${output}`))))
  exited.catch(() => {})
  const deadline = Date.now() + 60_000
  for (;;) {
    const ok = await Promise.race([fetch(health).then((r) => r.ok, () => false), exited])
    if (ok) return { child, log: () => output }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not answer ${health} within 60 s: ${output}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Kills a server process with `signal` and waits until it is gone. */
export async function stopServerProcess(server: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return
  const gone = new Promise((r) => server.child.once('exit', r))
  server.child.kill(signal)
  await gone
}
