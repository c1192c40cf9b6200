import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { Brand } from '@mouthpiece/contracts/ads/brands.schemas'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { multipartFile, rendersClient } from '../../renders/testing'
import { getBrandKit } from './brand-kit.service'
import { contrastRatio } from './contrast'

type Answer = { brand: Brand }

describe('ads brands: kit parts, uploads, contrast, the kit other flows read', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>
  beforeAll(async () => {
    t = await createTestApp()
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 4, background: '#FF6B57' } })
      .png()
      .toBuffer()
  const upload = (who: { token: string }, url: string, name: string, type: string, data: Buffer) => {
    const { payload, headers } = multipartFile('file', name, type, data)
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, authorization: `Bearer ${who.token}` },
    })
  }

  it('adds, updates and removes each part; contrast pairs follow the colours', async () => {
    const me = await client.register('brand')
    const made = await client.call('POST', '/api/ads/brands', me, {
      name: 'Acme Coffee',
      description: 'Roasted daily',
    })

    expect(made.statusCode, made.body).toBe(200)
    const id = made.json<Answer>().brand.id
    const base = `/api/ads/brands/${id}`

    await client.call('POST', `${base}/colours`, me, { hex: '#ffffff', role: 'background', name: 'Paper' })
    await client.call('POST', `${base}/colours`, me, { hex: 'ff6b57', role: 'primary' })
    let b = (
      await client.call('POST', `${base}/colours`, me, { hex: '#1a1a1a', role: 'text' })
    ).json<Answer>().brand
    expect(b.colours.map((c) => c.hex)).toEqual(['#FFFFFF', '#FF6B57', '#1A1A1A'])
    expect(b.colours[0]!.source).toEqual({ kind: 'user', detail: null, confidence: 1, confirmed: true })
    const textOnPaper = b.contrast.find((p) => p.foreground === '#1A1A1A' && p.background === '#FFFFFF')!
    expect(textOnPaper.ratio).toBeGreaterThan(15)
    expect(textOnPaper.body_text).toBe(true)
    const coralOnPaper = b.contrast.find((p) => p.foreground === '#FF6B57' && p.background === '#FFFFFF')!
    expect(coralOnPaper).toMatchObject({ body_text: false, large_text: false })

    const bad = await client.call('POST', `${base}/colours`, me, { hex: 'red' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: 'Please enter a colour as six hex digits, like FF6B57' })
    const coral = b.colours[1]!
    b = (
      await client.call('POST', `${base}/colours/${coral.id}/update`, me, { hex: '#C0392B' })
    ).json<Answer>().brand
    expect(b.colours[1]!.hex).toBe('#C0392B')
    b = (await client.call('POST', `${base}/colours/${coral.id}/delete`, me)).json<Answer>().brand
    expect(b.colours).toHaveLength(2)

    b = (
      await client.call('POST', `${base}/fonts`, me, { family: 'Montserrat', weight: 800, role: 'heading' })
    ).json<Answer>().brand
    expect(b.fonts[0]).toMatchObject({ family: 'Montserrat', weight: 800, role: 'heading', url: null })
    const w = await client.call('POST', `${base}/fonts`, me, { family: 'Lato', weight: 450 })
    expect(w.json()).toMatchObject({ message: 'The font weight must be 100, 200, … 900' })
    b = (
      await client.call('POST', `${base}/fonts/${b.fonts[0]!.id}/update`, me, { weight: 100 })
    ).json<Answer>().brand
    expect(b.fonts[0]!.weight).toBe(100)

    b = (
      await client.call('POST', `${base}/update`, me, {
        voice: { voice_id: 'espeak:en-us', rate: 1.2 },
        caption_style: {
          font_family: 'Montserrat',
          font_weight: 800,
          font_size: 64,
          color: '#ffffff',
          outline_color: '#000',
          position: 'bottom',
          uppercase: true,
        },
      })
    ).json<Answer>().brand
    expect(b.voice).toEqual({ voice_id: 'espeak:en-us', rate: 1.2 })
    expect(b.caption_style.outline_color).toBe('#000000')

    // Uploads: probed, the first logo is primary, the file is served back.
    const up = await upload(me, `${base}/logos`, 'logo.png', 'image/png', await png(320, 120))
    expect(up.statusCode, up.body).toBe(200)
    b = up.json<Answer>().brand
    expect(b.logos[0]).toMatchObject({
      width: 320,
      height: 120,
      mime: 'image/png',
      primary: true,
      source: { kind: 'upload', detail: 'logo.png' },
    })
    const file = await client.call('GET', b.logos[0]!.url, me)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    const img = await upload(me, `${base}/images`, 'photo.png', 'image/png', await png(64, 64))
    expect(img.json<Answer>().brand.images).toHaveLength(1)

    const kit = await getBrandKit(t.db, id)
    expect(kit).toMatchObject({
      name: 'Acme Coffee',
      voice: { voice_id: 'espeak:en-us', rate: 1.2 },
      logos: [{ width: 320, height: 120, primary: true }],
      fonts: [{ family: 'Montserrat', weight: 100, file_key: null }],
    })
    expect(kit!.logos[0]!.file_key).toMatch(/^ad-brands\//)
    expect(kit!.contrast.filter((p) => p.body_text).length).toBeGreaterThan(0)

    // Each part is confirmed or removed on its own; removing the brand takes its parts along.
    const photo = img.json<Answer>().brand.images[0]!
    const logo = b.logos[0]!
    b = (
      await client.call('POST', `${base}/images/${photo.id}/update`, me, { confirmed: true })
    ).json<Answer>().brand
    expect(b.images[0]!.source.confirmed).toBe(true)
    const primary = await client.call('POST', `${base}/logos/${logo.id}/update`, me, { primary: true })
    expect(primary.json<Answer>().brand.logos[0]).toMatchObject({ id: logo.id, primary: true })
    b = (await client.call('POST', `${base}/logos/${logo.id}/delete`, me)).json<Answer>().brand
    expect(b.logos).toEqual([])
    b = (await client.call('POST', `${base}/images/${photo.id}/delete`, me)).json<Answer>().brand
    expect(b.images).toEqual([])
    b = (await client.call('POST', `${base}/fonts/${b.fonts[0]!.id}/delete`, me)).json<Answer>().brand
    expect(b.fonts).toEqual([])
    expect((await client.call('POST', `${base}/delete`, me)).statusCode).toBe(200)
    expect((await client.call('GET', base, me)).statusCode).toBe(404)
  })

  it('refuses what is not an image and files over the limit, changing nothing', async () => {
    const me = await client.register('brandbad')
    const id = (await client.call('POST', '/api/ads/brands', me, { name: 'Nope' })).json<Answer>().brand.id
    const notImage = await upload(
      me,
      `/api/ads/brands/${id}/logos`,
      'logo.png',
      'image/png',
      Buffer.from('hello, not a picture'),
    )
    expect(notImage.statusCode).toBe(422)
    expect(notImage.json()).toMatchObject({
      message: 'Please upload a picture (png, jpg, webp, gif or svg).',
    })
    const huge = await upload(
      me,
      `/api/ads/brands/${id}/images`,
      'big.png',
      'image/png',
      Buffer.alloc(50 * 1024 * 1024, 1),
    )
    expect([413]).toContain(huge.statusCode)
    expect(huge.json<{ message: string }>().message).toMatch(/too large/)
    const b = (await client.call('GET', `/api/ads/brands/${id}`, me)).json<Answer>().brand
    expect(b.logos).toEqual([])
    expect(b.images).toEqual([])
    const other = await client.register('brandother')
    expect((await client.call('GET', `/api/ads/brands/${id}`, other)).statusCode).toBe(404)
  })

  it('computes WCAG ratios as the spec defines them', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21)
    expect(contrastRatio('#777777', '#FFFFFF')).toBe(4.48)
    expect(contrastRatio('#767676', '#FFFFFF')).toBe(4.54)
  })
})
