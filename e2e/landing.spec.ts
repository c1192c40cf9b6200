import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { adminSignIn } from './support'

// Landing, early access and its admin side, as people click them (playwright.config.ts runs the
// real server with the built web app on a fresh database).
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`

test('a visitor generates a line and signs up for early access; signing up again updates the answers', async ({
  page,
}) => {
  await page.goto('/landing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Give your stream a voice and a face.')

  // Quick Create: a real line from the chosen category, and another one on request. Its code loads
  // as the visitor scrolls near it.
  const quickCreate = page.locator('#quick-create')
  await quickCreate.scrollIntoViewIfNeeded()
  await quickCreate.getByRole('radio', { name: 'Hype' }).click()
  const line = quickCreate.getByLabel('Your line')
  await expect(line).not.toHaveValue('')
  const first = await line.inputValue()
  await quickCreate.getByRole('button', { name: 'Another line' }).click()
  await expect(line).not.toHaveValue(first)
  await expect(line).not.toHaveValue('')
  await expect(quickCreate.getByRole('link', { name: /sign up free/ })).toHaveAttribute(
    'href',
    '/login?mode=register',
  )

  // Ready-made lines further down fill the same box.
  await page.getByRole('button', { name: /Sign Off/ }).click()
  await expect(quickCreate.getByRole('radio', { name: 'Sign Off' })).toHaveAttribute('aria-checked', 'true')

  // The survey, as a creator.
  const email = unique('creator')
  await page.getByRole('button', { name: 'Get early access' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Get early access' })
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please choose one to continue')
  await dialog.getByRole('radio', { name: /I'm a creator/ }).click()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByText('Step 2 of 6')).toBeVisible()
  await dialog.getByRole('radio', { name: '10K – 100K followers' }).click()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('checkbox', { name: /Spoken TTS stream alerts/ }).click()
  await dialog.getByRole('button', { name: 'Continue' }).click()

  await dialog.getByRole('checkbox', { name: /YouTube/ }).click()
  const youtube = dialog.getByLabel('YouTube channel link')
  await youtube.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(
    dialog.getByText('Please enter a YouTube channel link like youtube.com/channel/… or youtube.com/user/…'),
  ).toBeVisible()
  await youtube.fill('https://www.youtube.com/channel/UC_e2e_creator')
  await dialog.getByRole('button', { name: 'Continue' }).click()

  await dialog.getByRole('textbox').fill('Read my superchats in my own voice')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByLabel('Email').fill('not-an-email')
  await dialog.getByRole('button', { name: 'Join early access' }).click()
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible()
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Join early access' }).click()
  await expect(dialog.getByRole('status')).toHaveText(
    "You're on the list! We'll email you as soon as your early access is ready.",
  )
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click()
  await expect(dialog).toBeHidden()

  // Same email again, as a fan, from the section at the bottom: a friendly update, not an error.
  await page.getByRole('button', { name: /I'm a fan/ }).click()
  await expect(dialog.getByText('Step 2 of 6')).toBeVisible()
  await dialog.getByRole('radio', { name: 'Tips and donations' }).click()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('checkbox', { name: /Clips of favourite streams/ }).click()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await dialog.getByLabel('Email').fill(email.toUpperCase())
  await dialog.getByRole('button', { name: 'Join early access' }).click()
  await expect(dialog.getByRole('status')).toHaveText(
    "You're already on the list. We've updated your answers.",
  )
})

test('an admin downloads the early registers as CSV and mails the TTS list', async ({ page, request }) => {
  const email = unique('csv')
  const signup = await request.post('/api/early-register', {
    data: {
      uuid: crypto.randomUUID(),
      email,
      role: 'creator',
      surveys: [
        { question_id: 'creator_audience', value: 'under_1k' },
        { question_id: 'creator_interests', value: ['tts_alerts'] },
      ],
      channels: [{ platform: 'twitch', url: 'https://twitch.tv/csv_streamer' }],
    },
  })
  expect(signup.ok()).toBe(true)

  await adminSignIn(page)
  await page.getByRole('link', { name: 'Early registers' }).click()
  await expect(page).toHaveURL(/\/admin\/early-registers$/)
  await expect(page.getByRole('cell', { name: email })).toBeVisible()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^early-registers-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = fs.readFileSync(await download.path(), 'utf8')
  expect(csv.split('\r\n')[0]).toMatch(/^\uFEFF?Email,Role,Channels,/)
  const row = csv.split('\r\n').find((l) => l.startsWith(email))
  expect(row).toContain(
    `${email},creator,twitch: https://twitch.tv/csv_streamer,Just getting started (under 1K),Spoken TTS stream alerts`,
  )

  // The TTS list, mailed: the dialog's own checks first.
  await page.getByRole('link', { name: 'TTS early access' }).first().click()
  await expect(page).toHaveURL(/\/admin\/early-registers\/tts$/)
  await expect(page.getByRole('cell', { name: email })).toBeVisible()
  await page.getByRole('button', { name: 'Send CSV by email' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send CSV by email' })
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(dialog.getByText('Please Enter Email')).toBeVisible()
  await dialog.getByLabel('Email').fill('ops@nowhere')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(dialog.getByText('Please Enter Correct Email')).toBeVisible()
  await dialog.getByLabel('Email').fill('ops@example.com')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Send email success' })).toBeVisible()
  await expect(dialog).toBeHidden()

  await page.goto('/admin/outbox')
  await expect(page.getByText(/Mouthpiece TTS early-access list/).first()).toBeVisible()
})

