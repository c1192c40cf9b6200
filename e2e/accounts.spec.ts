import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { E2E_ADMIN, adminSignIn } from './support'

// Accounts end to end, as a person clicks them: the real server with the built web app (playwright.config.ts).
const SHOTS = 'test-results/screens'
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function signIn(page: Page, login: string, password: string) {
  await page.getByLabel('Username or email').fill(login)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
}

test('register, see the signed-in header and profile menu, log out, log back in', async ({ page }) => {
  const username = unique('maker')
  const email = `${username}@example.com`
  await page.goto('/login')
  await page.getByRole('button', { name: 'Create an account' }).click()
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
  await page.getByLabel('Username').fill(username)
  await expect(page.getByText('Username is available')).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('first-password-1')
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible()
  const main = page.getByRole('navigation', { name: 'Main' })
  await expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard')
  await expect(main.getByRole('link', { name: 'Pricing' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible()
  expect((await page.locator('header').first().boundingBox())?.height).toBeGreaterThanOrEqual(88)

  await page.getByRole('button', { name: 'Profile menu' }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByTestId('profile-username')).toHaveText(username)
  await expect(menu.getByTestId('profile-email')).toHaveText(email)
  for (const entry of [
    'Live Stream Alerts',
    'Quick Create',
    'Project Editor',
    'Manage Billing / Payment',
    'Sign Out',
  ])
    await expect(menu.getByRole('menuitem', { name: entry })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/accounts-profile-menu.png` })
  await page.keyboard.press('Escape')

  // The same name again is taken: the live check says so before submitting.
  // The switch to the register form runs the route's guard first: until its heading shows, a
  // "Username" label would also find the login form's "Username or email".
  await signOut(page)
  await page.getByRole('button', { name: 'Create an account' }).click()
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible()
  await page.getByLabel('Username', { exact: true }).fill(username)
  await expect(page.getByRole('alert').filter({ hasText: /taken/i })).toBeVisible()
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()

  await signIn(page, username, 'wrong-password-9')
  await expect(page.getByText('Invalid username or password')).toBeVisible()
  await expect(page.getByLabel('Password')).toHaveValue('')
  await signIn(page, email, 'first-password-1')
  await expect(page).toHaveURL(/\/dashboard$/)
  await signOut(page)
})

test('forgot password: the reset mail in the admin Outbox sets a new password', async ({ page, request }) => {
  const username = unique('reset')
  const email = `${username}@example.com`
  expect(
    (await request.post('/api/register', { data: { username, email, password: 'old-password-1' } })).ok(),
  ).toBe(true)

  await page.goto('/login')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reset Password' })
  await dialog.getByRole('button', { name: 'Reset' }).click()
  await expect(dialog.getByText('Please enter valid email id')).toBeVisible()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Reset' }).click()
  await expect(dialog.getByText(`An email with recovery details has been sent to ${email}`)).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/accounts-reset-mail-sent.png` })
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toBeHidden()

  await adminSignIn(page)
  await page
    .getByRole('navigation', { name: 'Admin', exact: true })
    .getByRole('link', { name: 'Outbox' })
    .click()
  await page.getByRole('row').filter({ hasText: email }).first().getByRole('link').click()
  const link = page.getByTestId('mail-text').getByRole('link', { name: /reset-password\?token=/ })
  await expect(link).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/accounts-outbox-mail.png` })
  const resetUrl = new URL((await link.getAttribute('href')) ?? '')

  await page.goto(resetUrl.pathname + resetUrl.search)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('new-password-2')
  await page.getByLabel('Confirm new password').fill('new-password-2')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await signIn(page, username, 'old-password-1')
  await expect(page.getByText('Invalid username or password')).toBeVisible()
  await signIn(page, username, 'new-password-2')
  await expect(page).toHaveURL(/\/dashboard$/)
  await signOut(page)

  // The link works once.
  await page.goto(resetUrl.pathname + resetUrl.search)
  await expect(page.getByRole('heading', { name: "This reset link can't be used" })).toBeVisible()
})

test('admin creates, edits and deletes a user', async ({ page }) => {
  const username = unique('member')
  await adminSignIn(page)
  await page
    .getByRole('navigation', { name: 'Admin', exact: true })
    .getByRole('link', { name: 'Users' })
    .click()
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible()

  // Server errors per field, first message each, password cleared.
  await page.getByRole('button', { name: 'Create user' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create user' })
  await dialog.getByLabel('Username').fill(username)
  await dialog.getByLabel('Email').fill('not-an-email')
  await dialog.getByLabel('Password').fill('short')
  await dialog.getByRole('button', { name: 'Create And Close' }).click()
  await expect(dialog.getByText('Please enter valid email id')).toBeVisible()
  await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible()
  await expect(dialog.getByLabel('Password')).toHaveValue('')
  await page.screenshot({ path: `${SHOTS}/accounts-create-user-errors.png` })

  await dialog.getByLabel('Email').fill(`${username}@example.com`)
  await dialog.getByLabel('Password').fill('member-password-1')
  await dialog.getByRole('button', { name: 'Create And Edit' }).click()
  await expect(page).toHaveURL(/\/admin\/edit-user\/\d+$/)
  await expect(page.getByRole('heading', { name: username })).toBeVisible()

  await page.getByLabel('Email').fill(`${username}@changed.example.com`)
  await page.getByRole('switch', { name: 'Account enabled' }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('User saved')).toBeVisible()
  await page.getByRole('switch', { name: 'Super user' }).click()
  await expect(page.getByText('Made super user')).toBeVisible()
  await page.getByRole('switch', { name: 'Grandfather status' }).click()
  await expect(page.getByText('Grandfather status set')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Email')).toHaveValue(`${username}@changed.example.com`)
  await expect(page.getByRole('switch', { name: 'Account enabled' })).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByRole('switch', { name: 'Super user' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('switch', { name: 'Grandfather status' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await page.screenshot({ path: `${SHOTS}/accounts-edit-user.png` })

  await page.getByRole('button', { name: 'Delete user' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirmation' })
  await expect(confirm).toContainText(username)
  await confirm.getByRole('button', { name: 'Yes' }).click()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await page.getByRole('searchbox', { name: 'Search users' }).fill(username)
  await expect(page.getByText(`No user matches “${username}”.`)).toBeVisible()

  // Create And Close: the modal closes and the list reloads with the new user.
  const second = unique('listed')
  await page.getByRole('button', { name: 'Create user' }).click()
  await dialog.getByLabel('Username').fill(second)
  await dialog.getByLabel('Email').fill(`${second}@example.com`)
  await dialog.getByLabel('Password').fill('member-password-1')
  await dialog.getByRole('button', { name: 'Create And Close' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('searchbox', { name: 'Search users' }).fill(second)
  await expect(page.getByRole('link', { name: second })).toBeVisible()
})

test('guards: protected routes go to login and back, the admin area to admin login and back', async ({
  page,
  request,
}) => {
  const username = unique('guard')
  await request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: 'guard-password-1' },
  })

  await page.goto('/dashboard/user-settings')
  await expect(page).toHaveURL(/\/login$/)
  await signIn(page, username, 'guard-password-1')
  await expect(page).toHaveURL(/\/dashboard\/user-settings$/)
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible()

  // Signed in: login-type routes and the default route go to the signed-in home.
  await page.goto('/mouthpiece-login')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/TwitchCon')
  await expect(page).toHaveURL(/\/dashboard$/)
  await signOut(page)

  await page.goto('/admin/users?page=1')
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/)
  await page.getByLabel('Username').fill(E2E_ADMIN.username)
  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin\/users\?page=1$/)
  await page.goto('/admin/login')
  await expect(page).toHaveURL(/\/admin$/)

  await page.getByRole('button', { name: 'Admin menu' }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/admin\/login/)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/)
})
