import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { productPhoto } from '../apps/server/src/modules/ads/images/testing/product-photo'
import { adminSignIn, registerInUi } from './support'

/** Central-directory entry names of a stored zip. */
function zipNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const names: string[] = []
  for (let i = 0; i < count; i++) {
    const len = zip.readUInt16LE(at + 28)
    names.push(zip.subarray(at + 46, at + 46 + len).toString('utf8'))
    at += 46 + len + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return names
}

type Box = { x: number; y: number; w: number; h: number }
type Asset = { id: number; status: string; characters: Array<{ id: string; box: Box }> }
/** The biggest cut-out of the newest asset (what the refinement should change). */
const biggest = (a: Asset) => a.characters.reduce((m, c) => (c.box.w * c.box.h > m.box.w * m.box.h ? c : m))

test.describe.configure({ mode: 'serial' })
let username = ''

// Issue 11, ad image flow as a new user clicks it, on the ad project page (/dashboard/project/{id}#ad):
// upload a product photo, box the product, extract it, refine the cut-out with keep/remove strokes,
// pick it, generate every placement, edit one on the canvas (move, text, priority), download the zip.
test('upload a product photo, extract and refine it, generate the placements, edit on the canvas and download the zip', async ({
  page,
}) => {
  test.setTimeout(300_000)
  username = await registerInUi(page, 'adimg')
  await page.goto('/dashboard/project#ad')
  await page.getByLabel('Ad project name').fill('Serum launch')
  await page.getByRole('button', { name: 'New ad project' }).click()
  await expect(page).toHaveURL(/\/dashboard\/project\/\d+#ad$/)
  const flow = page.locator('#ad-images')
  await expect(flow.getByText('No images yet.')).toBeVisible()
  const photo = test.info().outputPath('serum.jpg')
  fs.writeFileSync(photo, await productPhoto())
  await flow.getByLabel('Product photo').setInputFiles(photo)

  // Draw a box around the bottle (the stage shows the 1080² photo at 420 px).
  const stage = flow.getByTestId('extract-stage')
  await expect(stage.locator('img')).toBeVisible()
  await stage.scrollIntoViewIfNeeded()
  const s = (await stage.boundingBox())!
  const k = s.width / 1080
  const drag = async (from: [number, number], to: [number, number]) => {
    await page.mouse.move(s.x + from[0] * k, s.y + from[1] * k)
    await page.mouse.down()
    await page.mouse.move(s.x + to[0] * k, s.y + to[1] * k, { steps: 8 })
    await page.mouse.up()
  }
  await drag([300, 110], [780, 960])
  await flow.getByRole('button', { name: 'Extract', exact: true }).click()
  const character = flow.getByRole('checkbox', { name: /Character/ }).first()
  await expect(character).toBeAttached({ timeout: 60_000 })
  const newest = async () =>
    await page.evaluate(
      async () => ((await (await fetch('/api/ads/assets')).json()) as { assets: Asset[] }).assets[0]!,
    )
  const cut = biggest(await newest())
  expect(cut.box.y).toBeLessThan(170) // the black cap is part of the first cut-out
  await page.screenshot({ path: test.info().outputPath('ads-extracted.png'), fullPage: true })

  // Refine: paint the cap away with a wide remove brush, keep the label with the keep brush, run GrabCut again.
  await flow.getByRole('radio', { name: 'Remove brush' }).click()
  await flow.getByRole('slider').fill('48')
  await drag([440, 185], [640, 185])
  await flow.getByRole('radio', { name: 'Keep brush' }).click()
  await drag([480, 600], [600, 640])
  await expect(stage.locator('path[data-stroke="remove"]')).toHaveCount(1)
  await expect(stage.locator('path[data-stroke="keep"]')).toHaveCount(1)
  await expect(flow.getByText('1 keep · 1 remove')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('ads-strokes.png'), fullPage: true })
  await flow.getByRole('button', { name: 'Refine cut-out' }).click()
  await expect(flow.getByRole('progressbar', { name: 'Refining' })).toBeVisible()
  await expect
    .poll(
      async () => {
        const a = await newest()
        return a.status === 'done' && a.characters[0]!.id !== cut.id ? biggest(a).box.y : 0
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(cut.box.y + 40) // the cut-out now starts below the cap
  await expect(flow.getByRole('progressbar')).toHaveCount(0)
  await expect(character).toBeAttached()

  await character.check({ force: true })
  await flow.getByRole('button', { name: /Use 1 selected/ }).click()

  await flow.getByLabel('Headline').fill('Skin that glows all day')
  await flow.getByLabel('Text').fill('Vitamin C serum, dermatologist tested.')
  await flow.getByRole('button', { name: 'Generate images' }).click()
  const cards = flow.getByRole('article')
  await expect(cards).toHaveCount(3)
  await expect(cards.first().getByRole('img')).toBeVisible({ timeout: 90_000 })
  await page.screenshot({ path: test.info().outputPath('ads-results.png'), fullPage: true })

  // Edit the first design's square canvas.
  const first = cards.last() // the list is newest first: the last card is the first design (Spotlight)
  await expect(first.getByRole('img')).toBeVisible({ timeout: 90_000 })
  const id = Number(
    await page.evaluate(
      async () =>
        (
          (await (await fetch('/api/ads/image-generations')).json()) as { generations: Array<{ id: number }> }
        ).generations.at(-1)!.id,
    ),
  )
  await first.getByRole('button', { name: 'Edit' }).click()
  const canvas = page.getByTestId('ad-canvas')
  await expect(canvas).toBeVisible()
  const canvasView = async () =>
    (
      await page.evaluate(
        async (gid) =>
          (await (await fetch(`/api/ads/image-generations/${gid}/canvas/square`)).json()) as {
            canvas: { assets: Array<{ id: string; x: number; y: number; text?: string; priority: number }> }
          },
        id,
      )
    ).canvas
  const before = (await canvasView()).assets.find((a) => a.id === 'headline')!

  // Move: drag the headline 60 px down (decision 0072: a drop onto the product is moved off it).
  await canvas.scrollIntoViewIfNeeded()
  const c = (await canvas.boundingBox())!
  const scale = c.width / 1080
  const grab = { x: c.x + (before.x + 40) * scale, y: c.y + (before.y + 20) * scale }
  await page.mouse.move(grab.x, grab.y)
  await page.mouse.down()
  await page.mouse.move(grab.x, grab.y + 60 * scale, { steps: 8 })
  await page.mouse.up()
  // Where it lands depends on the product's box: a drop that overlaps it is moved off again.
  const moved = async () => {
    const h = (await canvasView()).assets.find((a) => a.id === 'headline')!
    return Math.hypot(h.x - before.x, h.y - before.y)
  }
  await expect.poll(moved, { timeout: 15_000 }).toBeGreaterThan(20)

  // Text: rewrite the headline.
  await flow.getByLabel('Text', { exact: true }).last().fill('Glow like never before')
  await page.getByRole('button', { name: 'Save text' }).click()
  await expect
    .poll(async () => (await canvasView()).assets.find((a) => a.id === 'headline')!.text, { timeout: 15_000 })
    .toBe('Glow like never before')

  // Priority: the product to the front.
  await page
    .getByRole('list', { name: 'Layers' })
    .getByRole('button', { name: /subject/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Bring to front' }).click()
  await expect
    .poll(
      async () => {
        const assets = (await canvasView()).assets
        return (
          assets.find((a) => a.id === 'subject-1')!.priority === Math.max(...assets.map((a) => a.priority))
        )
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  await page.screenshot({ path: test.info().outputPath('ads-canvas.png'), fullPage: true })

  // Download all: ten pictures in the zip.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download all (zip)' }).click()
  const file = await (await download).path()
  const names = zipNames(fs.readFileSync(file))
  expect(names).toHaveLength(10)
  expect(names.every((n) => n.endsWith('.png'))).toBe(true)
})

// The back office sees what the creator made: server-side lists with search and filters in the URL, details, CSV.
test('the admin finds the ad assets and ad image generations, opens them and exports CSV', async ({
  page,
}) => {
  expect(username, 'the creator test ran first').not.toBe('')
  await adminSignIn(page)
  const nav = page.getByRole('navigation', { name: 'Admin', exact: true })
  await nav.getByRole('link', { name: 'Ad assets' }).click()
  await expect(page.getByRole('heading', { name: 'Ad assets' })).toBeVisible()
  await page.getByLabel('Search ad assets').fill(username)
  await expect(page).toHaveURL(new RegExp(`q=${username}`))
  await page.getByLabel('Extraction').selectOption('done')
  await expect(page).toHaveURL(/status=done/)
  const row = page.getByRole('row', { name: /serum/ })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('done')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('admin-ad-assets.png'), fullPage: true })
  const csv = page.waitForEvent('download')
  await page.getByRole('button', { name: /Export CSV/ }).click()
  const text = fs.readFileSync(await (await csv).path(), 'utf8')
  expect(text.split('\r\n').filter(Boolean)).toHaveLength(2)
  expect(text).toContain(username)
  await row.getByRole('link', { name: 'serum' }).click()
  await expect(page).toHaveURL(/\/admin\/ad-assets\/\d+$/)
  await expect(page.getByRole('heading', { name: /Characters \(\d+\)/ })).toBeVisible()
  // The pictures themselves (admin-only previews): the upload and its cut-outs.
  const loaded = async (img: ReturnType<typeof page.getByRole>) => {
    await img.scrollIntoViewIfNeeded() // previews load lazily
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
      .toBeGreaterThan(0)
  }
  await loaded(page.getByRole('img', { name: 'serum, as uploaded' }))
  await loaded(page.getByRole('img', { name: /^Character / }).first())
  await page.screenshot({ path: test.info().outputPath('admin-ad-asset.png'), fullPage: true })

  await nav.getByRole('link', { name: 'Ad image generations' }).click()
  await page.getByLabel('Search ad images').fill('glows all day')
  await expect(page).toHaveURL(/q=glows/)
  await expect(page.getByRole('row')).toHaveCount(4) // header + the three designs
  await page.getByRole('button', { name: /^Ad image/ }).click() // sort by name
  await expect(page).toHaveURL(/sort=name/)
  await page.getByRole('row').nth(1).click()
  await expect(page).toHaveURL(/\/admin\/ad-image-generations\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Placements (10)' })).toBeVisible()
  await loaded(page.getByRole('img', { name: /Story 9:16$/ }))
  await page.screenshot({ path: test.info().outputPath('admin-ad-image-generation.png'), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goBack()
  await expect(page.getByRole('row')).toHaveCount(4)
  await page.screenshot({
    path: test.info().outputPath('admin-ad-image-generations-mobile.png'),
    fullPage: true,
  })

  // Search images: the library (offline) finds the creator's upload and its cut-out.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/admin/search-images')
  await expect(page.getByText('No searches yet.', { exact: false })).toBeVisible()
  await page.getByLabel('Search for').fill('serum')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/search=\d+/)
  const found = page.getByRole('list', { name: 'Found images' })
  await expect(found.getByText('Ad upload')).toBeVisible({ timeout: 15_000 })
  // Both cut-outs are found: the first extraction and the refined one.
  await expect(found.getByText('serum · cut-out').first()).toBeVisible()
  await expect(page.getByRole('row', { name: /serum/ }).getByText('done')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('admin-search-images.png'), fullPage: true })
})
