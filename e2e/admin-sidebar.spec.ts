import { expect, test } from '@playwright/test'
import type { APIRequestContext } from '@playwright/test'
import { E2E_ADMIN, adminSignIn } from './support'

// The back office end to end: every admin screen in the sidebar opens (a concrete path, never a
// literal `:id`), with data in it, then the main actions of the projects, final videos, onboarding
// and profanity-filter screens.

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN })
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
}

/** A creator with two projects and one finished quick-create video (a real render). */
async function seedCreator(request: APIRequestContext, tag: string) {
  const username = `${tag}${Date.now() % 100_000}`
  const reg = await request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: 'correct horse 1' },
  })
  expect(reg.ok()).toBe(true)
  const { token } = (await reg.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}` }
  for (const name of [`${username} trailer`, `${username} intro`])
    expect((await request.post('/api/create-project', { headers, data: { name } })).ok()).toBe(true)
  const avatar = await request.post('/api/custom-avatar/generate', {
    headers,
    data: {
      name: `${username} avatar`,
      prompt: { wearing: 'a red hoodie', style: 'anime', color: 'pink hair' },
    },
  })
  expect(avatar.ok()).toBe(true)
  const made = await request.post('/api/quick-create', {
    headers,
    data: {
      text: 'Welcome to the stream, everyone!',
      voice_id: 'espeak:en-us+f3',
      emotion: 'Happy',
      intensity: 0.8,
    },
  })
  expect(made.ok()).toBe(true)
  const id = ((await made.json()) as { render: { id: string } }).render.id
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/renders/${id}`, { headers })).json()) as {
            render: { status: number }
          }
        ).render.status,
      { timeout: 120_000 },
    )
    .toBe(3)
  return { username, token, headers, renderId: id }
}

test.describe.configure({ mode: 'serial' })

let creator: Awaited<ReturnType<typeof seedCreator>>

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000)
  creator = await seedCreator(request, 'side')
})

test('the admin sidebar opens every screen, each with its data', async ({ page }) => {
  test.setTimeout(120_000)
  await adminSignIn(page)
  const nav = page.getByRole('navigation', { name: 'Admin', exact: true })
  const links = await nav
    .getByRole('link')
    .evaluateAll((as) =>
      as.map((a) => ({ label: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })),
    )
  const visited: string[] = []
  for (const { label, href } of links) {
    expect(href, label).not.toContain(':')
    await nav.getByRole('link', { name: label, exact: true }).click()
    await expect(page, label).toHaveURL(new RegExp(`${href.replace(/[/?]/g, '\\$&')}$`))
    await expect(page.getByRole('heading', { level: 1 }).first(), label).toBeVisible()
    await expect(page.getByText(/Something went wrong|Page not found/)).toHaveCount(0)
    // Every list has rows (or the figures of its screen) once loaded.
    await expect(page.getByText(/Loading…/)).toHaveCount(0, { timeout: 15_000 })
    visited.push(label)
  }
  expect(visited).toEqual(
    expect.arrayContaining([
      'Dashboard',
      'Users',
      'Avatar dataset',
      'Projects',
      'Final videos',
      'Events',
      'Onboarding',
      'Profanity filter',
      'Audit log',
      'Instances',
      'Ad generations',
      'Ad projects',
      'Ad image generations',
      'Ad avatars',
    ]),
  )
  expect(visited).toHaveLength(links.length)

  // The new screens show this creator's data.
  await page.goto(`/admin/projects?keyword=${creator.username}`)
  await expect(page.getByRole('cell', { name: new RegExp(`${creator.username} trailer`) })).toBeVisible()
  await page.goto(`/admin/final-videos?keySearch=${creator.username}`)
  await expect(page.getByRole('link', { name: creator.username })).toBeVisible()
  await page.goto('/admin/events')
  await expect(page.getByRole('row', { name: /projectCreated/ })).toContainText(/[1-9]/)
  await page.goto(`/admin/avatar-dataset?keySearch=${creator.username}`)
  const avatarRow = page.getByRole('row', { name: new RegExp(`${creator.username} avatar`) })
  await expect(avatarRow).toContainText('pink hair')
  await avatarRow.getByRole('button', { name: 'Edit' }).click()
  await page.getByRole('dialog').getByLabel('Colour').fill('green hair')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(avatarRow).toContainText('green hair')
  await page.screenshot({ path: 'test-results/admin-avatar-dataset.png' })
  await page.goto('/admin/onboarding')
  await expect(page.getByTestId('step-create_project').getByTestId('completion-rate')).not.toHaveText('0%')
})

