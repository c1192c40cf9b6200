import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Brand } from '@mouthpiece/contracts/ads/brands.schemas'
import type { AdGeneration } from '@mouthpiece/contracts/ads/videos.contract'
import { ffmpeg, ffprobe } from '@mouthpiece/media/audio/ffmpeg'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { rendersClient } from '../../renders/testing'
import { BRAND_SITE, startBrandSite } from '../testing/brand-site'
import { scrapedBrand } from '../testing/scraped-brand'
import type { BrandSite } from '../testing/brand-site'

/** The logo we upload (a dark navy plate, 3.2:1) and the product cut-out (a yellow disc on transparency). */
const LOGO_RGB = [0x10, 0x20, 0x40]
const PRODUCT_RGB = [0xf2, 0xc2, 0x30]

/** A multipart body: text fields first (the server reads them before the file), then the file. */
function multipart(fields: Record<string, string>, name: string, type: string, data: Buffer) {
  const boundary = `----adv${Date.now().toString(16)}`
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  )
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** Mean RGB of a crop of the video's frame at `t` seconds (x, y, w, h in pixels). */
async function meanRgb(file: string, t: number, [x, y, w, h]: readonly number[]) {
  const { stdout } = await ffmpeg([
    ...['-ss', t.toFixed(3), '-i', file, '-frames:v', '1'],
    ...['-vf', `crop=${w}:${h}:${x}:${y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ])
  const sum = [0, 0, 0]
  for (let i = 0; i < stdout.length; i++) sum[i % 3]! += stdout[i]!
  return sum.map((v) => v / (stdout.length / 3))
}
const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(...a.map((v, i) => v - b[i]!))
const hexRgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))

/** The loudest sample of the audio from `from` seconds for `seconds`, 0..1 of full scale. */
async function peak(file: string, from: number, seconds: number): Promise<number> {
  const { stdout } = await ffmpeg([
    ...['-ss', from.toFixed(3), '-t', seconds.toFixed(3), '-i', file],
    ...['-vn', '-ac', '1', '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'],
  ])
  let max = 0
  for (let i = 0; i + 1 < stdout.length; i += 2) max = Math.max(max, Math.abs(stdout.readInt16LE(i)))
  return max / 32768
}

describe('ad videos carry the brand: logo, product coming in, brand captions, a call-to-action end card', () => {
  let t: TestApp
  let site: BrandSite
  let client: ReturnType<typeof rendersClient>
  let dir: string
  beforeAll(async () => {
    site = await startBrandSite()
    t = await createTestApp({ workers: true, env: { SAFE_FETCH_ALLOW_HOSTS: 'localhost' } })
    client = rendersClient(t)
    dir = await mkdtemp(path.join(os.tmpdir(), 'ad-brand-'))
  })
  afterAll(async () => {
    await t.close()
    await site.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('draws the logo all through, slides the product in, ends on the brand card in 1:1, 9:16, 4:5 and 16:9', async () => {
    const me = await client.register('adbrand')
    const auth = { authorization: `Bearer ${me.token}` }
    // The brand read from its site (colours, fonts with files, logos), then our own logo made primary.
    const brandId = await scrapedBrand(client, me, `${site.url}/`)
    const logoPng = await sharp({
      create: { width: 320, height: 100, channels: 4, background: { r: 0x10, g: 0x20, b: 0x40, alpha: 1 } },
    })
      .png()
      .toBuffer()
    const logoForm = multipart({}, 'logo.png', 'image/png', logoPng)
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/ads/brands/${brandId}/logos`,
      payload: logoForm.payload,
      headers: { ...logoForm.headers, ...auth },
    })
    expect(up.statusCode, up.body).toBe(200)
    const ours = up.json<{ brand: Brand }>().brand.logos.find((l) => l.source.kind === 'upload')!
    await client.call('POST', `/api/ads/brands/${brandId}/logos/${ours.id}/update`, me, { primary: true })
    const brand = (await client.call('GET', `/api/ads/brands/${brandId}`, me)).json<{ brand: Brand }>().brand
    expect(brand.logos[0]!.id).toBe(ours.id)
    expect(brand.fonts.some((f) => f.family === 'Acme Display')).toBe(true)

    const project = (
      await client.call('POST', '/api/ads/projects', me, {
        name: 'Roast',
        brand_id: brandId,
        placements: ['square', 'story'],
        copy: 'Fresh coffee, roasted every morning in Leeds.',
      })
    ).json<{ project: { id: number } }>().project
    // The product: a cut-out in the project (a transparent PNG used whole).
    const disc = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="190" fill="#F2C230"/></svg>`,
    )
    const productForm = multipart(
      { project_id: String(project.id) },
      'beans.png',
      'image/png',
      await sharp(disc).png().toBuffer(),
    )
    const product = await t.app.inject({
      method: 'POST',
      url: '/api/ads/character-assets',
      payload: productForm.payload,
      headers: { ...productForm.headers, ...auth },
    })
    expect(product.statusCode, product.body).toBe(200)

    const background = hexRgb(BRAND_SITE.primary)
    // Where the brand goes in each frame (720 px wide): the logo band or corner, the product box
    // at the right edge on the presenter's lower edge, the call to action's band on the end card.
    const frames = {
      square: {
        size: [720, 720],
        logo: [90, 50, 20, 16],
        product: [584, 397, 40, 40],
        cta: [72, 374, 576, 187],
      },
      story: {
        size: [720, 1280],
        logo: [340, 60, 40, 40],
        product: [580, 679, 40, 40],
        cta: [72, 640, 576, 166],
      },
      portrait: {
        size: [720, 900],
        logo: [90, 58, 20, 16],
        product: [570, 438, 40, 40],
        cta: [72, 450, 576, 117],
      },
      widescreen: {
        size: [1280, 720],
        logo: [120, 50, 40, 16],
        product: [1085, 311, 40, 40],
        cta: [128, 374, 1024, 187],
      },
    } as const
    // Every video placement, asked for at once as the page does (one POST each).
    const asked: AdGeneration[] = []
    for (const placement of ['square', 'story', 'portrait', 'widescreen'] as const) {
      const res = await client.call('POST', `/api/ads/projects/${project.id}/videos`, me, { placement })
      expect(res.statusCode, res.body).toBe(200)
      asked.push(res.json<{ generation: AdGeneration }>().generation)
    }
    for (const gen of asked) {
      const placement = gen.placement
      const done = await client.waitDone(gen.render!.id, me, 240_000)
      expect(done.status, done.error ?? '').toBe(3)
      const video = await t.app.inject({ method: 'GET', url: done.files.video_url!, headers: auth })
      const file = path.join(dir, `ad-${placement}.mp4`)
      await writeFile(file, video.rawPayload)
      if (process.env.AD_VIDEO_DIR)
        await writeFile(`${process.env.AD_VIDEO_DIR}/brand-${placement}.mp4`, video.rawPayload)
      const probe = await ffprobe(file)
      const v = probe.streams.find((s) => s.codec_type === 'video')!
      const a = probe.streams.find((s) => s.codec_type === 'audio')!
      const f = frames[placement]
      expect([v.width, v.height]).toEqual(f.size)
      const length = Number(v.duration)
      // The end card (2 s) follows the speech: the sound is there, silent under the card.
      expect(Math.abs(Number(a.duration) - length)).toBeLessThan(0.2)
      expect(done.duration).toBeCloseTo(length, 0)
      expect(await peak(file, length - 1.6, 1.5)).toBeLessThan(0.01)
      expect(await peak(file, 0.2, 1)).toBeGreaterThan(0.05)

      // The logo (our navy plate, the primary variant: it reaches 3:1 on the brand colour) from start to end of the speech.
      for (const at of [0.2, length / 2, length - 2.6])
        expect(distance(await meanRgb(file, at, f.logo), LOGO_RGB), `logo at ${at}`).toBeLessThan(40)
      // The product: not there at the start, in place once it has slid in (0.3 s + 0.5 s).
      expect(distance(await meanRgb(file, 0.05, f.product), PRODUCT_RGB)).toBeGreaterThan(80)
      expect(distance(await meanRgb(file, 1.2, f.product), PRODUCT_RGB)).toBeLessThan(40)
      // The last second is the end card: the brand colour in its corners, the button band is not
      // the presenter's frame, and nothing of the product.
      const end = length - 0.5
      expect(distance(await meanRgb(file, end, [0, 0, 24, 24]), background)).toBeLessThan(25)
      expect(
        distance(await meanRgb(file, end, [f.size[0] - 24, f.size[1] - 24, 24, 24]), background),
      ).toBeLessThan(25)
      const ctaOnCard = await meanRgb(file, end, f.cta)
      expect(distance(ctaOnCard, background)).toBeGreaterThan(40)
      expect(distance(ctaOnCard, await meanRgb(file, length / 2, f.cta))).toBeGreaterThan(25)
      expect(distance(await meanRgb(file, end, f.product), PRODUCT_RGB)).toBeGreaterThan(80)
    }
  }, 600_000)

  it('a project with no brand kit gets the video as before: the presenter to the last frame, no card', async () => {
    const me = await client.register('adplain')
    const auth = { authorization: `Bearer ${me.token}` }
    const project = (
      await client.call('POST', '/api/ads/projects', me, {
        name: 'Plain',
        placements: ['square'],
        copy: 'Fresh coffee every morning.',
      })
    ).json<{ project: { id: number } }>().project
    const res = await client.call('POST', `/api/ads/projects/${project.id}/videos`, me, {
      placement: 'square',
    })
    expect(res.statusCode, res.body).toBe(200)
    const done = await client.waitDone(
      res.json<{ generation: AdGeneration }>().generation.render!.id,
      me,
      240_000,
    )
    expect(done.status, done.error ?? '').toBe(3)
    const video = await t.app.inject({ method: 'GET', url: done.files.video_url!, headers: auth })
    const file = path.join(dir, 'plain.mp4')
    await writeFile(file, video.rawPayload)
    const length = Number((await ffprobe(file)).streams.find((s) => s.codec_type === 'video')!.duration)
    const studio = hexRgb('#1B1F2A')
    const end = length - 0.2
    // The studio background in the corner and the presenter in the middle, up to the end.
    expect(distance(await meanRgb(file, end, [0, 0, 24, 24]), studio)).toBeLessThan(20)
    expect(distance(await meanRgb(file, end, [310, 200, 100, 100]), studio)).toBeGreaterThan(40)
  }, 300_000)
})
