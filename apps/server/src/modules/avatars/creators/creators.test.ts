import path from 'node:path'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type {
  Creator,
  CreatorDatasetItem,
  DemoInfluencer,
} from '@mouthpiece/contracts/avatars/creators.contract'
import type { InfluencerVideo } from '@mouthpiece/contracts/renders/renders.schemas'
import type { InfluencerItem } from '@mouthpiece/contracts/avatars/avatars.contract'
import type { VoiceProfileItem } from '@mouthpiece/contracts/voices/voice-profiles.contract'
import { ffmpeg } from '@mouthpiece/media/audio/ffmpeg'
import { adminHeaders, createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { formData } from '../../../../test/form-data'
import { speak, writeAudio } from '../../../platform/media'
import { rendersClient } from '../../renders/testing'

const PORTRAIT = fileURLToPath(
  new URL('../../../../../../packages/media/fixtures/portrait-1024.jpg', import.meta.url),
)

describe('avatars: creator management', () => {
  let t: TestApp
  let admin: Record<string, string>
  let client: ReturnType<typeof rendersClient>

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    admin = await adminHeaders(t.app)
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  const add = (
    fields: Record<string, string>,
    files: Array<{ name: string; type: string; data: Buffer }>,
  ) => {
    const f = formData(
      fields,
      files.map((x) => ({ field: 'files', ...x })),
    )
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/influencers',
      payload: f.payload,
      headers: { ...admin, ...f.headers },
    })
  }
  /** Polls the dataset progress until processing ends; answers every progress value seen. */
  async function settle(id: string) {
    const seen: number[] = []
    for (let i = 0; i < 600; i++) {
      const p = (
        await t.app.inject({ method: 'GET', url: `/api/admin/influencers/${id}/progress`, headers: admin })
      ).json<{ dataset: { status: string; progress: number; error: string | null } }>().dataset
      seen.push(p.progress)
      if (p.status !== 'processing') return { ...p, seen }
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error('processing never ended')
  }
  const visible = async (who?: { token: string }) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/influencers',
        headers: who ? { authorization: `Bearer ${who.token}` } : {},
      })
    )
      .json<{ influencers: InfluencerItem[] }>()
      .influencers.map((i) => i.id)

  let creator: Creator
  it('adds a creator from a photo: processing shows progress, builds the photo avatar, shows it to users', async () => {
    const res = await add({ name: 'Ada Streams', description: 'Cozy variety' }, [
      { name: 'ada.jpg', type: 'image/jpeg', data: await readFile(PORTRAIT) },
    ])
    expect(res.statusCode, res.body).toBe(200)
    creator = res.json<{ creator: Creator }>().creator
    expect(creator).toMatchObject({ name: 'Ada Streams', status: 'processing', is_active: false })
    expect(creator.id).toMatch(/^ada-streams-[0-9a-f]{6}$/)
    const done = await settle(creator.id)
    expect(done).toMatchObject({ status: 'ready', progress: 100, error: null })
    expect(done.seen.at(-1)).toBe(100)
    const got = (
      await t.app.inject({ method: 'GET', url: `/api/admin/influencers/${creator.id}`, headers: admin })
    ).json<{ creator: Creator }>().creator
    expect(got.is_active).toBe(true)
    expect(got.look.photo!.landmarks).toHaveLength(68)
    const photo = await t.app.inject({ method: 'GET', url: got.look.photo!.src })
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/jpeg')
    expect(await visible()).toContain(creator.id)
  }, 180_000)

  it('keeps the AI avatar dataset; update avatar removes the background (colour), takes a new portrait into the dataset, refuses bad input', async () => {
    const dataset = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/influencers/${creator.id}/ai-avatar-dataset`,
        headers: admin,
      })
    ).json<{ dataset: CreatorDatasetItem[] }>().dataset
    expect(dataset).toEqual([
      expect.objectContaining({ index: 0, width: 1024, height: 1024, face: true, in_use: true }),
    ])
    const pic = await t.app.inject({ method: 'GET', url: dataset[0]!.src, headers: admin })
    expect(pic.headers['content-type']).toBe('image/jpeg')
    expect((await t.app.inject({ method: 'GET', url: dataset[0]!.src })).statusCode).toBe(401)

    const update = (
      fields: Record<string, string>,
      files: Array<{ field: string; name: string; type: string; data: Buffer }> = [],
    ) => {
      const f = formData(fields, files)
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/influencers/${creator.id}/update-avatar`,
        payload: f.payload,
        headers: { ...admin, ...f.headers },
      })
    }
    const nothing = await update({})
    expect(nothing.statusCode).toBe(422)
    expect(nothing.json()).toMatchObject({
      message: 'Please choose a new photo, a picture of the dataset or a background.',
    })
    expect((await update({ dataset_index: '7' })).json()).toMatchObject({
      message: 'Dataset picture not found',
    })
    expect((await update({ background: 'color', background_color: 'red' })).json()).toMatchObject({
      message: 'Please pick a colour for the background.',
    })

    const cut = await update({ background: 'color', background_color: '#222831' })
    expect(cut.statusCode, cut.body).toBe(200)
    const { creator: cutOut, segment_ms } = cut.json<{ creator: Creator; segment_ms: number }>()
    expect(segment_ms).toBeGreaterThan(0)
    expect(cutOut.look.photo!.background).toEqual({ mode: 'color', color: '#222831' })
    const png = await t.app.inject({ method: 'GET', url: cutOut.look.photo!.src })
    expect(png.headers['content-type']).toBe('image/png')
    expect((await sharp(png.rawPayload).metadata()).hasAlpha).toBe(true)
    // Users' pickers get the look with the background choice (drawn by packages/avatar).
    const listed = (await t.app.inject({ method: 'GET', url: '/api/influencers' }))
      .json<{ influencers: InfluencerItem[] }>()
      .influencers.find((i) => i.id === creator.id)!
    expect(listed.look.photo!.background).toEqual({ mode: 'color', color: '#222831' })

    // A new portrait joins the dataset and becomes the avatar, cut out with the same colour.
    const again = await update({}, [
      { field: 'file', name: 'new.jpg', type: 'image/jpeg', data: await readFile(PORTRAIT) },
    ])
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json<{ creator: Creator }>().creator.look.photo!.background).toEqual({
      mode: 'color',
      color: '#222831',
    })
    const grown = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/influencers/${creator.id}/ai-avatar-dataset`,
        headers: admin,
      })
    ).json<{ dataset: CreatorDatasetItem[] }>().dataset
    expect(grown).toHaveLength(2)
    const blank = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#7a9bb5' } })
      .jpeg()
      .toBuffer()
    expect(
      (await update({}, [{ field: 'file', name: 'wall.jpg', type: 'image/jpeg', data: blank }])).json(),
    ).toMatchObject({ code: 'no_face' })
    // Keep the photo's background again.
    const kept = (await update({ background: 'keep' })).json<{ creator: Creator }>().creator
    expect(kept.look.photo!.background).toBeUndefined()
    expect((await t.app.inject({ method: 'GET', url: kept.look.photo!.src })).headers['content-type']).toBe(
      'image/jpeg',
    )
  }, 120_000)

  it('demo influencers are paged with their landing video; refresh web source makes it again; a creator not shown is refused', async () => {
    const page = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/demo-influencers?${q}`, headers: admin })
    const first = (await page('page=1&per_page=3')).json<{
      list: DemoInfluencer[]
      total: number
      lastPage: number
      page: number
    }>()
    expect(first.list).toHaveLength(3)
    expect(first.total).toBeGreaterThan(3)
    expect(first.lastPage).toBe(Math.ceil(first.total / 3))
    expect((await page('page=0')).statusCode).toBe(400)
    const find = async () =>
      (await page('per_page=100'))
        .json<{ list: DemoInfluencer[] }>()
        .list.find((d) => d.creator.id === creator.id)!
    expect((await find()).video).toBeNull()
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/influencers/${creator.id}/refresh-web-source`,
      headers: admin,
    })
    expect(res.statusCode, res.body).toBe(200)
    const video = res.json<{ video: InfluencerVideo }>().video
    expect(video).toMatchObject({ influencer_id: creator.id, status: 'rendering' })
    expect((await find()).video?.render_id).toBe(video.render_id)
    // Asked again while it is being made: the same video.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/influencers/${creator.id}/refresh-web-source`,
          headers: admin,
        })
      ).json<{ video: InfluencerVideo }>().video.render_id,
    ).toBe(video.render_id)
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/influencers/${creator.id}/update`,
      headers: admin,
      payload: { is_active: false },
    })
    const hidden = await t.app.inject({
      method: 'POST',
      url: `/api/admin/influencers/${creator.id}/refresh-web-source`,
      headers: admin,
    })
    expect(hidden.statusCode).toBe(422)
    expect(hidden.json()).toMatchObject({
      message: 'Only a ready creator shown to every user has a video on the landing page.',
    })
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/influencers/${creator.id}/update`,
      headers: admin,
      payload: { is_active: true },
    })
    const noVoice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/influencers/${creator.id}/delete-voice`,
      headers: admin,
    })
    expect(noVoice.statusCode).toBe(422)
    expect(noVoice.json()).toMatchObject({ message: 'This creator has no voice of its own to delete.' })
  }, 120_000)

  it('restricts a creator to a plan: a user on another plan neither sees nor renders with it; a named user does', async () => {
    const free = await client.register('freeuser')
    const named = await client.register('named')
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/influencers/${creator.id}/permission`,
      headers: admin,
      payload: { plans: ['pro'], user_ids: [named.id] },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await visible(free)).not.toContain(creator.id)
    expect(await visible()).not.toContain(creator.id)
    expect(await visible(named)).toContain(creator.id)
    const render = await client.call('POST', '/api/quick-create', free, {
      text: 'Hello there',
      influencer_id: creator.id,
    })
    expect(render.statusCode).toBe(404)
    // Back to everyone.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/influencers/${creator.id}/permission`,
      headers: admin,
      payload: { plans: [], user_ids: [] },
    })
    expect(await visible(free)).toContain(creator.id)
  }, 180_000)

  it('adds a creator from a short video: the frame gives the photo avatar, the speech a voice profile it speaks with', async () => {
    const dir = t.config.dataDir
    const wav = path.join(dir, 'creator-voice.wav')
    await writeAudio(
      await speak({
        text: 'Hi everyone, welcome back to the stream. Today we are going to build something fun together.',
        voiceId: 'espeak:en-us+m3',
        emotion: 'Neutral',
        intensity: 0.5,
      }),
      wav,
      'wav',
    )
    const video = path.join(dir, 'creator.mp4')
    await ffmpeg([
      '-y',
      '-v',
      'error',
      '-loop',
      '1',
      '-i',
      PORTRAIT,
      '-i',
      wav,
      '-shortest',
      '-vf',
      'scale=480:480',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      video,
    ])
    const res = await add({ name: 'Video Vic' }, [
      { name: 'vic.mp4', type: 'video/mp4', data: await readFile(video) },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json<{ creator: Creator }>().creator.id
    expect(await settle(id)).toMatchObject({ status: 'ready' })
    const got = (
      await t.app.inject({ method: 'GET', url: `/api/admin/influencers/${id}`, headers: admin })
    ).json<{ creator: Creator }>().creator
    expect(got.look.photo).toBeTruthy()
    expect(got.voice_id).toBe(`profile:${got.voice_profile_id}`)
    const profile = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/voice-profiles/${got.voice_profile_id}`,
        headers: admin,
      })
    ).json<{ profile: VoiceProfileItem }>().profile
    expect(profile.name).toBe("Video Vic's voice")
    expect(profile.sample_seconds).toBeGreaterThan(3)

    // Delete voice: the profile made from the video goes, the creator speaks with the default voice.
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/admin/influencers/${id}/delete-voice`,
      headers: admin,
    })
    expect(del.statusCode, del.body).toBe(200)
    expect(del.json()).toMatchObject({
      message: 'Voice deleted. The creator speaks with the default voice.',
      creator: { voice_id: 'festival:cmu_us_slt_arctic_hts', voice_profile_id: null },
    })
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/voice-profiles/${got.voice_profile_id}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(404)
  }, 180_000)

  it('bad input: no files, no name, a picture without a face — a clear message, nothing shown to users', async () => {
    const none = await add({ name: 'Nobody' }, [])
    expect(none.statusCode).toBe(422)
    expect(none.json<{ message: string }>().message).toBe(
      'Please upload at least one photo or a short video of the creator.',
    )
    const noName = await add({ name: ' ' }, [
      { name: 'a.jpg', type: 'image/jpeg', data: await readFile(PORTRAIT) },
    ])
    expect(noName.statusCode).toBe(422)
    const blank = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#7a9bb5' } })
      .png()
      .toBuffer()
    const res = await add({ name: 'Blank Wall' }, [{ name: 'wall.png', type: 'image/png', data: blank }])
    const id = res.json<{ creator: Creator }>().creator.id
    expect(await settle(id)).toMatchObject({
      status: 'failed',
      error:
        'We could not find a face in these files. Please upload a clear, front-facing photo of the creator.',
    })
    expect(await visible()).not.toContain(id)
    const audit = (
      await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?action=creators.*', headers: admin })
    )
      .json<{ list: Array<{ action: string }> }>()
      .list.map((e) => e.action)
    expect(audit).toEqual(expect.arrayContaining(['creators.add', 'creators.permission']))
  }, 180_000)

  it('keeps the default look prompts the avatar editor offers; a nameless one is refused and nothing changes', async () => {
    const save = (prompts: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/admin/default-prompt', headers: admin, payload: { prompts } })
    const ok = await save([
      { label: 'Cozy gamer', prompt: { wearing: 'hoodie, headset', style: 'anime' } },
      { label: 'News anchor', prompt: { wearing: 'suit' } },
    ])
    expect(ok.statusCode, ok.body).toBe(200)
    const bad = await save([{ label: ' ', prompt: {} }])
    expect(bad.statusCode).toBe(400)
    const pub = (await t.app.inject({ method: 'GET', url: '/api/default-prompts' })).json<{
      prompts: Array<{ label: string; prompt: { wearing: string } }>
    }>().prompts
    expect(pub.map((p) => p.label)).toEqual(['Cozy gamer', 'News anchor'])
    expect(pub[0]!.prompt.wearing).toBe('hoodie, headset')
  }, 60_000)
})