test('projects: change a project setting, mail the CSV with the spec dialog', async ({ page, request }) => {
  await adminSignIn(page)
  await page.goto('/admin/projects')
  await page.getByLabel('Search projects').fill(`${creator.username} intro`)
  await expect(page).toHaveURL(/keyword=/)
  const row = page.getByRole('row', { name: new RegExp(`${creator.username} intro`) })
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: 'Settings' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Orientation').selectOption('portrait')
  await dialog.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText(`Saved the settings of “${creator.username} intro”`)).toBeVisible()
  await expect(row).toContainText('portrait')

  await page.getByRole('button', { name: 'Send CSV by email' }).click()
  const mail = page.getByRole('dialog')
  await mail.getByRole('button', { name: 'Send' }).click()
  await expect(mail.getByText('Please Enter Email')).toBeVisible()
  await mail.getByLabel('Email').fill('ops@nowhere')
  await mail.getByRole('button', { name: 'Send' }).click()
  await expect(mail.getByText('Please Enter Correct Email')).toBeVisible()
  await mail.getByLabel('Email').fill('ops@example.com')
  await mail.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Send email success')).toBeVisible()
  const headers = await adminHeaders(request)
  const outbox = (await (await request.get('/api/admin/outbox', { headers })).json()) as {
    list: Array<{ to: string; subject: string }>
  }
  expect(outbox.list[0]).toMatchObject({ to: 'ops@example.com', subject: 'Mouthpiece projects (1 row)' })
})

test('final videos: play one, then delete every video of a maker as a bulk job', async ({ page }) => {
  await adminSignIn(page)
  await page.goto(`/admin/final-videos?keySearch=${creator.username}`)
  await page
    .getByRole('button', { name: /Quick create/ })
    .first()
    .click()
  const player = page.getByTestId('final-video-player')
  await expect(player).toBeVisible()
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0)
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Bulk delete…' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Dry run: count matching videos' }).click()
  await expect(dialog.getByTestId('bulk-dry-run')).toContainText('This will delete 1 video')
  await dialog.getByRole('button', { name: 'Delete 1 video' }).click()
  await expect(dialog.getByTestId('bulk-report')).toContainText('1changed', { timeout: 30_000 })
  await dialog.getByRole('link', { name: 'See each change in the audit log' }).click()
  await expect(page).toHaveURL(/action=final-videos\.delete/)
  await expect(page.getByRole('row', { name: /final-videos\.delete/ }).first()).toBeVisible()
  await page.goto(`/admin/final-videos?keySearch=${creator.username}`)
  await expect(page.getByText('No finished video matches these filters.')).toBeVisible()
})

test('onboarding: the admin rewrites a step and the user sees it ticked on the dashboard', async ({
  page,
  context,
}) => {
  await adminSignIn(page)
  await page.goto('/admin/onboarding')
  const step = page.getByTestId('step-create_project')
  await step.getByLabel('Title').fill('Open your first project')
  await page.getByRole('button', { name: 'Save checklist' }).click()
  await expect(page.getByText('Checklist saved')).toBeVisible()

  const user = await context.newPage()
  await user.goto('/login')
  await user.getByLabel('Username or email').fill(creator.username)
  await user.getByLabel('Password').fill('correct horse 1')
  await user.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(user).toHaveURL(/\/dashboard/)
  const checklist = user.getByTestId('onboarding-checklist')
  await expect(checklist).toContainText('Open your first project (done)')
  await expect(checklist).toContainText('Connect your channel (to do)')
  await expect(checklist.getByText(/of 5 done/)).toBeVisible()
})

test('profanity filter: the admin adds a bad word and switches the filter', async ({ page }) => {
  await adminSignIn(page)
  await page.goto('/admin/profanity-filter')
  await expect(page.getByTestId('base-list').getByRole('listitem').first()).toBeVisible()
  const bad = page.getByTestId('bad-words')
  await bad.getByRole('textbox').fill('zorkword\nblarg')
  await page.getByRole('button', { name: 'Save bad-word list' }).click()
  await expect(page.getByText('Bad-word list saved (2 words)')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('bad-words').getByRole('textbox')).toHaveValue('blarg\nzorkword')
  await page.getByRole('switch', { name: /Filter alerts/ }).click()
  await expect(page.getByText('Profanity filter off')).toBeVisible()
  await page.getByRole('switch', { name: /Filter alerts/ }).click()
  await expect(page.getByText('Profanity filter on')).toBeVisible()
})
