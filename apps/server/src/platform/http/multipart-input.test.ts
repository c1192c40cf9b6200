import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNSTORABLE_NAME_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from '@mouthpiece/contracts/storable-text'
import { adminHeaders, createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { orderedFormData } from '../../../test/form-data'
import type { FormPart } from '../../../test/form-data'

/** Every file under `dir`, relative (empty when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort()
}

type Part = FormPart

/** Issue 23 "Inputs that still reach PostgreSQL raw": multipart text goes through the JSON rules, before anything is written. */
describe('multipart fields and file names', () => {
  let t: TestApp
  let user: Record<string, string>
  let admin: Record<string, string>
  let brandId: number
  let png: Buffer
  const NUL = 'a\u0000b'

  beforeAll(async () => {
    t = await createTestApp()
    admin = await adminHeaders(t.app)
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'mpinput1', email: 'mpinput1@example.com', password: 'first password 1' },
    })
    user = { authorization: `Bearer ${reg.json<{ token: string }>().token}` }
    const brand = await t.app.inject({
      method: 'POST',
      url: '/api/ads/brands',
      payload: { name: 'Acme' },
      headers: user,
    })
    brandId = brand.json<{ brand: { id: number } }>().brand.id
    png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#FF6B57' } })
      .png()
      .toBuffer()
  })
  afterAll(async () => t.close())

  const send = (url: string, parts: Part[], headers: Record<string, string>) => {
    const f = orderedFormData(parts)
    return t.app.inject({ method: 'POST', url, payload: f.payload, headers: { ...headers, ...f.headers } })
  }
  const expectRefused = async (
    res: Awaited<ReturnType<typeof send>>,
    field: string,
    message = UNSTORABLE_TEXT_MESSAGE,
  ) => {
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toEqual({ message, code: 'validation', errors: { [field]: [message] } })
  }
  const files = () => [...filesUnder(t.config.dataDir)]

  const namedFile = (filename: string) => [{ name: 'file', filename, type: 'image/png', data: png }]
  const fileNameCases: Array<[string, string]> = [
    ['/api/ads/brands/:id/logos', 'brand logo'],
    ['/api/ads/brands/:id/images', 'brand image'],
    ['/api/project-backgrounds/upload', 'project background'],
  ]
  for (const [route, what] of fileNameCases) {
    it(`answers 400 for a NUL or a control character in the file name of a ${what}; nothing is stored`, async () => {
      const url = route.replace(':id', String(brandId))
      const before = files()
      await expectRefused(await send(url, namedFile(`logo${NUL}.png`), user), 'filename')
      await expectRefused(
        await send(url, namedFile('logo\u0001.png'), user),
        'filename',
        UNSTORABLE_NAME_MESSAGE,
      )
      await expectRefused(
        await send(url, namedFile('logo\u001b[31m.png'), user),
        'filename',
        UNSTORABLE_NAME_MESSAGE,
      )
      expect(files()).toEqual(before)
      // A plain name still goes through.
      expect((await send(url, namedFile('logo été 😀.png'), user)).statusCode).toBe(200)
    })
  }

  it('keeps the brand as it was after the refused uploads', async () => {
    const brand = await t.app.inject({ method: 'GET', url: `/api/ads/brands/${brandId}`, headers: user })
    const kit = brand.json<{ brand: { logos: unknown[]; images: unknown[] } }>().brand
    expect([kit.logos.length, kit.images.length]).toEqual([1, 1])
  })

  const nameFieldCases: Array<[string, string, Record<string, string>]> = [
    ['/api/custom-avatar/photo', 'a photo avatar', {}],
    ['/api/admin/ad-avatars', 'an ad avatar (admin)', { description: 'd' }],
    ['/api/admin/influencers', 'a creator (admin)', {}],
  ]
  for (const [url, what, extra] of nameFieldCases) {
    it(`answers 400 for a NUL in the name of ${what}, before or after the file; nothing is stored`, async () => {
      const headers = url.startsWith('/api/admin') ? admin : user
      const fields = Object.entries(extra).map(([name, value]) => ({ name, value }))
      const fileField = url === '/api/admin/influencers' ? 'files' : 'file'
      const file = { name: fileField, filename: 'me.png', type: 'image/png', data: png }
      const before = files()
      await expectRefused(await send(url, [...fields, { name: 'name', value: NUL }, file], headers), 'name')
      await expectRefused(await send(url, [...fields, file, { name: 'name', value: NUL }], headers), 'name')
      await expectRefused(await send(url, [file, { name: `na${NUL}me`, value: 'x' }], headers), `na${NUL}me`)
      await expectRefused(
        await send(url, [file, { name: 'na\u0007me', value: 'x' }], headers),
        'na\u0007me',
        UNSTORABLE_NAME_MESSAGE,
      )
      expect(files()).toEqual(before)
    })
  }

  it('still takes tabs and new lines in text fields', async () => {
    const res = await send(
      '/api/admin/influencers',
      [
        { name: 'name', value: 'Ann' },
        { name: 'files', filename: 'ann.png', type: 'image/png', data: png },
        { name: 'description', value: 'line one\nline\ttwo' },
      ],
      admin,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ creator: { description: 'line one\nline\ttwo' } })
  })
})
