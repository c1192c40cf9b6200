import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { registerInUi, userToken } from './support'

// Issue 24, "the editor and results, finished", as a creator meets it: one caption style for the
// whole project that every scene follows, one scene styled on its own (shown as an override), that
// style applied to all; voice takes numbered with their length, and a second round of takes that
// keeps the chosen one instead of piling up.
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/editor-finish'

const saved = (page: Page) =>
  expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 30_000 })

test('a creator styles the captions once for every scene, overrides one, applies it to all, and makes takes twice', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1600, height: 1000 })
  await registerInUi(page, 'capst')
  await page.goto('/projects')
  await page.getByRole('button', { name: 'Create your first project' }).click()
  await page.getByLabel('Project name').fill('Styled show')
  await page
    .getByRole('textbox', { name: 'Script (optional)' })
    .fill('Hello chat, welcome back.\n\nToday we build an editor.\n\nSee you soon.')
  await page.getByRole('button', { name: 'Create project' }).click()
  await expect(page).toHaveURL(/\/video-editor\/\d+$/)
  await expect(page.getByText(/Voice ready/)).toHaveCount(3, { timeout: 30_000 })

  const inspector = page.getByRole('complementary', { name: 'Inspector' })
  const captions = inspector.getByRole('region', { name: 'Captions' })
  const scope = captions.getByTestId('caption-style-scope')
  const font = captions.getByLabel('Caption font')

  // Scene 1 follows the project style: a font picked here is every scene's font.
  await page.getByRole('button', { name: 'Scene 1', exact: true }).click()
  await expect(scope).toContainText('Project caption style')
  await font.selectOption('Lato')
  await page.getByRole('button', { name: 'Scene 3', exact: true }).click()
  await expect(font).toHaveValue('Lato')

  // Scene 2 gets its own style: marked as an override, and the others keep theirs.
  await page.getByRole('button', { name: 'Scene 2', exact: true }).click()
  await captions.getByRole('button', { name: 'Style this scene only' }).click()
  await expect(scope).toContainText('Override')
  await font.selectOption('Roboto')
  // The scene list and the timeline show which scene differs, without opening it.
  const cards = page.getByTestId('scene')
  const clips = page.getByTestId('timeline-clip')
  await expect(cards.nth(1).getByText('Custom captions')).toBeVisible()
  await expect(clips.nth(1)).toContainText('Custom captions')
  for (const n of [0, 2]) {
    await expect(cards.nth(n).getByText('Custom captions')).toHaveCount(0)
    await expect(clips.nth(n)).not.toContainText('Custom captions')
  }
  await page.screenshot({ path: `${SHOTS}/caption-override.png` })
  await page.getByRole('button', { name: 'Scene 1', exact: true }).click()
  await expect(font).toHaveValue('Lato')

  // Its style applied to all: every scene is Roboto and none is an override any more.
  await page.getByRole('button', { name: 'Scene 2', exact: true }).click()
  await captions.getByRole('button', { name: 'Apply to all scenes' }).click()
  await expect(scope).toContainText('Project caption style')
  for (const n of [1, 3]) {
    await page.getByRole('button', { name: `Scene ${n}`, exact: true }).click()
    await expect(font).toHaveValue('Roboto')
    await expect(scope).not.toContainText('Override')
  }
  await expect(page.getByText('Custom captions')).toHaveCount(0)
  await saved(page)
  await page.reload()
  await page.getByRole('button', { name: 'Scene 3', exact: true }).click()
  await expect(inspector.getByRole('region', { name: 'Captions' }).getByLabel('Caption font')).toHaveValue(
    'Roboto',
  )

  // Takes: numbered, with their length; a second round keeps the chosen one and drops the rest.
  await page.getByRole('button', { name: 'Scene 1', exact: true }).click()
  const takes = inspector.getByTestId('takes')
  await takes.getByRole('button', { name: /^Make 4 takes$/ }).click()
  await expect(takes.getByRole('listitem')).toHaveCount(5, { timeout: 60_000 })
  await expect(takes.getByRole('listitem').first()).toContainText('In use')
  for (const length of await takes.getByTestId('take-length').allTextContents())
    expect(length).toMatch(/^0:0[1-9]\.\d$/)
  await takes.getByRole('listitem').nth(2).getByRole('button', { name: 'Use' }).click()
  await expect(takes.getByRole('listitem').nth(2)).toContainText('In use')
  await takes.getByRole('button', { name: /^Make 4 takes$/ }).click()
  await expect(takes.getByRole('listitem')).toHaveCount(5, { timeout: 60_000 })
  await expect(takes.getByRole('listitem').first()).toContainText('Take 1')
  await expect(takes.getByRole('listitem').first()).toContainText('In use')
  await takes.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/takes.png` })
})

// A video background: the timeline's frames show a still of the video (they were black).
test('timeline frames over a video background show the video, not black', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1366, height: 900 })
  await registerInUi(page, 'vidbg')
  const headers = { authorization: `Bearer ${await userToken(page)}` }
  // ffmpeg's test pattern: colour bars and a moving gradient, 2 s.
  const file = test.info().outputPath('bars.mp4')
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2'],
    ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', file],
  ])
  const up = await page.request.post('/api/project-backgrounds/upload', {
    headers,
    multipart: { file: { name: 'bars.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(file) } },
  })
  expect(up.ok(), await up.text()).toBe(true)
  const made = await page.request.post('/api/create-project', {
    headers,
    data: { name: 'Bars', scenes: ['Hello chat, welcome back.'] },
  })
  expect(made.ok(), await made.text()).toBe(true)
  const { project } = (await made.json()) as { project: { id: number } }
  await page.goto(`/video-editor/${project.id}`)
  await page
    .getByRole('complementary', { name: 'Inspector' })
    .getByRole('radiogroup', { name: 'Uploaded background' })
    .getByRole('radio', { name: 'bars.mp4' })
    .click()
  await saved(page)
  // The first frame's left half (the avatar stands on the right): bright and many-coloured.
  const frame = page.getByRole('region', { name: 'Timeline' }).locator('img').first()
  const measure = () =>
    frame.evaluate(async (img: HTMLImageElement) => {
      await img.decode()
      const c = document.createElement('canvas')
      c.width = img.naturalWidth
      c.height = img.naturalHeight
      const ctx = c.getContext('2d')!
      ctx.drawImage(img, 0, 0)
      const { data } = ctx.getImageData(0, 0, Math.floor(c.width / 2), c.height)
      let sum = 0
      const colours = new Set<number>()
      for (let i = 0; i < data.length; i += 4) {
        sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3
        colours.add(((data[i]! >> 5) << 6) | ((data[i + 1]! >> 5) << 3) | (data[i + 2]! >> 5))
      }
      return { mean: sum / (data.length / 4), colours: colours.size }
    })
  await expect.poll(async () => (await measure()).mean, { timeout: 30_000 }).toBeGreaterThan(60)
  expect((await measure()).colours).toBeGreaterThan(12)
  await page
    .getByRole('region', { name: 'Timeline' })
    .screenshot({ path: `${SHOTS}/video-background-timeline.png` })
  await page.screenshot({ path: `${SHOTS}/video-background-editor.png` })
})
