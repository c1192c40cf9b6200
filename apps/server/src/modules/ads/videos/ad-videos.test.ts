import { writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AD_VIDEO_PLACEMENTS, AD_VIDEO_PLACEMENTS_MESSAGE } from '@mouthpiece/contracts/ads/videos.contract'
import { VIDEO_PLACEMENT_IDS } from '@mouthpiece/contracts/ads/placements'
import type { AdGeneration } from '@mouthpiece/contracts/ads/videos.contract'
import type { AdVoice } from '@mouthpiece/contracts/ads/voices.contract'
import type { AdAudioGeneration } from '@mouthpiece/contracts/ads/audios.contract'
import { DEFAULT_VOICE_ID } from '@mouthpiece/contracts/media/voices.schemas'
import type { AdProjectStats } from '@mouthpiece/contracts/ads/projects.schemas'
import { adminHeaders, createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { rendersClient } from '../../renders/testing'

describe('ad videos: an influencer reads the copy in the brand voice, over the brand colour, in the video placements (9:16, 1:1, 4:5), as renders', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>
  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('makes a 9:16 video with the brand voice and rate; stats and admin see it; bad input changes nothing', async () => {
    const me = await client.register('advid')
    const brand = (await client.call('POST', '/api/ads/brands', me, { name: 'Acme' })).json<{
      brand: { id: number }
    }>().brand
    await client.call('POST', `/api/ads/brands/${brand.id}/colours`, me, { hex: '#FF6B57', role: 'primary' })
    await client.call('POST', `/api/ads/brands/${brand.id}/update`, me, {
      voice: { voice_id: 'espeak:en-us', rate: 1.25 },
    })
    // The voices an ad can speak in: profiles, then featured, then other engine voices; the brand's marked.
    const voices = (await client.call('GET', '/api/ads/voices', me)).json<{ voices: AdVoice[] }>().voices
    expect(voices.find((v) => v.id === 'espeak:en-us')).toMatchObject({
      brands: [{ id: brand.id, name: 'Acme' }],
    })
    expect(voices.filter((v) => v.brands.length)).toHaveLength(1)
    const rank = voices.map((v) => ['profile', 'featured', 'engine'].indexOf(v.group))
    expect(rank).toEqual([...rank].sort((a, b) => a - b))
    expect(voices.some((v) => v.group === 'featured')).toBe(true)
    expect((await client.call('GET', '/api/ads/voices')).statusCode).toBe(401)
    const project = (
      await client.call('POST', '/api/ads/projects', me, {
        name: 'Launch',
        brand_id: brand.id,
        placements: ['story'],
      })
    ).json<{ project: { id: number } }>().project

    const empty = await client.call('POST', `/api/ads/projects/${project.id}/videos`, me, {})
    expect(empty.statusCode).toBe(422)
    expect(empty.json()).toMatchObject({
      message: 'Please write the ad copy first (or upload a recording to lip-sync).',
    })
    expect(
      (
        await client.call('POST', `/api/ads/projects/${project.id}/videos`, me, {
          placement: 'leaderboard',
          text: 'x',
        })
      ).json(),
    ).toMatchObject({ message: AD_VIDEO_PLACEMENTS_MESSAGE })
    expect((await client.call('GET', `/api/ads/projects/${project.id}/videos`, me)).json()).toEqual({
      generations: [],
    })

    const res = await client.call('POST', `/api/ads/projects/${project.id}/videos`, me, {
      text: 'Fresh beans every morning.',
      placement: 'story',
    })
    expect(res.statusCode, res.body).toBe(200)
    const gen = res.json<{ generation: AdGeneration }>().generation
    expect(gen).toMatchObject({
      mode: 'read',
      placement: 'story',
      voice_id: 'espeak:en-us',
      render: { source: 'ad_video', video_orientation: 'portrait', voice_id: 'espeak:en-us' },
    })
    const done = await client.waitDone(gen.render!.id, me, 240_000)
    expect(done.status, done.error ?? '').toBe(3)
    const { probe } = await client.probeDownload(done.files.video_url!, me)
    const video = probe.streams.find((s: { codec_type?: string }) => s.codec_type === 'video') as {
      width: number
      height: number
    }
    expect(video.height / video.width).toBeCloseTo(16 / 9, 1)

    const stats = (await client.call('GET', `/api/ads/projects/${project.id}/stats`, me)).json<{
      stats: AdProjectStats
    }>().stats
    expect(stats).toMatchObject({ video_generations: 1, videos_completed: 1, videos_failed: 0 })
    const admin = await adminHeaders(t.app)
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/ad-generations', headers: admin })
    expect(list.json()).toMatchObject({
      total: 1,
      list: [{ id: gen.id, username: me.username, project_name: 'Launch' }],
    })
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ad-generations/${gen.id}/retry`,
      headers: admin,
    })
    expect(retry.json()).toMatchObject({ message: 'Only a failed ad video can be retried.' })
    const other = await client.register('advidother')
    expect((await client.call('GET', `/api/ads/projects/${project.id}/videos`, other)).statusCode).toBe(404)
  }, 300_000)

  it('makes Square 1:1 (720×720) and Portrait 4:5 (720×900) videos with their sound, the frame each placement names', async () => {
    // Every placement the ads studio marks as a video one can be rendered.
    expect([...AD_VIDEO_PLACEMENTS].sort()).toEqual([...VIDEO_PLACEMENT_IDS].sort())
    const me = await client.register('advidfeed')
    const brand = (await client.call('POST', '/api/ads/brands', me, { name: 'Beanery' })).json<{
      brand: { id: number }
    }>().brand
    await client.call('POST', `/api/ads/brands/${brand.id}/colours`, me, { hex: '#2E7D5B', role: 'primary' })
    const project = (
      await client.call('POST', '/api/ads/projects', me, {
        name: 'Feed',
        brand_id: brand.id,
        placements: ['square', 'portrait'],
        copy: 'Fresh beans every morning, roasted right here in town.',
      })
    ).json<{ project: { id: number } }>().project

    const made: AdGeneration[] = []
    for (const placement of ['square', 'portrait'] as const) {
      const res = await client.call('POST', `/api/ads/projects/${project.id}/videos`, me, { placement })
      expect(res.statusCode, res.body).toBe(200)
      made.push(res.json<{ generation: AdGeneration }>().generation)
    }
    expect(made.map((g) => [g.placement, g.render?.video_orientation, g.render?.title])).toEqual([
      ['square', 'square', 'Feed · 1:1'],
      ['portrait', 'portrait_4_5', 'Feed · 4:5'],
    ])

    const sizes: Array<[number, number]> = []
    for (const gen of made) {
      const done = await client.waitDone(gen.render!.id, me, 240_000)
      expect(done.status, done.error ?? '').toBe(3)
      const { probe, res } = await client.probeDownload(done.files.video_url!, me)
      // AD_VIDEO_DIR=… keeps the videos to look at.
      if (process.env.AD_VIDEO_DIR)
        await writeFile(`${process.env.AD_VIDEO_DIR}/ad-${gen.placement}.mp4`, res.rawPayload)
      const video = probe.streams.find((s) => s.codec_type === 'video')!
      const audio = probe.streams.find((s) => s.codec_type === 'audio')
      sizes.push([video.width!, video.height!])
      expect(audio).toMatchObject({ codec_name: 'aac' })
      expect(Number(audio!.duration)).toBeGreaterThan(1.5)
      expect(Math.abs(Number(audio!.duration) - Number(video.duration))).toBeLessThan(0.2)
      expect(done.files.poster_url).toBeTruthy()
    }
    expect(sizes).toEqual([
      [720, 720],
      [720, 900],
    ])
    const listed = (await client.call('GET', `/api/ads/projects/${project.id}/videos`, me)).json<{
      generations: AdGeneration[]
    }>().generations
    expect(listed.map((g) => g.placement).sort()).toEqual(['portrait', 'square'])

    // Audio generations: the copy as a voice-over in the brand voice (the default voice: the brand names none).
    const res = await client.call('POST', `/api/ads/projects/${project.id}/audios`, me, {})
    expect(res.statusCode, res.body).toBe(200)
    const voiceOver = res.json<{ generation: AdAudioGeneration }>().generation
    expect(voiceOver).toMatchObject({
      text: 'Fresh beans every morning, roasted right here in town.',
      voice_id: DEFAULT_VOICE_ID,
      render: { source: 'ad_audio', kind: 'audio', title: 'Feed · voice-over' },
    })
    const heard = await client.waitDone(voiceOver.render!.id, me, 120_000)
    expect(heard.status, heard.error ?? '').toBe(3)
    const { probe } = await client.probeDownload(heard.files.audio_url!, me)
    expect(probe.streams.map((s) => s.codec_type)).toEqual(['audio'])
    expect(Number(probe.streams[0]!.duration)).toBeGreaterThan(1.5)
    expect(heard.files.vtt_url).toBeTruthy()
    const audios = (await client.call('GET', `/api/ads/projects/${project.id}/audios`, me)).json<{
      generations: AdAudioGeneration[]
    }>().generations
    expect(audios.map((g) => g.id)).toEqual([voiceOver.id])
    const stranger = await client.register('advidstranger')
    expect((await client.call('GET', `/api/ads/projects/${project.id}/audios`, stranger)).statusCode).toBe(
      404,
    )
    expect(
      (
        await client.call('POST', `/api/ads/projects/${project.id}/audios`, me, {
          text: '   ',
          audio_format: 'ogg',
        })
      ).statusCode,
    ).toBe(400)
  }, 300_000)
})
