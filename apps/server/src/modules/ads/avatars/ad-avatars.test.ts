import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { adminHeaders, createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'

/** The photo-avatar test portrait (one clear face). */
const PORTRAIT = new URL('../../../../../../packages/media/fixtures/portrait-1024.jpg', import.meta.url)

/** A multipart body with text fields and an optional file. */
function form(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = `----ads${Date.now().toString(16)}`
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  )
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('admin ad avatars: list, store, update, delete (multipart)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  it('stores a probed portrait, updates fields and picture, deletes; refuses bad input', async () => {
    const admin = await adminHeaders(t.app)
    // A PNG portrait, 400×600, so the stored picture keeps its own format and size.
    const png = await sharp(await readFile(PORTRAIT))
      .resize(400, 600, { fit: 'cover' })
      .png()
      .toBuffer()
    const send = (method: 'POST' | 'DELETE', url: string, body?: ReturnType<typeof form>) =>
      t.app.inject({ method, url, payload: body?.payload, headers: { ...admin, ...(body?.headers ?? {}) } })
    const made = await send(
      'POST',
      '/api/admin/ad-avatars',
      form({ name: 'Maya', voice_id: 'espeak:en-us' }, { name: 'maya.png', data: png }),
    )
    expect(made.statusCode, made.body).toBe(200)
    const avatar = made.json<{ avatar: { id: number; image_url: string } }>().avatar
    expect(avatar).toMatchObject({
      name: 'Maya',
      width: 400,
      height: 600,
      voice_id: 'espeak:en-us',
      is_active: true,
      presenter: { width: 400, height: 600, landmarks: 68 },
    })
    expect(
      (await t.app.inject({ method: 'GET', url: avatar.image_url, headers: admin })).headers['content-type'],
    ).toBe('image/png')

    expect(
      (
        await send(
          'POST',
          '/api/admin/ad-avatars',
          form({ name: 'X' }, { name: 'x.png', data: Buffer.from('not a picture') }),
        )
      ).json(),
    ).toMatchObject({ message: 'Please upload a picture (png, jpg, webp, gif or svg).' })
    expect((await send('POST', '/api/admin/ad-avatars', form({ name: 'X' }))).json()).toMatchObject({
      message: 'Please choose a picture.',
    })
    expect(
      (await send('POST', '/api/admin/ad-avatars', form({ name: '' }, { name: 'x.png', data: png }))).json(),
    ).toMatchObject({ message: 'Please enter a name' })
    expect(
      (
        await send(
          'POST',
          '/api/admin/ad-avatars',
          form({ name: 'X', voice_id: 'nope:none' }, { name: 'x.png', data: png }),
        )
      ).json(),
    ).toMatchObject({ message: 'Unknown voice' })

    const up = await send(
      'POST',
      `/api/admin/ad-avatars/${avatar.id}`,
      form({ name: 'Maya B', is_active: 'false' }),
    )
    expect(up.json()).toMatchObject({
      avatar: { name: 'Maya B', is_active: false, width: 400, voice_id: 'espeak:en-us' },
    })
    const smaller = await sharp(await readFile(PORTRAIT))
      .resize(512, 512)
      .jpeg()
      .toBuffer()
    expect(
      (
        await send('POST', `/api/admin/ad-avatars/${avatar.id}`, form({}, { name: 's.jpg', data: smaller }))
      ).json(),
    ).toMatchObject({
      avatar: { width: 512, name: 'Maya B', is_active: false, presenter: { width: 512, landmarks: 68 } },
    })
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/ad-avatars', headers: admin })).json(),
    ).toMatchObject({ avatars: [{ name: 'Maya B' }] })
    expect((await send('DELETE', `/api/admin/ad-avatars/${avatar.id}`)).json()).toMatchObject({
      deleted: true,
    })
    expect((await send('DELETE', `/api/admin/ad-avatars/${avatar.id}`)).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ad-avatars' })).statusCode).toBe(401)
  })
})
