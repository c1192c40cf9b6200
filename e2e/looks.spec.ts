import fs from 'node:fs'
import axe from 'axe-core'
import type { AxeResults } from 'axe-core'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import type { Locator, Page } from '@playwright/test'
import { registerInUi, userToken } from './support'

// Issue 24, "a creator's looks are usable everywhere": a creator turns a portrait into a photo
// avatar once, then finds its face first in every avatar picker — a new project made in one
// dialog (name, script, face, voice) that opens in the editor, the editor's scene avatar, an alert
// setup and an ad video.
const PORTRAIT = fileURLToPath(new URL('../packages/media/fixtures/portrait-1024.jpg', import.meta.url))
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/looks'

async function call(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const headers = { authorization: `Bearer ${await userToken(page)}` }
  const res =
    method === 'GET'
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data })
  expect(res.ok(), await res.text()).toBeTruthy()
  return (await res.json()) as Record<string, unknown>
}

/** The face of a picker option has loaded (a picture the server drew). */
const faceLoaded = (option: Locator) =>
  expect
    .poll(() => option.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
    .toBeGreaterThan(0)

test('a photo avatar made once is offered first, with its face, in a one-step new project, the editor, an alert setup and an ad', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1366, height: 900 })
  await registerInUi(page, 'looks')
  const uploaded = await page.request.post('/api/custom-avatar/photo', {
    headers: { authorization: `Bearer ${await userToken(page)}` },
    multipart: {
      name: 'Stream face',
      file: { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PORTRAIT) },
    },
  })
  expect(uploaded.ok(), await uploaded.text()).toBe(true)
  const photoId = ((await uploaded.json()) as { avatar: { id: number } }).avatar.id

  // /projects → New project: one dialog. My photo avatar is the first face; a creator's face next to it.
  await page.goto('/projects')
  await page.getByRole('button', { name: 'New project' }).click()
  const dialog = page.getByRole('dialog', { name: 'New project' })
  await dialog.getByLabel('Project name').fill('Photo show')
  await dialog.getByRole('textbox', { name: 'Script (optional)' }).fill('Hello chat!\n\nSee you next stream.')
  await expect(dialog.getByText('2 scenes')).toBeVisible()
  const faces = dialog.getByRole('radiogroup', { name: 'Avatar' }).getByRole('radio')
  await expect(faces.first()).toHaveAccessibleName('Stream face, your photo avatar')
  await faceLoaded(faces.first())
  await faceLoaded(faces.nth(1))
  // Keyboard: Tab reaches the chosen face (the default creator), Home moves the choice to mine.
  await faces.nth(1).focus()
  await page.keyboard.press('Home')
  await expect(faces.first()).toHaveAttribute('aria-checked', 'true')
  await expect(faces.first()).toBeFocused()
  const voice = dialog.getByRole('combobox', { name: 'Voice', exact: true })
  await expect(voice).toBeEnabled()
  const chosenVoice = (await voice.locator('option').nth(2).getAttribute('value'))!
  await voice.selectOption(chosenVoice)
  await page.screenshot({ path: `${SHOTS}/new-project-1366.png` })
  await dialog.getByRole('button', { name: 'Create project' }).click()
  await expect(page).toHaveURL(/\/video-editor\/\d+$/)
  const projectId = Number(/\/video-editor\/(\d+)$/.exec(page.url())![1])

  // The project carries the face and the voice on both scenes.
  const { project } = (await call(page, 'GET', `/api/get-project/${projectId}`)) as {
    project: {
      document: {
        scenes: Array<{ avatarData: { customAvatarId: number | null }; audioData: { voiceId: string } }>
      }
    }
  }
  expect(project.document.scenes.map((s) => [s.avatarData.customAvatarId, s.audioData.voiceId])).toEqual([
    [photoId, chosenVoice],
    [photoId, chosenVoice],
  ])

  // The editor's scene avatar is the same picker, with faces, my photo avatar chosen.
  const sceneFaces = page
    .getByRole('complementary', { name: 'Inspector' })
    .getByRole('radiogroup', { name: 'Scene avatar' })
    .getByRole('radio')
  await expect(sceneFaces.first()).toHaveAccessibleName('Stream face, your photo avatar')
  await expect(sceneFaces.first()).toHaveAttribute('aria-checked', 'true')
  await faceLoaded(sceneFaces.first())
  await sceneFaces.first().scrollIntoViewIfNeeded()
  await page
    .getByRole('complementary', { name: 'Inspector' })
    .screenshot({ path: `${SHOTS}/editor-avatars-1366.png` })

  // An alert setup: the photo avatar first in the same picker.
  await page.goto('/donation-settings')
  await page.getByRole('button', { name: 'New setup' }).click()
  const setup = page.getByRole('dialog')
  await setup.getByLabel('Name').fill('Photo tier')
  const setupFaces = setup.getByRole('radiogroup', { name: 'Avatar' }).getByRole('radio')
  await expect(setupFaces.first()).toHaveAccessibleName('Stream face, your photo avatar')
  await setupFaces.first().click()
  await faceLoaded(setupFaces.first())
  await setup.screenshot({ path: `${SHOTS}/alert-setup-avatars-1366.png` })
  await setup.getByRole('button', { name: 'Create setup' }).click()
  await expect(page.getByText('Avatar setup created')).toBeVisible()
  const setups = (await call(page, 'GET', '/api/donation/avatar-setup/get')) as {
    setups?: Array<{ name: string; donation_avatar: { custom_avatar_id: number | null } }>
  }
  expect(JSON.stringify(setups)).toContain(`"custom_avatar_id":${photoId}`)

  // An ad: the presenter picker offers my photo avatar (ads offered only creators and ad avatars before).
  const ad = (await call(page, 'POST', '/api/ads/projects', {
    name: 'Spring launch',
    placements: ['story'],
    copy: 'Fresh beans, every morning.',
  })) as { project: { id: number } }
  await page.goto(`/dashboard/project/${ad.project.id}#ad`)
  const presenters = page.getByRole('radiogroup', { name: 'Presenter' }).getByRole('radio')
  await expect(presenters.first()).toHaveAccessibleName('Stream face, your photo avatar')
  await presenters.first().click()
  await page.getByRole('button', { name: 'Next' }).click()
  const asked = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/ads\/projects\/\d+\/videos$/.test(r.url()),
  )
  await page.getByRole('button', { name: /^Make (video|\d videos)$/ }).click()
  const answer = await asked
  expect(answer.request().postDataJSON()).toMatchObject({ custom_avatar_id: photoId })
  expect(answer.status()).toBe(200)
  expect(((await answer.json()) as { generation: unknown }).generation).toMatchObject({
    custom_avatar_id: photoId,
    render: { avatar_name: 'Stream face' },
  })
})

test('the one-step new project dialog and its faces at phone width', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 390, height: 844 })
  await registerInUi(page, 'looks390')
  await page.goto('/projects')
  await page.getByRole('button', { name: 'New project' }).click()
  const dialog = page.getByRole('dialog', { name: 'New project' })
  const faces = dialog.getByRole('radiogroup', { name: 'Avatar' }).getByRole('radio')
  await faceLoaded(faces.first())
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: `${SHOTS}/new-project-390.png` })
  // WCAG 2.1 AA inside the dialog (names, contrast, the radio group).
  await page.evaluate(axe.source)
  const found = await page.evaluate<AxeResults>(() =>
    (window as unknown as { axe: typeof axe }).axe.run('[role="dialog"]', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    }),
  )
  expect(
    found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
  await dialog.getByLabel('Project name').fill('Phone show')
  await faces.nth(2).click()
  await dialog.getByRole('button', { name: 'Create project' }).click()
  await expect(page).toHaveURL(/\/video-editor\/\d+$/)
})
