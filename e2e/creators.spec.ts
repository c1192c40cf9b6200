import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { adminSignIn, registerInUi } from './support'

const PORTRAIT = fileURLToPath(new URL('../packages/media/fixtures/portrait-1024.jpg', import.meta.url))

// An admin adds a creator from a photo, watches the processing, restricts it to the Pro plan; a
// user on the free plan does not see it in Quick Create. Voice profiles and tags are kept up alongside.
test('admin adds a creator from a photo, watches progress, restricts it to a plan; a free user does not see it', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const adminPage = await (await browser.newContext()).newPage()
  await adminSignIn(adminPage)
  await adminPage.goto('/admin/creator-management/add-creator')
  await expect(
    adminPage
      .getByRole('navigation', { name: 'Creator management' })
      .getByRole('link', { name: 'Add creator' }),
  ).toHaveAttribute('aria-current', 'page')
  const form = adminPage.getByRole('form', { name: 'Add a creator' })
  await form.getByLabel('Name').fill('Ada Streams')
  await form.getByLabel('Photos or a short video').setInputFiles(PORTRAIT)
  await form.getByRole('button', { name: 'Add and process' }).click()

  await expect(adminPage).toHaveURL(/add-creator\/process\?id=ada-streams-/)
  // The tab still says where we are: adding a creator.
  await expect(
    adminPage
      .getByRole('navigation', { name: 'Creator management' })
      .getByRole('link', { name: 'Add creator' }),
  ).toHaveAttribute('aria-current', 'page')
  const bar = adminPage.getByRole('progressbar', { name: 'Processing progress' })
  await expect(bar).toBeVisible()
  await expect(adminPage.getByTestId('creator-ready')).toBeVisible({ timeout: 120_000 })
  await expect(bar).toHaveAttribute('aria-valuenow', '100')
  await expect(adminPage.getByRole('img', { name: 'Ada Streams photo avatar' })).toBeVisible()
  await adminPage.screenshot({ path: test.info().outputPath('creator-processed.png'), fullPage: true })
  const id = new URL(adminPage.url()).searchParams.get('id')!

  // Restricted to Pro.
  await adminPage.getByRole('link', { name: 'Set permission' }).click()
  await expect(
    adminPage
      .getByRole('navigation', { name: 'Creator management' })
      .getByRole('link', { name: 'Permission' }),
  ).toHaveAttribute('aria-current', 'page')
  await adminPage.getByLabel('Pro').check()
  await adminPage.getByRole('button', { name: 'Save permission' }).click()
  await expect(adminPage.getByText('Permission saved')).toBeVisible()
  await adminPage.screenshot({ path: test.info().outputPath('creator-permission.png'), fullPage: true })
  await adminPage.goto(`/admin/creator-management/list/${id}`)
  await expect(adminPage.getByText('plan pro')).toBeVisible()
  await expect(
    adminPage.getByRole('navigation', { name: 'Creator management' }).getByRole('link', { name: 'Creators' }),
  ).toHaveAttribute('aria-current', 'page')
  await adminPage.screenshot({ path: test.info().outputPath('creator-detail.png'), fullPage: true })

  // Update avatar: the admin removes the creator's background for a plain colour; the dataset shows
  // the picture in use; the landing video is made again.
  await expect(adminPage.getByTestId('dataset-item')).toHaveCount(1)
  await expect(adminPage.getByTestId('dataset-item')).toContainText('In use')
  await adminPage.getByText('Remove it: plain colour').click()
  await adminPage.getByLabel('Background colour').fill('#222831')
  await adminPage.getByRole('button', { name: 'Apply background' }).click()
  await expect(adminPage.getByText('Background removed')).toBeVisible({ timeout: 60_000 })
  const bg = await adminPage.evaluate(
    async (cid) =>
      (
        (await (await fetch('/api/influencers')).json()) as {
          influencers: Array<{ id: string; look: { photo?: { background?: unknown } } }>
        }
      ).influencers.find((i) => i.id === cid),
    id,
  )
  expect(bg).toBeUndefined() // restricted to Pro: not listed publicly; the admin API has it
  // Kept to Pro, it is not on the public landing page: refreshing its video is refused, clearly.
  await adminPage.getByRole('button', { name: 'Refresh landing video' }).click()
  await expect(
    adminPage.getByText('Only a ready creator shown to every user has a video on the landing page.'),
  ).toBeVisible()
  await adminPage.screenshot({
    path: test.info().outputPath('creator-avatar-background.png'),
    fullPage: true,
  })

  // A free user: not in the picker, not in the API.
  const userPage = await (await browser.newContext()).newPage()
  await registerInUi(userPage, 'freebie')
  await userPage.goto('/landing#quick-create')
  const qc = userPage.locator('#quick-create')
  await expect(qc.getByRole('radio').first()).toBeVisible()
  await expect(qc.getByRole('radio', { name: /Ada Streams/ })).toHaveCount(0)
  const listed = await userPage.evaluate(async () =>
    (
      (await (await fetch('/api/influencers')).json()) as { influencers: Array<{ id: string }> }
    ).influencers.map((i) => i.id),
  )
  expect(listed).not.toContain(id)

  // Open to everyone again: the same user sees it.
  await adminPage.goto(`/admin/creator-management/permission?id=${id}`)
  await expect(adminPage.getByLabel('Pro')).toBeChecked()
  await adminPage.getByLabel('Pro').uncheck()
  await adminPage.getByRole('button', { name: 'Save permission' }).click()
  await expect(adminPage.getByText('Permission saved')).toBeVisible()
  await userPage.reload()
  await expect(userPage.locator('#quick-create').getByRole('radio', { name: /Ada Streams/ })).toBeVisible()

  // Phone width: the creator pages still read.
  await adminPage.setViewportSize({ width: 390, height: 844 })
  await adminPage.goto('/admin/creator-management/list')
  await expect(adminPage.getByRole('list', { name: 'Creators' })).toContainText('Ada Streams')
  await adminPage.screenshot({ path: test.info().outputPath('creators-list-mobile.png'), fullPage: true })
  await adminPage.goto('/admin/creator-management/default-prompts')
  await adminPage.getByRole('button', { name: 'Add prompt' }).click()
  await adminPage.getByLabel('Prompt name').fill('Cozy gamer')
  await adminPage.getByLabel('Wearing').fill('hoodie, headset')
  await adminPage.getByRole('button', { name: 'Save prompts' }).click()
  await expect(adminPage.getByText('Default prompts saved')).toBeVisible()
  await adminPage.screenshot({ path: test.info().outputPath('default-prompts-mobile.png'), fullPage: true })
})

