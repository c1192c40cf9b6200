import { expect, test } from '@playwright/test'
import type { APIRequestContext } from '@playwright/test'
import { E2E_ADMIN, adminSignIn } from './support'

// The back office as an operator clicks it: the render pool scaled from the instances screen, and
// a bulk action on every user a filter matches (more than one page) traced in the audit log.

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN })
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
}

test('an admin scales the embedded render pool from 1 to 2 and sees the worker count change', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request)
  try {
    await adminSignIn(page)
    await page
      .getByRole('navigation', { name: 'Admin', exact: true })
      .getByRole('link', { name: 'Instances' })
      .click()
    await expect(page).toHaveURL(/\/admin\/instances$/)
    await expect(page.getByText('render-workers')).toBeVisible()
    const running = page.getByText('Running', { exact: true }).locator('..')
    await expect(running).toContainText('1')
    await page.getByLabel('Desired capacity').fill('2')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('render-workers: 2 workers asked for')).toBeVisible()
    await expect(page.getByText('Desired', { exact: true }).locator('..')).toContainText('2')
    await expect(running).toContainText('2')
    // The server's own count agrees.
    const count = (await (
      await request.get('/api/admin/instances/render-workers/count', { headers })
    ).json()) as { desired: number; running: number }
    expect(count).toMatchObject({ desired: 2, running: 2 })
  } finally {
    await request.post('/api/admin/instances/render-workers/desired-count', {
      headers,
      data: { DesiredCapacity: 1 },
    })
  }
})

test('an admin disables every user matching a filter across pages and finds each change in the audit log', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request)
  const tag = `ops${Date.now() % 100_000}`
  // 13 users: two pages of ten on the users screen.
  for (let i = 0; i < 13; i++) {
    const res = await request.post('/api/admin/users/create', {
      headers,
      data: { username: `${tag}u${i}`, email: `${tag}u${i}@ops.test`, password: 'user password 1' },
    })
    expect(res.ok()).toBe(true)
  }
  await adminSignIn(page)
  await page.goto('/admin/users')
  await page.getByLabel('Search users').fill(tag)
  await expect(page).toHaveURL(new RegExp(`keySearch=${tag}`))
  await page.getByRole('combobox').first().selectOption('enabled')
  await expect(page).toHaveURL(/status=enabled/)
  await expect(page.getByText('Page 1 of 2 · 13 in total')).toBeVisible()

  await page.getByRole('button', { name: 'Bulk action…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Bulk action on matching users' })
  await expect(dialog).toContainText(`the search “${tag}”, status enabled`)
  await dialog.getByRole('button', { name: 'Dry run: count matching users' }).click()
  await expect(dialog.getByTestId('bulk-dry-run')).toContainText('This will disable 13 users')
  await dialog.getByRole('button', { name: 'Disable 13 users' }).click()
  await expect(dialog.getByTestId('bulk-report')).toContainText('13changed', { timeout: 30_000 })
  await expect(dialog.getByRole('progressbar', { name: 'Bulk action progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  )
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()

  // The filter (status enabled) now matches nobody; disabled shows all 13 across both pages.
  await expect(page.getByText('No user matches these filters.')).toBeVisible()
  await page.getByRole('combobox').first().selectOption('disabled')
  await expect(page.getByText('Page 1 of 2 · 13 in total')).toBeVisible()

  // Each change is in the audit log, with the value before and after.
  await page
    .getByRole('navigation', { name: 'Admin', exact: true })
    .getByRole('link', { name: 'Audit log' })
    .click()
  await page.getByLabel('Action').selectOption('users.disable')
  await expect(page).toHaveURL(/action=users.disable/)
  const rows = page
    .getByRole('table', { name: 'Audit log' })
    .getByRole('row')
    .filter({ hasText: 'users.disable' })
  // Newest first: the bulk run's 13 entries lead, each by the admin, each with before → after.
  await expect(rows.nth(12)).toBeVisible()
  for (let i = 0; i < 13; i++) {
    await expect(rows.nth(i)).toContainText(E2E_ADMIN.username)
    await expect(rows.nth(i).getByTestId('audit-change')).toContainText('is_enabled: true → false')
  }
  const api = (await (
    await request.get('/api/admin/audit-log?action=users.disable&per_page=100', { headers })
  ).json()) as { list: Array<{ target_id: string; before: { username: string } }> }
  const names = api.list
    .map((e) => e.before.username)
    .filter((n) => n.startsWith(tag))
    .sort()
  expect(names).toEqual(Array.from({ length: 13 }, (_, i) => `${tag}u${i}`).sort())
})
