import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { registerInUi, userToken } from './support'

// The pages around the editor: its entry route, /dashboard/project (#video) and one
// project's page, and asset management (what I store, its size, deleting what is not in use).
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/project-pages'

async function api(page: Page, path: string, data: object): Promise<unknown> {
  const res = await page.request.post(path, {
    headers: { authorization: `Bearer ${await userToken(page)}` },
    data,
  })
  expect(res.ok(), await res.text()).toBeTruthy()
  return (await res.json()) as unknown
}

for (const width of [1366, 390]) {
  test(`editor entry route, dashboard projects, a project's page and asset management at ${width}px`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 })
    await registerInUi(page, `pages${width}`)

    // The editor's entry route (SPEC §2) loads the user and sends them on to the signed-in home.
    await page.goto('/video-editor-landing')
    await expect(page).toHaveURL(/\/dashboard$/)
    // A new video from the #video view, in one dialog: a name and a script.
    await page.goto('/dashboard/project#video')
    await page.getByRole('button', { name: 'Create video' }).click()
    await page.getByLabel('Project name').fill('Landing video')
    await page.getByRole('textbox', { name: 'Script (optional)' }).fill('A line from the landing page.')
    await page.getByRole('button', { name: 'Create project' }).click()
    await expect(page).toHaveURL(/\/video-editor\/\d+$/)
    const projectId = Number(/\/video-editor\/(\d+)$/.exec(page.url())![1])

    // A second one through the API, then the #video view: search, rename, duplicate, delete (confirmed).
    await api(page, '/api/create-project', { name: 'Second video', scenes: ['Hello again.'] })
    await page.goto('/dashboard/project#video')
    await expect(page.getByTestId('project-card')).toHaveCount(2)
    // No placeholder text anywhere on the page (the #ad view is the ads feature's list).
    await expect(page.getByText(/coming soon/i)).toHaveCount(0)
    await page.screenshot({ path: `${SHOTS}/dashboard-project-${width}.png`, fullPage: true })
    await page.getByRole('searchbox', { name: 'Search projects' }).fill('landing')
    await expect(page.getByTestId('project-card')).toHaveCount(1)
    await page.getByRole('searchbox', { name: 'Search projects' }).fill('')
    await expect(page.getByTestId('project-card')).toHaveCount(2)
    await page.getByRole('button', { name: 'Actions for Second video' }).click()
    await page.getByRole('menuitem', { name: 'Rename' }).click()
    await page.getByLabel('Project name').fill('Renamed video')
    // What the server answered goes into the report: a refused rename should say why, not only time out.
    const answers: string[] = []
    page.on(
      'response',
      (r) =>
        void (
          /\/api\/(projects\/\d+\/update|check-project-name)$/.test(r.url()) &&
          r.text().then((t) => answers.push(`${r.status()} ${t.slice(0, 300)}`))
        ),
    )
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('dialog', { name: 'Rename project' }))
      .toBeHidden()
      .catch((e: Error) => {
        throw new Error(`${e.message}\nrename calls: ${answers.join(' | ') || 'none'}`)
      })
    await expect(page.getByRole('link', { name: 'Renamed video', exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Actions for Renamed video' }).click()
    await page.getByRole('menuitem', { name: 'Duplicate' }).click()
    await expect(page.getByTestId('project-card')).toHaveCount(3)
    await page.getByRole('button', { name: 'Actions for Renamed video' }).first().click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await expect(page.getByRole('dialog', { name: 'Delete project' })).toBeVisible()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByTestId('project-card')).toHaveCount(2)

    // One project's page: what it is and its final videos (none yet), a way into the editor.
    await page.goto(`/dashboard/project/${projectId}`)
    await expect(page.getByRole('heading', { name: 'Landing video' })).toBeVisible()
    await expect(page.getByText('No video rendered yet')).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/dashboard-project-item-${width}.png`, fullPage: true })
    await page.goto('/dashboard/project/999999')
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible()

    // Asset management: a background upload and the scene's take, with sizes; the take in use cannot go.
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#243B55' } })
      .png()
      .toBuffer()
    const up = await page.request.post('/api/project-backgrounds/upload', {
      headers: { authorization: `Bearer ${await userToken(page)}` },
      multipart: { file: { name: 'night-sky.png', mimeType: 'image/png', buffer: png } },
    })
    expect(up.ok()).toBeTruthy()
    await page.goto('/dashboard/asset-management')
    await expect(page.getByRole('heading', { name: 'Asset management' })).toBeVisible()
    await expect(page.getByTestId('stored-asset')).toHaveCount(1)
    await expect(page.getByTestId('stored-asset')).toContainText('night-sky.png')
    await expect(page.getByTestId('storage-total')).not.toHaveText('0 B')
    await page.screenshot({ path: `${SHOTS}/assets-uploads-${width}.png`, fullPage: true })
    await page.getByRole('tab', { name: /Audio takes/ }).click()
    await expect(page.getByTestId('stored-asset').first()).toBeVisible()
    await expect(
      page.getByTestId('stored-asset').first().getByRole('button', { name: 'Delete' }),
    ).toBeDisabled()
    await page.screenshot({ path: `${SHOTS}/assets-audio-${width}.png`, fullPage: true })
    await page.getByRole('tab', { name: /Uploads/ }).click()
    const before = await page.getByTestId('storage-total').textContent()
    await page.getByTestId('stored-asset').getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('dialog', { name: 'Delete file' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('heading', { name: 'No uploads yet' })).toBeVisible()
    await expect(page.getByTestId('storage-total')).not.toHaveText(before!)
    await page.getByRole('tab', { name: /Renders/ }).click()
    await expect(page.getByRole('heading', { name: 'No renders yet' })).toBeVisible()
  })
}
