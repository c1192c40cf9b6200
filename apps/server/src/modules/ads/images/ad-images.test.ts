import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { AdAsset, AdImageGeneration, CanvasView } from '@mouthpiece/contracts/ads/images'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { multipartFile, rendersClient } from '../../renders/testing'
import { productPhoto } from './testing/product-photo'
import { contrastRatio } from '../brands/contrast'
import type { CanvasAsset } from '@mouthpiece/contracts/ads/canvas'
import { placeAsset } from '@mouthpiece/editor/ads/ad-apart'
import { safeInset } from '@mouthpiece/editor/ads/ad-layout'
import { NO_ROOM_MESSAGE } from './ad-canvas.service'

const PORTRAIT = fileURLToPath(
  new URL('../../../../../../packages/media/fixtures/portrait-1024.jpg', import.meta.url),
)
type Who = { token: string }

function adsClient(t: TestApp) {
  const client = rendersClient(t)
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${who.token}` } })
  const upload = (who: Who, url: string, name: string, type: string, data: Buffer) => {
    const form = multipartFile('file', name, type, data)
    return t.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${who.token}` },
    })
  }
  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
    const deadline = Date.now() + ms
    for (;;) {
      const v = await read()
      if (done(v) || Date.now() > deadline) return v
      await new Promise((r) => setTimeout(r, 150))
    }
  }
  const asset = async (who: Who, id: number) =>
    (await call('GET', `/api/ads/assets/${id}`, who)).json<{ asset: AdAsset }>().asset
  const generation = async (who: Who, id: number) =>
    (await call('GET', `/api/ads/image-generations/${id}`, who)).json<{ generation: AdImageGeneration }>()
      .generation
  const extracted = (who: Who, id: number) =>
    until(
      () => asset(who, id),
      (a) => a.status === 'done' || a.status === 'failed',
    )
  const generated = (who: Who, id: number) =>
    until(
      () => generation(who, id),
      (g) => g.status === 'done' || g.status === 'failed',
    )
  return { register: client.register, call, upload, extracted, generated }
}

/** Entries of a stored (uncompressed) zip, from its central directory. */
function zipNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const names: string[] = []
  for (let i = 0; i < count; i++) {
    const nameLen = zip.readUInt16LE(at + 28)
    names.push(zip.subarray(at + 46, at + 46 + nameLen).toString('utf8'))
    at += 46 + nameLen + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return names
}

