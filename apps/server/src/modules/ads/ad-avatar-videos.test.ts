import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { AdAvatar, AdAvatarChoice } from '@mouthpiece/contracts/ads/avatars.contract'
import type { AdGeneration } from '@mouthpiece/contracts/ads/videos.contract'
import { PHOTO_NO_FACE_MESSAGE } from '@mouthpiece/contracts/avatars/avatars.contract'
import { appWithWorkers } from '../../../test/app-with-workers'
import type { RendersClient } from '../../../test/app-with-workers'
import { formData } from '../../../test/form-data'
import { adminHeaders } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'

const PORTRAIT = fileURLToPath(
  new URL('../../../../../packages/media/fixtures/portrait-1024.jpg', import.meta.url),
)

describe('ad avatars present ad videos: an admin portrait becomes a talking photo users pick, lip-syncing the copy in the brand voice', () => {
  let t: TestApp
  let client: RendersClient
  appWithWorkers((app, c) => ((t = app), (client = c)))

  const storeAvatar = async (admin: Record<string, string>, name: string, data: Buffer) => {
    const form = formData({ name, voice_id: 'espeak:en-us' }, [
      { field: 'file', name: `${name}.jpg`, type: 'image/jpeg', data },
    ])
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/ad-avatars',
      payload: form.payload,
      headers: { ...admin, ...form.headers },
    })
  }
  const storedFiles = async () => (await t.storage.list('ad-avatars/')).length

  it('stores a portrait as a presenter, refuses a photo with no face, and makes a 9:16 ad video with it as a render', async () => {
    const admin = await adminHeaders(t.app)

    // A picture with nobody in it: the spec's no-face message, and no row or file is left behind.
    const blank = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#7FB3D5' } })
      .jpeg()
      .toBuffer()
    const refused = await storeAvatar(admin, 'Nobody', blank)
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'no_face', message: PHOTO_NO_FACE_MESSAGE })
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/ad-avatars', headers: admin })).json(),
    ).toEqual({ avatars: [] })
    expect(await storedFiles()).toBe(0)

    const made = await storeAvatar(admin, 'Maya', await readFile(PORTRAIT))
    expect(made.statusCode, made.body).toBe(200)
    const stored = made.json<{ avatar: AdAvatar }>().avatar
    expect(stored.presenter).toMatchObject({ width: 1024, height: 1024, landmarks: 68 })
    expect(await storedFiles()).toBe(2)

    // Users see it (with its talking photo) and nobody else's admin picture.
    const me = await client.register('adpresenter')
    expect((await client.call('GET', '/api/ads/avatars')).statusCode).toBe(401)
    const listed = (await client.call('GET', '/api/ads/avatars', me)).json<{ avatars: AdAvatarChoice[] }>()
      .avatars
    expect(listed).toEqual([
      {
        id: stored.id,
        name: 'Maya',
        description: '',
        voice_id: 'espeak:en-us',
        photo_url: expect.stringMatching(new RegExp(`^/api/ads/avatars/${stored.id}/photo\\?v=`)) as string,
      },
    ])
    const photo = await client.call('GET', listed[0]!.photo_url, me)
    expect(photo.headers['content-type']).toBe('image/jpeg')
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(1024)

    const brand = (await client.call('POST', '/api/ads/brands', me, { name: 'Acme' })).json<{
      brand: { id: number }
    }>().brand
    await client.call('POST', `/api/ads/brands/${brand.id}/colours`, me, { hex: '#FF6B57', role: 'primary' })
    await client.call('POST', `/api/ads/brands/${brand.id}/update`, me, {
      voice: { voice_id: 'espeak:en-gb-x-rp', rate: 1.1 },
    })
    const project = (
      await client.call('POST', '/api/ads/projects', me, {
        name: 'Launch',
        brand_id: brand.id,
        placements: ['story'],
      })
    ).json<{ project: { id: number } }>().project
    const videos = `/api/ads/projects/${project.id}/videos`

    // Bad picks change nothing.
    const both = await client.call('POST', videos, me, {
      text: 'x',
      ad_avatar_id: stored.id,
      influencer_id: 'streamer',
    })
    expect(both.json()).toMatchObject({
      message: 'Please pick one presenter: an influencer, an ad avatar or one of your avatars.',
    })
    expect(
      (await client.call('POST', videos, me, { text: 'x', ad_avatar_id: stored.id + 99 })).json(),
    ).toMatchObject({ message: 'Ad avatar not found' })
    expect((await client.call('GET', videos, me)).json()).toEqual({ generations: [] })

    const res = await client.call('POST', videos, me, {
      text: 'Fresh beans every morning, roasted right here.',
      placement: 'story',
      ad_avatar_id: stored.id,
    })
    expect(res.statusCode, res.body).toBe(200)
    const gen = res.json<{ generation: AdGeneration }>().generation
    expect(gen).toMatchObject({
      mode: 'read',
      ad_avatar_id: stored.id,
      influencer_id: null,
      voice_id: 'espeak:en-gb-x-rp',
      render: { source: 'ad_video', video_orientation: 'portrait', avatar_name: 'Maya' },
    })
    const done = await client.waitDone(gen.render!.id, me, 240_000)
    expect(done.status, done.error ?? '').toBe(3)
    // The render drew the talking photo (its portrait), not a cartoon.
    expect(done.look.photo?.src).toBe(listed[0]!.photo_url)

    const { probe, res: dl } = await client.probeDownload(done.files.video_url!, me)
    // AD_VIDEO_DIR=… keeps the video to look at (as PHOTO_FRAMES_DIR does for talking photos).
    if (process.env.AD_VIDEO_DIR) await writeFile(`${process.env.AD_VIDEO_DIR}/ad-avatar.mp4`, dl.rawPayload)
    const video = probe.streams.find((s) => s.codec_type === 'video')!
    const audio = probe.streams.find((s) => s.codec_type === 'audio')
    expect(video.height! / video.width!).toBeCloseTo(16 / 9, 1)
    expect(audio).toBeDefined()
    const seconds = Number(probe.format.duration)
    expect(seconds).toBeGreaterThan(1.5)
    expect(seconds).toBeLessThan(15)

    const adminView = await t.app.inject({
      method: 'GET',
      url: `/api/admin/ad-generations/${gen.id}`,
      headers: admin,
    })
    expect(adminView.json()).toMatchObject({ generation: { ad_avatar_id: stored.id, username: me.username } })

    // Hidden by the admin: no longer offered, its photo no longer served, and it cannot be picked.
    const hide = formData({ is_active: 'false' })
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/ad-avatars/${stored.id}`,
      payload: hide.payload,
      headers: { ...admin, ...hide.headers },
    })
    expect((await client.call('GET', '/api/ads/avatars', me)).json()).toEqual({ avatars: [] })
    expect((await client.call('GET', listed[0]!.photo_url, me)).statusCode).toBe(404)
    expect((await client.call('POST', videos, me, { text: 'x', ad_avatar_id: stored.id })).statusCode).toBe(
      404,
    )
  }, 300_000)
})