test('admin keeps voice profiles with tags; a user filters the voice picker by a tag', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const adminPage = await (await browser.newContext()).newPage()
  await adminSignIn(adminPage)
  await adminPage.goto('/admin/voice-profiles/tags')
  const tagForm = adminPage.getByRole('form', { name: 'Add a tag' })
  await tagForm.getByLabel('Group').selectOption('accent')
  await tagForm.getByLabel('Tag').fill('Scottish')
  await tagForm.getByRole('button', { name: 'Add tag' }).click()
  await expect(adminPage.getByRole('list', { name: 'accent tags' })).toContainText('Scottish')
  await tagForm.getByLabel('Tag').fill('scottish')
  await tagForm.getByRole('button', { name: 'Add tag' }).click()
  await expect(adminPage.getByText('The accent tag “scottish” already exists')).toBeVisible()
  await adminPage.screenshot({ path: test.info().outputPath('voice-tags.png'), fullPage: true })

  await adminPage.goto('/admin/voice-profiles')
  await adminPage.getByRole('button', { name: 'New profile' }).click()
  const modal = adminPage.getByRole('dialog')
  await modal.getByLabel('Name').fill('Highland Hamish')
  await modal.getByLabel('Engine voice').selectOption('espeak:en-gb-scotland')
  await modal.getByRole('button', { name: 'Scottish' }).click()
  await modal.getByRole('button', { name: 'Create profile' }).click()
  await expect(adminPage.getByText('Voice profile created')).toBeVisible({ timeout: 60_000 })
  const row = adminPage.getByRole('row', { name: /Highland Hamish/ })
  await expect(row).toContainText('Scottish')
  await expect(row.getByRole('img', { name: /Sample of/ }).or(row.locator('audio'))).toHaveCount(1)
  await adminPage.screenshot({ path: test.info().outputPath('voice-profiles.png'), fullPage: true })

  const userPage = await (await browser.newContext()).newPage()
  await registerInUi(userPage, 'tagger')
  await userPage.goto('/voice-editor')
  await userPage.getByLabel('Filter voices by tag').first().selectOption({ label: 'Scottish' })
  const picker = userPage.locator('select').first()
  await expect(picker.locator('option', { hasText: 'Highland Hamish' })).toHaveCount(1)
  await expect(picker.locator('option', { hasText: /German/ })).toHaveCount(0)
  await picker.selectOption({ label: 'Highland Hamish · Scottish' })
  await userPage.screenshot({ path: test.info().outputPath('voice-picker-filtered.png'), fullPage: true })
})