describe('ads: the ad image flow, offline', () => {
  let t: TestApp
  let c: ReturnType<typeof adsClient>

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    c = adsClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('refuses what is not an image, an empty form and a 50 MB upload, keeping nothing', async () => {
    const me = await c.register('adbad')
    const text = await c.upload(
      me,
      '/api/ads/images/upload',
      'notes.png',
      'image/png',
      Buffer.from('this is not a picture'),
    )
    expect(text.statusCode).toBe(422)
    expect(text.json()).toMatchObject({ message: 'Please upload an image (JPEG, PNG or WebP).' })
    const big = await c.upload(
      me,
      '/api/ads/images/upload',
      'huge.jpg',
      'image/jpeg',
      Buffer.alloc(50 * 1024 * 1024, 7),
    )
    expect(big.statusCode).toBe(413)
    expect(big.json<{ message: string }>().message).toMatch(/too large/i)
    const list = (await c.call('GET', '/api/ads/assets', me)).json<{ assets: AdAsset[] }>().assets
    expect(list).toEqual([])
  })

  it('uploads a product photo, cuts the product out with GrabCut, generates every placement, edits a canvas and exports', async () => {
    const me = await c.register('adflow')
    const up = await c.upload(me, '/api/ads/images/upload', 'serum.jpg', 'image/jpeg', await productPhoto())
    expect(up.statusCode, up.body).toBe(200)
    const uploaded = up.json<{ asset: AdAsset }>().asset
    expect(uploaded).toMatchObject({
      name: 'serum',
      width: 1080,
      height: 1080,
      status: 'uploaded',
      characters: [],
    })

    // A box off the picture is refused; a good box starts the job.
    const bad = await c.call('POST', `/api/ads/assets/${uploaded.id}/extract`, me, {
      mode: 'object',
      box: { x: 900, y: 0, w: 400, h: 400 },
    })
    expect(bad.statusCode).toBe(422)
    const start = await c.call('POST', `/api/ads/assets/${uploaded.id}/extract`, me, {
      mode: 'object',
      box: { x: 300, y: 110, w: 480, h: 850 },
    })
    expect(start.json<{ asset: AdAsset }>().asset.status).toBe('extracting')
    const done = await c.extracted(me, uploaded.id)
    expect(done.status, done.error ?? '').toBe('done')
    expect(done.characters.length).toBeGreaterThanOrEqual(1)
    const product = done.characters[0]!
    // The cut-out is the bottle: about its size, transparent around it, opaque in its middle.
    expect(product.box.w).toBeGreaterThan(280)
    expect(product.box.w).toBeLessThan(480)
    expect(product.box.h).toBeGreaterThan(650)
    const png = (await c.call('GET', product.url, me)).rawPayload
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
    expect(info.channels).toBe(4)
    expect(data[3]).toBeLessThan(20) // top-left corner: table top, removed
    const mid = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 4
    expect(data[mid + 3]).toBeGreaterThan(235)
    // The floor shadow (a 420 px ellipse under the 360 px bottle, down to y 933) is left behind.
    expect(product.box.w).toBeLessThan(400)
    expect(product.box.y + product.box.h).toBeLessThan(928)
    // No light rim: on a dark brand green, the soft edge is never lighter than the bottle beside it.
    const rows = { from: Math.floor(info.height * 0.45), to: Math.floor(info.height * 0.75) }
    let fringe = 0
    for (let y = rows.from; y < rows.to; y += 4) {
      let x = 0
      while (x < info.width && data[(y * info.width + x) * 4 + 3]! < 16) x++
      // The outermost visible pixels against the bottle's own colour a few pixels in.
      const inside = (y * info.width + x + 4) * 4
      const bottle = (data[inside]! + data[inside + 1]! + data[inside + 2]!) / 3
      for (let i = x; i < x + 3; i++) {
        const p = (y * info.width + i) * 4
        const a = data[p + 3]! / 255
        const on = [0x0b, 0x2e, 0x22].map((d, k) => data[p + k]! * a + d * (1 - a))
        expect((on[0]! + on[1]! + on[2]!) / 3, `row ${y} px ${i}`).toBeLessThanOrEqual(bottle + 12)
        fringe++
      }
    }
    expect(fringe).toBeGreaterThan(0)

    // Generate two designs with the product in all ten placements.
    const gen = await c.call('POST', '/api/ads/image-generations', me, {
      headline: 'Skin that glows all day',
      body: 'Vitamin C serum, dermatologist tested.',
      cta: 'Shop now',
      count: 2,
      characters: [{ asset_id: uploaded.id, character_id: product.id }],
    })
    expect(gen.statusCode, gen.body).toBe(200)
    const made = gen.json<{ generations: AdImageGeneration[] }>().generations
    expect(made.map((g) => g.template)).toEqual(['spotlight', 'split'])
    const first = await c.generated(me, made[0]!.id)
    expect(first.status, first.error ?? '').toBe('done')
    expect(first.placements).toHaveLength(10)
    const story = await c.call('GET', `/api/ads/image-generations/${first.id}/export/story?format=png`, me)
    expect(story.headers['content-type']).toBe('image/png')
    expect(await sharp(story.rawPayload).metadata()).toMatchObject({ width: 1080, height: 1920 })
    const banner = await c.call(
      'GET',
      `/api/ads/image-generations/${first.id}/export/leaderboard?format=jpeg`,
      me,
    )
    expect(await sharp(banner.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 728,
      height: 90,
    })

    // Canvas: move the headline, rewrite it, bring the product to the front, hide the body.
    const view = (
      await c.call('GET', `/api/ads/image-generations/${first.id}/canvas/square`, me)
    ).json<CanvasView>()
    const headline = view.canvas.assets.find((a) => a.role === 'headline')!
    const moved = await c.call(
      'POST',
      `/api/ads/image-generations/${first.id}/canvas/square/assets/${headline.id}/transform`,
      me,
      // Clear of the product beside it (40 px right would touch it and be moved off it, decision 0076).
      { x: headline.x + 20, y: headline.y + 30, w: headline.w, h: headline.h, rotation: -4 },
    )
    expect(moved.statusCode, moved.body).toBe(200)
    const edited = await c.call(
      'POST',
      `/api/ads/image-generations/${first.id}/canvas/square/assets/${headline.id}/text`,
      me,
      { text: 'Glow like never before', font: { family: 'Poppins', weight: 700 } },
    )
    expect(edited.json<CanvasView>().canvas.assets.find((a) => a.id === headline.id)).toMatchObject({
      text: 'Glow like never before',
      x: headline.x + 20,
      rotation: -4,
      font: { family: 'Poppins' },
    })
    const front = await c.call(
      'POST',
      `/api/ads/image-generations/${first.id}/canvas/square/assets/subject-1/priority`,
      me,
      { move: 'front' },
    )
    const assets = front.json<CanvasView>().canvas.assets
    expect(Math.max(...assets.map((a) => a.priority))).toBe(
      assets.find((a) => a.id === 'subject-1')!.priority,
    )
    const hidden = await c.call(
      'POST',
      `/api/ads/image-generations/${first.id}/canvas/square/assets/body/visibility`,
      me,
      { visible: false },
    )
    expect(hidden.json<CanvasView>().canvas.assets.find((a) => a.id === 'body')!.visible).toBe(false)
    const added = await c.call('POST', `/api/ads/image-generations/${first.id}/canvas/square/assets`, me, {
      kind: 'text',
      text: '-20% this week',
    })
    const sale = added.json<CanvasView>().canvas.assets.find((a) => a.text === '-20% this week')!
    expect(sale).toBeDefined()
    const sticker = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#FF6A59' } })
      .png()
      .toBuffer()
    const placed = await c.upload(
      me,
      `/api/ads/image-generations/${first.id}/canvas/square/assets/upload`,
      'sticker.png',
      'image/png',
      sticker,
    )
    expect(placed.statusCode, placed.body).toBe(200)
    expect(placed.json<CanvasView>().canvas.assets.length).toBe(
      added.json<CanvasView>().canvas.assets.length + 1,
    )
    const removed = await c.call(
      'DELETE',
      `/api/ads/image-generations/${first.id}/canvas/square/assets/${sale.id}`,
      me,
    )
    expect(removed.json<CanvasView>().canvas.assets.some((a) => a.id === sale.id)).toBe(false)
    const regen = await c.call(
      'POST',
      `/api/ads/image-generations/${first.id}/canvas/square/text-group/regenerate`,
      me,
    )
    const again = regen.json<CanvasView>().canvas.assets.find((a) => a.id === headline.id)!
    expect(again).toMatchObject({ text: 'Glow like never before', rotation: 0 })
    expect(
      (
        await c.call(
          'POST',
          `/api/ads/image-generations/${first.id}/canvas/square/assets/nope/transform`,
          me,
          { x: 0, y: 0, w: 10, h: 10 },
        )
      ).statusCode,
    ).toBe(404)
    const after = (await c.call('GET', `/api/ads/image-generations/${first.id}`, me)).json<{
      generation: AdImageGeneration
    }>().generation
    expect(after.version).toBeGreaterThan(first.version)

    // Zip: ten pictures.
    const zip = await c.call('GET', `/api/ads/image-generations/${first.id}/download`, me)
    expect(zip.headers['content-type']).toBe('application/zip')
    const names = zipNames(zip.rawPayload)
    expect(names).toHaveLength(10)
    expect(names.every((n) => n.endsWith('.png'))).toBe(true)

    // Select, rename, more, delete; other users see nothing.
    expect(
      (await c.call('POST', `/api/ads/image-generations/${first.id}/select`, me, { selected: true })).json<{
        generation: AdImageGeneration
      }>().generation.selected,
    ).toBe(true)
    expect(
      (
        await c.call('POST', `/api/ads/image-generations/${first.id}/rename`, me, { name: 'Launch week' })
      ).json<{ generation: AdImageGeneration }>().generation.name,
    ).toBe('Launch week')
    const more = (
      await c.call('POST', `/api/ads/image-generations/${first.id}/more`, me, { count: 2 })
    ).json<{ generations: AdImageGeneration[] }>().generations
    expect(more.map((g) => `${g.template}:${g.variant}`)).toEqual(['poster:0', 'spotlight:1'])
    const other = await c.register('adpeek')
    expect((await c.call('GET', `/api/ads/image-generations/${first.id}`, other)).statusCode).toBe(404)
    expect((await c.call('GET', product.url, other)).statusCode).toBe(404)
    expect((await c.call('DELETE', `/api/ads/image-generations/${made[1]!.id}`, me)).statusCode).toBe(200)
    expect((await c.call('GET', `/api/ads/image-generations/${made[1]!.id}`, me)).statusCode).toBe(404)
  }, 120_000)

  it('a green logo on the brand green is drawn so it shows (≥ 3:1 against what is behind it) in every placement', async () => {
    const me = await c.register('greenlogo')
    const brand = (await c.call('POST', '/api/ads/brands', me, { name: 'Verdant' })).json<{
      brand: { id: number }
    }>().brand
    await c.call('POST', `/api/ads/brands/${brand.id}/colours`, me, { hex: '#0B6E4F', role: 'primary' })
    await c.call('POST', `/api/ads/brands/${brand.id}/colours`, me, { hex: '#F4F1EC', role: 'background' })
    // The logo: a round mark and a bar in a near-copy of the brand green, on transparency.
    const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120"><circle cx="60" cy="60" r="46" fill="#0B7252"/><rect x="130" y="36" width="170" height="48" rx="8" fill="#0B7252"/></svg>`
    const logo = await sharp(Buffer.from(logoSvg)).png().toBuffer()
    const up = await c.upload(me, `/api/ads/brands/${brand.id}/logos`, 'logo.png', 'image/png', logo)
    expect(up.statusCode, up.body).toBe(200)
    const gen = await c.call('POST', '/api/ads/image-generations', me, {
      brand_id: brand.id,
      headline: 'Grow more with less water',
      count: 1,
    })
    expect(gen.statusCode, gen.body).toBe(200)
    const made = await c.generated(me, gen.json<{ generations: AdImageGeneration[] }>().generations[0]!.id)
    expect(made.status, made.error ?? '').toBe('done')
    for (const p of made.placements) {
      const view = (
        await c.call('GET', `/api/ads/image-generations/${made.id}/canvas/${p.placement}`, me)
      ).json<CanvasView>()
      const a = view.canvas.assets.find((x) => x.role === 'logo' && x.kind === 'logo')!
      expect(a.h, p.placement).toBeGreaterThanOrEqual(16)
      const png = (
        await c.call('GET', `/api/ads/image-generations/${made.id}/export/${p.placement}?format=png`, me)
      ).rawPayload
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
      // The mark's centre (contain-fitted in the asset box) against the pixels just outside the logo.
      const k = Math.min(a.w / 320, a.h / 120)
      const ox = a.x + (a.w - 320 * k) / 2
      const oy = a.y + (a.h - 120 * k) / 2
      const at = (x: number, y: number) => {
        const i = (Math.round(y) * info.width + Math.round(x)) * 3
        return `#${[0, 1, 2].map((c2) => data[i + c2]!.toString(16).padStart(2, '0')).join('')}`
      }
      const mark = at(ox + 60 * k, oy + 60 * k)
      const plate = view.canvas.assets.find((x) => x.id === 'logo-plate')
      const behind = plate ? plate.fill! : at(Math.max(0, ox - 3), oy + 60 * k)
      expect(contrastRatio(mark, behind), `${p.placement}: ${mark} on ${behind}`).toBeGreaterThanOrEqual(3)
    }
  })

  it('the transform route keeps text off the product and everything that matters inside the safe area, as the editor does', async () => {
    const me = await c.register('adapart')
    const mascot = await sharp({ create: { width: 200, height: 300, channels: 4, background: '#FF6A59' } })
      .png()
      .toBuffer()
    const custom = (await c.upload(me, '/api/ads/character-assets', 'mascot.png', 'image/png', mascot)).json<{
      asset: AdAsset
    }>().asset
    const gen = await c.call('POST', '/api/ads/image-generations', me, {
      headline: 'Meet the mascot',
      count: 1,
      characters: [{ asset_id: custom.id, character_id: custom.characters[0]!.id }],
    })
    expect(gen.statusCode, gen.body).toBe(200)
    const made = await c.generated(me, gen.json<{ generations: AdImageGeneration[] }>().generations[0]!.id)
    expect(made.status, made.error ?? '').toBe('done')
    const url = `/api/ads/image-generations/${made.id}/canvas/square`
    const view = (await c.call('GET', url, me)).json<CanvasView>()
    const product = view.canvas.assets.find((a) => a.role === 'subject')!
    const headline = view.canvas.assets.find((a) => a.role === 'headline')!
    const { width: W, height: H } = view.canvas
    const inset = safeInset(W, H)
    const overlaps = (a: CanvasAsset, b: CanvasAsset) =>
      a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
    const move = (id: string, t: object) => c.call('POST', `${url}/assets/${id}/transform`, me, t)

    // The headline dropped on the product's middle is moved off it, inside the safe area.
    const onProduct = {
      x: product.x + product.w / 2 - headline.w / 2,
      y: product.y + product.h / 2 - headline.h / 2,
      w: headline.w,
      h: headline.h,
      rotation: 0,
    }
    const dropped = await move(headline.id, onProduct)
    expect(dropped.statusCode, dropped.body).toBe(200)
    const placed = dropped.json<CanvasView>().canvas.assets.find((a) => a.id === headline.id)!
    expect(overlaps(placed, product)).toBe(false)
    expect(placed.x).toBeGreaterThanOrEqual(inset - 0.01)
    expect(placed.y).toBeGreaterThanOrEqual(inset - 0.01)
    expect(placed.x + placed.w).toBeLessThanOrEqual(W - inset + 0.01)
    expect(placed.y + placed.h).toBeLessThanOrEqual(H - inset + 0.01)
    // The same spot the editor picks on release (one rule, in the editor package).
    expect(placed).toMatchObject(placeAsset({ ...headline, ...onProduct }, view.canvas.assets, W, H)!.asset)

    // Dragged half off the canvas, the product comes back inside the safe area (and clear of the texts).
    const off = await move(product.id, {
      x: -product.w / 2,
      y: H - product.h / 3,
      w: product.w,
      h: product.h,
    })
    const after1 = off.json<CanvasView>().canvas.assets
    const back = after1.find((a) => a.id === product.id)!
    expect(back.x).toBeGreaterThanOrEqual(inset - 0.01)
    expect(back.y).toBeGreaterThanOrEqual(inset - 0.01)
    expect(back.y + back.h).toBeLessThanOrEqual(H - inset + 0.01)
    expect(back.x + back.w).toBeLessThanOrEqual(W - inset + 0.01)
    expect(after1.filter((a) => a.kind === 'text' && a.visible).some((t) => overlaps(t, back))).toBe(false)

    // A headline stretched over nearly the whole safe area has no free spot beside the product:
    // refused with the reason, and nothing changes.
    const before = (await c.call('GET', url, me)).json<CanvasView>()
    const refused = await move(headline.id, { x: inset, y: inset, w: W - 2 * inset, h: H - 2 * inset - 20 })
    expect(refused.statusCode).toBe(422)
    expect(refused.json<{ message: string }>().message).toBe(NO_ROOM_MESSAGE)
    const after = (await c.call('GET', url, me)).json<CanvasView>()
    expect(after.version).toBe(before.version)
    expect(after.canvas).toEqual(before.canvas)
  }, 120_000)

  it('cuts a person out with the selfie model and takes a custom character whole', async () => {
    const me = await c.register('adperson')
    const up = (
      await c.upload(me, '/api/ads/images/upload', 'me.jpg', 'image/jpeg', await readFile(PORTRAIT))
    ).json<{ asset: AdAsset }>().asset
    await c.call('POST', `/api/ads/assets/${up.id}/extract`, me, { mode: 'person' })
    const done = await c.extracted(me, up.id)
    expect(done.status, done.error ?? '').toBe('done')
    expect(done.mode).toBe('person')
    expect(done.characters[0]!.box.h).toBeGreaterThan(500)

    const cutout = await sharp({
      create: { width: 300, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 200, channels: 4, background: '#FF6A59' } })
            .png()
            .toBuffer(),
          left: 100,
          top: 150,
        },
      ])
      .png()
      .toBuffer()
    const custom = (await c.upload(me, '/api/ads/character-assets', 'mascot.png', 'image/png', cutout)).json<{
      asset: AdAsset
    }>().asset
    expect(custom).toMatchObject({ kind: 'character', status: 'done' })
    expect(custom.characters[0]).toMatchObject({ width: 100, height: 200 })
    // Replace swaps the picture and makes the character again.
    const replaced = await c.upload(
      me,
      `/api/ads/assets/${custom.id}/replace`,
      'mascot2.png',
      'image/png',
      await sharp({ create: { width: 64, height: 64, channels: 4, background: '#1F2A44' } })
        .png()
        .toBuffer(),
    )
    expect(replaced.json<{ asset: AdAsset }>().asset.characters[0]).toMatchObject({ width: 64, height: 64 })
  }, 120_000)
})

