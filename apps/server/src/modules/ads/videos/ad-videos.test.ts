import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdGeneration } from '@mouthpiece/contracts/ads/videos.routes'
import type { AdProjectStats } from '@mouthpiece/contracts/ads/projects.schemas'
import { adminHeaders, createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { rendersClient } from '../../renders/testing/renders-client'

describe('ad videos: an influencer reads the copy in the brand voice, over the brand colour, 9:16, as a render', () => {
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
    const brand = (await client.call('POST', '/api/ads/brands', me, { name: 'Acme' })).json<{ brand: { id: number } }>().brand
    await client.call('POST', `/api/ads/brands/${brand.id}/colours`, me, { hex: '#FF6B57', role: 'primary' })
    await client.call('POST', `/api/ads/brands/${brand.id}/update`, me, { voice: { voice_id: 'espeak:en-us', rate: 1.25 } })
    const project = (await client.call('POST', '/api/ads/projects', me, { name: 'Launch', brand_id: brand.id, placements: ['story'] })).json<{ project: { id: number } }>().project

    const empty = await client.call('POST', `/api/ads/projects/${project.id}/videos`, me, {})
    expect(empty.statusCode).toBe(422)
    expect(empty.json()).toMatchObject({ message: 'Please write the ad copy first (or upload a recording to lip-sync).' })
    expect((await client.call('POST', `/api/ads/projects/${project.id}/videos`, me, { placement: 'leaderboard', text: 'x' })).json()).toMatchObject({ message: 'Ad videos are made in Story 9:16 or Widescreen 16:9' })
    expect((await client.call('GET', `/api/ads/projects/${project.id}/videos`, me)).json()).toEqual({ generations: [] })

    const res = await client.call('POST', `/api/ads/projects/${project.id}/videos`, me, { text: 'Fresh beans every morning.', placement: 'story' })
    expect(res.statusCode, res.body).toBe(200)
    const gen = res.json<{ generation: AdGeneration }>().generation
    expect(gen).toMatchObject({ mode: 'read', placement: 'story', voice_id: 'espeak:en-us', render: { source: 'ad_video', video_orientation: 'portrait', voice_id: 'espeak:en-us' } })
    const done = await client.waitDone(gen.render!.id, me, 240_000)
    expect(done.status, done.error ?? '').toBe(3)
    const { probe } = await client.probeDownload(done.files.video_url!, me)
    const video = probe.streams.find((s: { codec_type?: string }) => s.codec_type === 'video') as { width: number; height: number }
    expect(video.height / video.width).toBeCloseTo(16 / 9, 1)

    const stats = (await client.call('GET', `/api/ads/projects/${project.id}/stats`, me)).json<{ stats: AdProjectStats }>().stats
    expect(stats).toMatchObject({ video_generations: 1, videos_completed: 1, videos_failed: 0 })
    const admin = await adminHeaders(t.app)
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/ad-generations', headers: admin })
    expect(list.json()).toMatchObject({ total: 1, list: [{ id: gen.id, username: me.username, project_name: 'Launch' }] })
    const retry = await t.app.inject({ method: 'POST', url: `/api/admin/ad-generations/${gen.id}/retry`, headers: admin })
    expect(retry.json()).toMatchObject({ message: 'Only a failed ad video can be retried.' })
    const other = await client.register('advidother')
    expect((await client.call('GET', `/api/ads/projects/${project.id}/videos`, other)).statusCode).toBe(404)
  }, 300_000)
})