test('an admin adds a sentence category and visitors can use it; the last 3 active stay on', async ({
  page,
}) => {
  await adminSignIn(page)
  await page.goto('/admin/sentences')
  await page.getByRole('button', { name: 'New category' }).click()
  const dialog = page.getByRole('dialog', { name: 'New category' })
  await dialog.getByLabel('Display name').fill('Raid Welcome')
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('raid-welcome')
  await dialog.getByLabel('Order').fill('0')
  await dialog
    .getByLabel(/Sentences/)
    .fill('Welcome, raiders! Make yourselves at home.\nThanks for the raid, you are all legends!')
  // The server's answer first: on a loaded CI machine the save can outlast the toast's wait, and a
  // refusal should say what the server said rather than "toast not found".
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/sentences/category'), {
    timeout: 30_000,
  })
  await dialog.getByRole('button', { name: 'Create category' }).click()
  const answer = await saved
  expect(answer.status(), await answer.text()).toBe(200)
  await expect(page.getByRole('status').filter({ hasText: 'Create category success' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Raid Welcome raid-welcome', exact: true })).toBeVisible()

  // Editing locks the name.
  await page.getByRole('button', { name: 'Edit Raid Welcome' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit category' })
  await expect(edit.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '')
  await edit.getByRole('button', { name: 'Cancel' }).click()

  // Switch categories off until 3 are active: then the remaining switches are disabled, with the reason.
  for (const name of ['Greetings', 'Stream Starting', 'Thank You', 'Hype']) {
    await page.getByRole('switch', { name: `Show ${name}` }).click()
    await expect(page.getByRole('switch', { name: `Show ${name}` })).toHaveAttribute('aria-checked', 'false')
  }
  const locked = page.getByRole('switch', { name: 'Show Raid Welcome' })
  await expect(locked).toBeDisabled()
  await expect(
    page.getByRole('tooltip', { name: 'Only at least 3 categories are active' }).first(),
  ).toBeAttached()

  await page.goto('/landing')
  const quickCreate = page.locator('#quick-create')
  await quickCreate.scrollIntoViewIfNeeded()
  const categories = quickCreate.getByRole('radiogroup', { name: 'Sentence category' })
  await expect(categories.getByRole('radio')).toHaveCount(3)
  await categories.getByRole('radio', { name: 'Raid Welcome' }).click()
  await expect(quickCreate.getByLabel('Your line')).toHaveValue(/raid/i)
})