describe('ads: a hosted image model by configuration', () => {
  const calls: Array<{ auth?: string; body: { model: string; prompt: string; response_format: string } }> = []
  let fail = false
  const stub = createServer((req, res) => {
    let raw = ''
    req.on('data', (d: Buffer) => (raw += d.toString()))
    req.on('end', () => {
      void (async () => {
        calls.push({
          auth: req.headers.authorization,
          body: JSON.parse(raw) as (typeof calls)[number]['body'],
        })
        res.setHeader('content-type', 'application/json')
        if (fail) {
          res.statusCode = 400
          res.end(
            JSON.stringify({
              error: {
                message: 'Your request was rejected by the safety system.',
                type: 'invalid_request_error',
                code: 'content_policy_violation',
              },
            }),
          )
          return
        }
        const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#7755AA' } })
          .png()
          .toBuffer()
        res.end(JSON.stringify({ created: 1700000000, data: [{ b64_json: png.toString('base64') }] }))
      })()
    })
  })
  let t: TestApp
  let c: ReturnType<typeof adsClient>

  beforeAll(async () => {
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r))
    const port = (stub.address() as AddressInfo).port
    t = await createTestApp({
      workers: true,
      env: {
        ADS_IMAGE_API_URL: `http://127.0.0.1:${port}`,
        ADS_IMAGE_API_KEY: 'sk-test-local',
        ADS_IMAGE_MODEL: 'gpt-image-1',
      },
    })
    c = adsClient(t)
  })
  afterAll(async () => {
    await t.close()
    stub.close()
  })

  it("paints the backdrop with the model, and a refusal fails the image with the model's message", async () => {
    const me = await c.register('adhosted')
    const made = (
      await c.call('POST', '/api/ads/image-generations', me, { headline: 'Fresh drop', count: 1 })
    ).json<{ generations: AdImageGeneration[] }>().generations
    expect(made[0]!.engine).toBe('hosted')
    const done = await c.generated(me, made[0]!.id)
    expect(done.status, done.error ?? '').toBe('done')
    expect(calls[0]).toMatchObject({
      auth: 'Bearer sk-test-local',
      body: { model: 'gpt-image-1', response_format: 'b64_json' },
    })
    expect(calls[0]!.body.prompt).toContain('Fresh drop')
    const view = (
      await c.call('GET', `/api/ads/image-generations/${done.id}/canvas/square`, me)
    ).json<CanvasView>()
    expect(view.canvas.assets.find((a) => a.id === 'backdrop')).toMatchObject({ kind: 'image', fit: 'cover' })

    fail = true
    const refused = (
      await c.call('POST', '/api/ads/image-generations', me, { headline: 'Another', count: 1 })
    ).json<{ generations: AdImageGeneration[] }>().generations
    const failed = await c.generated(me, refused[0]!.id)
    expect(failed.status).toBe('failed')
    expect(failed.error).toBe('The image model refused: Your request was rejected by the safety system.')
  }, 60_000)
})
