import { expect, test } from '@playwright/test'
import { adminSignIn } from './support'

// An operator runs a small stress test of the speech engine from the back office and reads its
// result: live figures on the testing screen (pushed on the admins' socket), then the kept result
// with percentiles and histogram.

test('an admin runs a small stress test and reads its result', async ({ page }) => {
  test.setTimeout(180_000)
  const pushes: string[] = []
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"stress-test-event"')) pushes.push(payload)
    }),
  )
  await adminSignIn(page)
  await page
    .getByRole('navigation', { name: 'Admin', exact: true })
    .getByRole('link', { name: 'Stress test', exact: true })
    .click()
  await expect(page).toHaveURL(/\/admin\/stress-test\/testing$/)

  // A cap out of bounds: the server's message under the field, nothing started.
  await page.getByLabel('Requests').fill('0')
  await page.getByRole('button', { name: 'Start stress test' }).click()
  await expect(page.getByText('requests must be between 1 and 500')).toBeVisible()

  await page.getByLabel('Voice service').check()
  await page.getByLabel('Requests').fill('3')
  await page.getByLabel('Concurrency').fill('1')
  await page.getByLabel('Duration cap (seconds)').fill('120')
  await page.getByRole('button', { name: 'Start stress test' }).click()
  const requestsDone = page.getByText('Requests done', { exact: true }).locator('..')
  await expect(requestsDone).toContainText('3 / 3', { timeout: 150_000 })
  await expect(page.getByText('completed', { exact: true })).toBeVisible()
  // The figures came live over the socket, the end included.
  // (Polled: the page's fallback poll may show "completed" before the socket frame is recorded.)
  await expect.poll(() => pushes.some((p) => p.includes('"status":"running"'))).toBe(true)
  await expect.poll(() => pushes.some((p) => p.includes('"status":"completed"'))).toBe(true)

  await page.getByRole('link', { name: 'Open this result' }).click()
  await expect(page).toHaveURL(/\/admin\/stress-test\/results\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Stress test result' })).toBeVisible()
  await expect(page.getByText('p95', { exact: true }).locator('..')).toContainText(/\d+ (ms|s)/)
  await expect(
    page.getByRole('list', { name: 'Latency histogram' }).getByRole('listitem').first(),
  ).toBeVisible()
  await expect(page.getByText('No errors.')).toBeVisible()
  await page.screenshot({ path: 'test-results/stress-test-result.png', fullPage: true })

  await page.getByRole('link', { name: 'All results' }).click()
  const row = page.getByRole('row').filter({ hasText: 'Voice service' })
  await expect(row).toContainText('3 / 3')
  await expect(row).toContainText('completed')
  await page.screenshot({ path: 'test-results/stress-test-results.png', fullPage: true })

  // Phone width: the form and the run's figures stack, nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin/stress-test/testing')
  await expect(page.getByRole('button', { name: 'Start stress test' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'test-results/stress-test-testing-mobile.png', fullPage: true })
})
