import { expect, test } from '@playwright/test'
import type { APIRequestContext } from '@playwright/test'
import { E2E_ADMIN, adminSignIn } from './support'

// The plans editor (/admin/plans), as an admin clicks it; the pricing page shows what was saved.

/** Puts the seeded Creator price back, so other specs on the same server see the seeded plans. */
async function restoreCreatorPrice(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN })
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
  const { plans } = (await (await request.get('/api/admin/payment/plans', { headers: auth })).json()) as {
    plans: Array<{ id: number; slug: string }>
  }
  const creator = plans.find((p) => p.slug === 'creator')!
  const res = await request.post(`/api/admin/payment/plans/${creator.id}/update`, {
    headers: auth,
    data: { price_cents: 5_900 },
  })
  expect(res.ok()).toBe(true)
}

test('an admin changes a plan price; a refused value shows its message; /pricing shows the new price', async ({
  page,
  request,
}) => {
  try {
    await adminSignIn(page)
    await page
      .getByRole('navigation', { name: 'Admin', exact: true })
      .getByRole('link', { name: 'Plans' })
      .click()
    await expect(page).toHaveURL(/\/admin\/plans$/)
    const table = page.getByRole('table', { name: 'Subscription plans' })
    const creatorRow = table.getByRole('row').filter({ hasText: 'creator' })
    await expect(creatorRow).toContainText('$59.00')
    await expect(table.getByRole('row').filter({ hasText: 'free-trial' })).toContainText('14 days')

    // A paid plan at 0 is refused by the server: the message sits under the price, nothing changes.
    await creatorRow.getByRole('button', { name: 'Edit Creator' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Creator' })
    await expect(dialog.getByLabel('Slug')).toHaveValue('creator')
    await dialog.getByLabel('Price (USD)').fill('0')
    await dialog.getByRole('button', { name: 'Save plan' }).click()
    await expect(dialog.getByText('A paid plan must cost more than 0')).toBeVisible()
    await expect(page.getByText('Could not save the plan')).toBeVisible()

    await dialog.getByLabel('Price (USD)').fill('64.50')
    await dialog.getByRole('button', { name: 'Save plan' }).click()
    await expect(page.getByText('Saved “Creator”')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(creatorRow).toContainText('$64.50')

    await page.goto('/pricing')
    await expect(page.getByRole('article', { name: 'Creator plan' })).toContainText('$64.50')
  } finally {
    await restoreCreatorPrice(request)
  }
})
