import { expect, test } from '@playwright/test'
import { adminSignIn, registerInUi } from './support'

// Issue 24, "no dead ends" for a creator joining: the invite link says who invited you, and the
// connect buttons say before the click which services this server can connect (this e2e server
// has none set up, as a fresh install), with the environment names shown to an admin.
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/joining'

test('a friend follows my /r/ link: the sign-up page says I invited them, and they sign up from it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const inviter = await registerInUi(page, 'inviter')

  const friend = await (await browser.newContext()).newPage()
  await friend.goto(`/r/${inviter}`)
  await expect(friend).toHaveURL(/\/login\?mode=register$/)
  await expect(friend.getByTestId('invited-by')).toHaveText(`${inviter} invited you to Mouthpiece.`)
  await friend.screenshot({ path: `${SHOTS}/invited-sign-up.png` })
  const friendName = await registerInUi(friend, 'friend')
  expect(friendName).toMatch(/^friend/)
  await friend.context().close()

  // A link naming nobody opens sign-up without an invitation line.
  const stranger = await (await browser.newContext()).newPage()
  await stranger.goto('/r/nobody-at-all')
  await expect(stranger.getByRole('form', { name: 'Create account' })).toBeVisible()
  await expect(stranger.getByTestId('invited-by')).toHaveCount(0)
  await stranger.context().close()
})

test('on a server with no sign-in set up, the checklist offers what can be connected and the buttons say why they are off before any click', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await registerInUi(page, 'connector')
  const step = page
    .getByTestId('onboarding-checklist')
    .getByRole('listitem')
    .filter({ hasText: 'Connect your channel' })
  await expect(step.getByTestId('connectable-services')).toHaveText(
    'On this server you can connect: StreamElements (with its JWT token).',
  )

  await page.goto('/donation-settings')
  const twitch = page.getByRole('button', { name: 'Connect Twitch' })
  await expect(twitch).toBeDisabled()
  await expect(twitch).toHaveAccessibleDescription('Twitch is not set up on this server yet.')
  await expect(page.getByRole('button', { name: 'Connect Streamlabs' })).toBeDisabled()
  // StreamElements still connects with its JWT token; a creator is not shown the server's settings.
  await expect(page.getByRole('button', { name: 'Use JWT token' })).toBeEnabled()
  await expect(page.getByText('TWITCH_CLIENT_ID')).toHaveCount(0)
  await page.getByRole('radio', { name: 'YouTube', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Connect YouTube' })).toBeDisabled()
  await page.getByRole('radio', { name: 'Twitch', exact: true }).click()

  // The server's admin, signed in in the same browser, is told what to set.
  await adminSignIn(page)
  await page.goto('/donation-settings')
  const setup = page.getByRole('listitem', { name: 'Twitch on Twitch' })
  await expect(setup).toContainText('To set it up, give the server TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET')
  await page.screenshot({ path: `${SHOTS}/connect-not-set-up-admin.png`, fullPage: true })
})
