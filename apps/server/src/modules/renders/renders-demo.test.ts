import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { InfluencerVideo, Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { DEMO_RATE_LIMIT } from '@mouthpiece/contracts/renders/renders.contract'
import { GenerationFlow, RenderStatus } from '@mouthpiece/contracts/statuses'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { multipartFile, rendersClient, visitorCookie } from './testing/renders-client'
import { OVERLOADED_MESSAGE } from '../../platform/admission/admission'
import { DEMO_BACKLOG } from './renders.service'

/** The signed-out demo's limits and inputs, and influencer intros; no worker runs here (nothing renders). */
describe('the signed-out demo', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>

  beforeAll(async () => {
    t = await createTestApp()
    client = rendersClient(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('takes an uploaded background picture (checked by decoding it) and uses it', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#05FBCA' } })
      .png()
      .toBuffer()
    const form = multipartFile('file', 'bg.png', 'image/png', png)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/demo/background',
      payload: form.payload,
      headers: form.headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    const { background } = res.json<{ background: { id: string; url: string } }>()
    const stored = await client.call('GET', background.url)
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1280,
      height: 720,
    })

    const fake = multipartFile('file', 'bg.jpg', 'image/jpeg', Buffer.from('not a picture at all'))
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/demo/background',
      payload: fake.payload,
      headers: fake.headers,
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toMatchObject({ message: 'Please upload a picture (jpg, png or webp).' })

    const demo = await client.call('POST', '/api/demo/ai-video', undefined, {
      text: 'On my own background.',
      background: { type: 'upload', id: background.id },
    })
    expect(demo.statusCode, demo.body).toBe(200)
    // Signed out: the visitor owns it through a cookie, and sees it as queued (Wait, audioWaiting).
    const visitor = { cookie: visitorCookie(demo) }
    const render = (
      await client.call('GET', `/api/renders/${demo.json<{ render: Render }>().render.id}`, visitor)
    ).json<{ render: Render }>().render
    expect(render).toMatchObject({
      status: RenderStatus.paused,
      flow: GenerationFlow.audioWaiting,
      source: 'demo',
      video_resolution: '720p',
    })
    expect((await client.call('GET', `/api/renders/${render.id}`)).statusCode).toBe(404)
  })

  it(`limits each address to ${DEMO_RATE_LIMIT.max} demo renders per window`, async () => {
    const ip = '203.0.113.7'
    const statuses: number[] = []
    for (let i = 0; i < DEMO_RATE_LIMIT.max + 1; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/demo/ai-audio',
        payload: { text: `Line ${i}` },
        remoteAddress: ip,
      })
      statuses.push(res.statusCode)
      // The window is 10 minutes: the answer says so (it once said "a minute" whatever the window).
      if (res.statusCode === 429)
        expect(res.json()).toEqual({
          code: 'rate_limited',
          message: 'Too many attempts. Please wait 10 minutes and try again.',
        })
    }
    expect(statuses).toEqual([...Array<number>(DEMO_RATE_LIMIT.max).fill(200), 429])
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/demo/ai-audio',
      payload: { text: 'Me too' },
      remoteAddress: '203.0.113.8',
    })
    expect(other.statusCode).toBe(200)
  })

  it('queues one intro video per influencer, once', async () => {
    const first = (await client.call('GET', '/api/influencer-videos')).json<{ videos: InfluencerVideo[] }>()
      .videos
    expect(first.length).toBeGreaterThanOrEqual(8)
    expect(first.every((v) => v.status === 'rendering' && v.render_id)).toBe(true)
    const again = await Promise.all([
      client.call('GET', '/api/influencer-videos'),
      client.call('GET', '/api/influencer-videos'),
    ])
    for (const res of again)
      expect(res.json<{ videos: InfluencerVideo[] }>().videos.map((v) => v.render_id)).toEqual(
        first.map((v) => v.render_id),
      )
    const rows = await t.database.raw.query(
      "select count(*)::int as n from renders where source = 'showcase'",
    )
    expect(rows.rows[0]).toEqual({ n: first.length })
  })
})

describe('the demo backlog', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t.close())

  it('refuses new demo renders with 503 and Retry-After once the line of open ones is full', async () => {
    // No worker runs here: every demo stays open (queued).
    const demo = (n: number, url = '/api/demo/ai-video') =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: `10.7.${n >> 8}.${n & 255}`,
        payload: { text: `Demo number ${n}.` },
      })
    for (let n = 0; n < DEMO_BACKLOG; n++)
      expect((await demo(n, n % 2 ? '/api/demo/ai-audio' : '/api/demo/ai-video')).statusCode).toBe(200)
    for (const url of ['/api/demo/ai-video', '/api/demo/ai-audio']) {
      const refused = await demo(DEMO_BACKLOG, url)
      expect(refused.statusCode).toBe(503)
      expect(refused.json()).toEqual({ message: OVERLOADED_MESSAGE, code: 'overloaded' })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    }
  })
})
