import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'

// Issue 29's keyboard stories, with the keyboard alone (the skip link and the #quick-create start are
// in a11y.spec.ts). Runs on playwright.config.ts's server, with its render workers.

test.use({ trace: 'off', screenshot: 'off' })

/** What has the keyboard's focus: its tag, accessible name parts and whether it is inside `within`. */
const focused = (page: Page, within?: string) =>
  page.evaluate((sel) => {
    const el = document.activeElement
    return {
      tag: el?.tagName ?? 'NONE',
      label: el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 40) ?? '',
      inside: sel ? Boolean(el && document.querySelector(sel)?.contains(el)) : false,
    }
  }, within)

/** Presses Tab until `done` says the focus is where it should be; never past `max` stops. */
async function tabTo(page: Page, done: () => Promise<boolean>, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await done()) return
    await page.keyboard.press('Tab')
  }
  expect(await done(), `reached in ${max} Tab presses`).toBe(true)
}

test('Quick Create with the keyboard alone: the focus stays on the stage while it renders, the finished video is announced and reachable', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await page.goto('/landing#quick-create')
  const qc = page.locator('#quick-create')
  const line = qc.getByRole('textbox', { name: 'Your line' })
  // A link to #quick-create starts the keyboard in the line box.
  await expect(line).toBeFocused()
  await page.keyboard.type('Thanks for the raid, you are all legends!')
  await expect(line).toHaveValue('Thanks for the raid, you are all legends!')
  const generate = qc.getByRole('button', { name: 'Generate video' })
  await tabTo(page, async () => await generate.evaluate((b) => b === document.activeElement))
  await page.keyboard.press('Enter')

  // While it renders the focus never falls to the page: it waits on the stage, where the video lands.
  const stage = qc.getByRole('region', { name: 'Your video' })
  const video = qc.getByTestId('render-video')
  const seen = new Set<string>()
  const deadline = Date.now() + 120_000
  while (!(await video.isVisible()) && Date.now() < deadline) {
    const f = await focused(page, '#quick-create [role="region"]')
    seen.add(`${f.tag}${f.inside ? ' on the stage' : ''}`)
    expect(f.tag, 'the focus while the video renders').not.toBe('BODY')
    await page.waitForTimeout(250)
  }
  await expect(video).toBeVisible()
  expect([...seen]).toContain('DIV on the stage')
  await expect(stage).toBeFocused()

  // Screen readers hear it, and the next Tab reaches the video (its controls).
  await expect(stage.locator('[aria-live="polite"]')).toHaveText('Your video is ready')
  await page.keyboard.press('Tab')
  await expect(video).toBeFocused()
})

test('a sign-up with a bad email: the field is marked invalid and described by the visible message', async ({
  page,
}) => {
  await page.goto('/login?mode=register')
  const username = page.getByLabel('Username')
  await tabTo(page, async () => await username.evaluate((e) => e === document.activeElement))
  await page.keyboard.type(`keys${Date.now() % 1_000_000}`)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Email')).toBeFocused()
  await page.keyboard.type('not-an-email')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.keyboard.type('correct horse 1')
  await page.keyboard.press('Enter')

  const email = page.getByLabel('Email')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  // The message the field points at is on screen and says what is wrong.
  const describedBy = (await email.getAttribute('aria-describedby')) ?? ''
  expect(describedBy).not.toBe('')
  const message = page.locator(`[id="${describedBy.split(' ')[0]}"]`)
  await expect(message).toBeVisible()
  await expect(message).toHaveText(/email/i)
  await expect(email).toHaveAccessibleDescription(/email/i)
  // The first wrong field has the focus, so typing fixes it; the others are not marked.
  await expect(email).toBeFocused()
  await expect(page.getByLabel('Username')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Password')).not.toHaveAttribute('aria-invalid', 'true')
})
