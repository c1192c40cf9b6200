import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { CustomAvatar } from '@mouthpiece/contracts/avatars/avatars.contract'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { appWithWorkers } from '../../../test/app-with-workers'
import type { RendersClient } from '../../../test/app-with-workers'
import type { TestApp } from '../../../test/harness'
import { multipartFile } from '../renders/testing'
import { formData } from '../../../test/form-data'

const PORTRAIT = fileURLToPath(
  new URL('../../../../../packages/media/fixtures/portrait-1024.jpg', import.meta.url),
)

describe('avatars: talking photos', () => {
  let t: TestApp
  let client: RendersClient
  appWithWorkers((app, c) => ((t = app), (client = c)))

  const upload = (who: { token: string }, name: string, type: string, data: Buffer) => {
    const form = multipartFile('file', name, type, data)
    return t.app.inject({
      method: 'POST',
      url: '/api/custom-avatar/photo',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${who.token}` },
    })
  }
  const mine = async (who: { token: string }) =>
    (await client.call('GET', '/api/custom-avatar', who)).json<{ avatars: CustomAvatar[] }>().avatars

  it('finds the face in a portrait, keeps the photo with its 68 landmarks, lets the user move a point, and renders it speaking', async () => {
    const me = await client.register('portrait')
    const res = await upload(me, 'me.jpg', 'image/jpeg', await readFile(PORTRAIT))
    expect(res.statusCode, res.body).toBe(200)
    const { avatar, detect_ms } = res.json<{ avatar: CustomAvatar; detect_ms: number }>()
    expect(detect_ms).toBeGreaterThan(0)
    const photo = avatar.look.photo!
    expect(photo).toMatchObject({
      width: 1024,
      height: 1024,
      src: `/api/custom-avatar/${avatar.id}/photo?v=0`,
    })
    expect(photo.landmarks).toHaveLength(68)
    // The picture and the drawn still are served to the owner only.
    const pic = await client.call('GET', photo.src, me)
    expect(pic.headers['content-type']).toBe('image/jpeg')
    expect((await sharp(pic.rawPayload).metadata()).width).toBe(1024)
    const still = await client.call('GET', avatar.preview_url, me)
    expect((await sharp(still.rawPayload).metadata()).width).toBe(256)
    const other = await client.register('peeker')
    expect((await client.call('GET', photo.src, other)).statusCode).toBe(404)

    // Drag the chin down 12 px: saved; a point off the photo is refused.
    const moved = photo.landmarks.map((p, i) => (i === 8 ? [p[0], p[1] + 12] : p))
    const fixed = await client.call('POST', `/api/custom-avatar/${avatar.id}/landmarks`, me, {
      landmarks: moved,
    })
    expect(fixed.statusCode, fixed.body).toBe(200)
    expect(fixed.json<{ avatar: CustomAvatar }>().avatar.look.photo!.landmarks[8]).toEqual(moved[8])
    const off = await client.call('POST', `/api/custom-avatar/${avatar.id}/landmarks`, me, {
      landmarks: moved.map((p, i) => (i === 0 ? [-50, p[1]] : p)),
    })
    expect(off.statusCode).toBe(422)
    expect(off.json()).toMatchObject({ message: 'Landmark points must stay on the photo' })
    expect(
      (
        await client.call('POST', `/api/custom-avatar/${avatar.id}/landmarks`, me, {
          landmarks: moved.slice(1),
        })
      ).json(),
    ).toMatchObject({ message: 'A face needs all 68 landmark points' })

    // Quick Create with it: the render keeps the photo look and the worker draws the portrait.
    const made = await client.call('POST', '/api/quick-create', me, {
      text: 'Hi, this is me talking.',
      custom_avatar_id: avatar.id,
    })
    expect(made.statusCode, made.body).toBe(200)
    const done = await client.waitDone(made.json<{ render: Render }>().render.id, me)
    expect(done.look.photo?.key).toBe(photo.key)
    expect(done).toMatchObject({ status: RenderStatus.completed, error: null })
    const { res: video, probe } = await client.probeDownload(done.files.video_url!, me)
    expect(probe.streams.some((s) => s.codec_type === 'video')).toBe(true)
    if (process.env.PHOTO_FRAMES_DIR)
      await writeFile(`${process.env.PHOTO_FRAMES_DIR}/quick-create-photo.mp4`, video.rawPayload)

    expect((await client.call('POST', `/api/custom-avatar/${avatar.id}/delete`, me)).json()).toEqual({
      deleted: true,
    })
    expect((await client.call('GET', photo.src, me)).statusCode).toBe(404)
  }, 120_000)

  /** The RGBA of one pixel of a PNG/JPEG. */
  const pixel = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    const i = (y * info.width + x) * 4
    return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!]
  }
  const near = (a: number[], b: number[], tol = 24) => b.every((v, i) => Math.abs(a[i]! - v) <= tol)

  it('removes the background once (a cut-out with alpha), draws it over a colour or a picked picture, renders it, and can keep the photo again', async () => {
    const me = await client.register('cutout')
    const send = (
      url: string,
      fields: Record<string, string>,
      files: Array<{ field: string; name: string; type: string; data: Buffer }> = [],
    ) => {
      const f = formData(fields, files)
      return t.app.inject({
        method: 'POST',
        url,
        payload: f.payload,
        headers: { ...f.headers, authorization: `Bearer ${me.token}` },
      })
    }
    const portrait = await readFile(PORTRAIT)
    const res = await send(
      '/api/custom-avatar/photo',
      { name: 'Cut me out', background: 'color', background_color: '#1E90FF' },
      [{ field: 'file', name: 'me.jpg', type: 'image/jpeg', data: portrait }],
    )
    expect(res.statusCode, res.body).toBe(200)
    const { avatar, segment_ms } = res.json<{ avatar: CustomAvatar; segment_ms: number }>()
    console.log(`portrait segmentation: ${segment_ms} ms`)
    expect(segment_ms).toBeGreaterThan(0)
    const photo = avatar.look.photo!
    expect(photo.background).toEqual({ mode: 'color', color: '#1e90ff' })
    expect(photo.landmarks).toHaveLength(68)
    // The drawn picture is the cut-out: PNG with alpha, clear in the top corners, solid on the face.
    const cut = await client.call('GET', photo.src, me)
    expect(cut.headers['content-type']).toBe('image/png')
    const meta = await sharp(cut.rawPayload).metadata()
    expect(meta).toMatchObject({ width: 1024, height: 1024, hasAlpha: true })
    expect((await pixel(cut.rawPayload, 10, 10))[3]).toBeLessThan(40)
    const nose = photo.landmarks[30]!
    expect((await pixel(cut.rawPayload, Math.round(nose[0]), Math.round(nose[1])))[3]).toBeGreaterThan(230)
    // The still (packages/avatar's drawing) shows the colour where the photo's background was.
    const still = (await client.call('GET', avatar.preview_url, me)).rawPayload
    expect(near(await pixel(still, 22, 22), [0x1e, 0x90, 0xff, 255])).toBe(true)

    // A picked picture instead: the mask is not made again, the picture is served and drawn.
    const green = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#22aa44' } })
      .jpeg()
      .toBuffer()
    const pic = await send(`/api/custom-avatar/${avatar.id}/background`, { background: 'image' }, [
      { field: 'background_file', name: 'bg.jpg', type: 'image/jpeg', data: green },
    ])
    expect(pic.statusCode, pic.body).toBe(200)
    const withPic = pic.json<{ avatar: CustomAvatar; segment_ms: number | null }>()
    expect(withPic.segment_ms).toBeNull()
    const bg = withPic.avatar.look.photo!.background!
    expect(bg.mode).toBe('image')
    expect(withPic.avatar.look.photo!.key).toBe(photo.key)
    const served = await client.call('GET', (bg as { src: string }).src, me)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect(
      near(
        await pixel((await client.call('GET', withPic.avatar.preview_url, me)).rawPayload, 22, 22),
        [0x22, 0xaa, 0x44, 255],
      ),
    ).toBe(true)

    // Bad input changes nothing: a wrong colour, no picture, an unknown choice, a picture that is not one.
    const before = (await client.call('GET', `/api/custom-avatar/${avatar.id}`, me)).json<{
      avatar: CustomAvatar
    }>().avatar.look
    const badColor = await send(`/api/custom-avatar/${avatar.id}/background`, {
      background: 'color',
      background_color: 'blue',
    })
    expect(badColor.statusCode).toBe(422)
    expect(badColor.json()).toMatchObject({ message: 'Please pick a colour for the background.' })
    expect(
      (await send(`/api/custom-avatar/${avatar.id}/background`, { background: 'sky' })).json(),
    ).toMatchObject({ message: 'Please choose keep, colour or picture for the background.' })
    expect(
      (
        await send(`/api/custom-avatar/${avatar.id}/background`, { background: 'image' }, [
          { field: 'background_file', name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('nope') },
        ])
      ).json(),
    ).toMatchObject({ message: 'Please upload a photo (JPEG, PNG or WebP).' })
    expect(
      (await client.call('GET', `/api/custom-avatar/${avatar.id}`, me)).json<{ avatar: CustomAvatar }>()
        .avatar.look,
    ).toEqual(before)
    const fresh = await send('/api/custom-avatar/photo', { background: 'image' }, [
      { field: 'file', name: 'me.jpg', type: 'image/jpeg', data: portrait },
    ])
    expect(fresh.json()).toMatchObject({ message: 'Please choose a picture for the background.' })
    expect(await mine(me)).toHaveLength(1)

    // The render worker draws the cut-out over the picture: a frame of the video shows green around the head.
    const made = await client.call('POST', '/api/quick-create', me, {
      text: 'My background is gone.',
      custom_avatar_id: avatar.id,
    })
    expect(made.statusCode, made.body).toBe(200)
    const done = await client.waitDone(made.json<{ render: Render }>().render.id, me)
    expect(done).toMatchObject({ status: RenderStatus.completed, error: null })
    expect(done.look.photo?.background?.mode).toBe('image')
    const { res: video } = await client.probeDownload(done.files.video_url!, me)
    if (process.env.PHOTO_FRAMES_DIR)
      await writeFile(`${process.env.PHOTO_FRAMES_DIR}/quick-create-cutout.mp4`, video.rawPayload)

    // Keep the photo again: the uploaded JPEG is drawn, the cut-out and picture are gone.
    const keep = await send(`/api/custom-avatar/${avatar.id}/background`, { background: 'keep' })
    expect(keep.statusCode, keep.body).toBe(200)
    const kept = keep.json<{ avatar: CustomAvatar }>().avatar.look.photo!
    expect(kept.background).toBeUndefined()
    expect(kept.key).toMatch(/\.jpg$/)
    expect((await client.call('GET', kept.src, me)).headers['content-type']).toBe('image/jpeg')
    expect((await client.call('GET', (bg as { src: string }).src, me)).statusCode).toBe(404)
  }, 180_000)

  it('refuses a picture with no face, a file that is not an image and a 40 MB image, keeping nothing', async () => {
    const me = await client.register('noface')
    const blank = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#88aacc' } })
      .jpeg()
      .toBuffer()
    const none = await upload(me, 'sky.jpg', 'image/jpeg', blank)
    expect(none.statusCode).toBe(422)
    expect(none.json()).toMatchObject({
      message: 'We could not find a face in this photo. Please upload a clear, front-facing portrait.',
      code: 'no_face',
    })
    const text = await upload(me, 'me.jpg', 'image/jpeg', Buffer.from('not a picture at all'))
    expect(text.json()).toMatchObject({ message: 'Please upload a photo (JPEG, PNG or WebP).' })
    const huge = await upload(
      me,
      'huge.jpg',
      'image/jpeg',
      Buffer.concat([await readFile(PORTRAIT), Buffer.alloc(40 * 1024 * 1024)]),
    )
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toMatchObject({
      message: 'The photo is too large. Please upload an image under 15 MB.',
    })
    expect(await mine(me)).toEqual([])
  }, 60_000)

  it('validate-custom-avatar checks a portrait without keeping it: face found, or the same messages as the upload', async () => {
    const me = await client.register('validate')
    const check = (name: string, type: string, data: Buffer) => {
      const form = multipartFile('file', name, type, data)
      return t.app.inject({
        method: 'POST',
        url: '/api/validate-custom-avatar',
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${me.token}` },
      })
    }
    const ok = await check('me.jpg', 'image/jpeg', await readFile(PORTRAIT))
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ valid: true, width: 1024, height: 1024, landmarks: 68 })
    const blank = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#88aacc' } })
      .png()
      .toBuffer()
    expect((await check('sky.png', 'image/png', blank)).json()).toMatchObject({ code: 'no_face' })
    expect((await check('x.jpg', 'image/jpeg', Buffer.from('nope'))).json()).toMatchObject({
      message: 'Please upload a photo (JPEG, PNG or WebP).',
    })
    expect(await mine(me)).toEqual([])
  }, 60_000)
})
