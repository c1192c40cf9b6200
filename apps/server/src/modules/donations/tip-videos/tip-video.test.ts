import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { DonationSettings, Tip } from '@mouthpiece/contracts/donations/donations.schemas'
import type { TipVideo } from '@mouthpiece/contracts/donations/tip-videos.contract'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { RenderStatus } from '@mouthpiece/contracts/statuses'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { rendersClient } from '../../renders/testing'
import { listenApp, openOverlay, overlayKeyOf, rowsOf, signUp, waitFor } from '../testing/harness'
import type { OverlayClient } from '../testing/harness'

const run = promisify(execFile)

describe('tip videos', () => {
  let t: TestApp
  let base: string
  let creator: { id: number; headers: Record<string, string> }
  let overlay: OverlayClient
  let key: string
  let client: ReturnType<typeof rendersClient>

  beforeAll(async () => {
    process.env.SOURCES_ENABLED = 'false'
    t = await createTestApp({ workers: true })
    base = await listenApp(t.app)
    client = rendersClient(t)
    creator = await signUp(t.app, `tipvideo${process.pid % 10000}`)
    const settings = (await get('/api/donation/settings')).json<{ settings: DonationSettings }>().settings
    key = overlayKeyOf(settings.overlay_url)
    overlay = await openOverlay(base, key)
  })
  afterAll(async () => {
    overlay.close()
    await t.close()
  })

  const get = (url: string, headers = creator.headers) => t.app.inject({ method: 'GET', url, headers })
  const post = (url: string, payload?: object, headers = creator.headers) =>
    t.app.inject({ method: 'POST', url, headers, payload })
  const me = () => ({ token: creator.headers.authorization!.slice('Bearer '.length) })
  const tip = async (id: number) =>
    (await get('/api/donation/tips/all?limit=100')).json<{ list: Tip[] }>().list.find((x) => x.id === id)!
  const settled = (id: number) =>
    waitFor(
      async () => {
        const x = await tip(id)
        return x.status !== 'queued' ? x : null
      },
      15_000,
      `tip ${id} to leave the queue`,
    )
  const announce = async (donator: string, message: string, avatar_setup?: number) => {
    const res = await post('/api/donation/tips/announcement', { donator, message, avatar_setup })
    expect(res.statusCode, res.body).toBe(200)
    return settled(res.json<{ tip: Tip }>().tip.id)
  }
  const generate = async (tipId: number) => {
    const res = await post(`/api/donation/tips/${tipId}/generate-video`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ tip_video: TipVideo }>().tip_video
  }
  const push = (tip_id: number | string, action: string) =>
    post('/api/donation/tips/push-tip-video-action', { tip_id, action })
  const streamsOf = async (url: string) => (await client.probeDownload(url, me())).probe.streams

  it('renders a short preview of an avatar setup speaking in its voice: an MP4 with sound and picture', async () => {
    const setup = (
      await post('/api/donation/avatar-setup/create', {
        name: 'Big spender',
        price: 10,
        voice: 'espeak:en-us+m3',
        donation_avatar: { influencer_id: 'streamer' },
      })
    ).json<{ setup: { id: number } }>().setup
    const started = Date.now()
    const res = await post('/api/donation/avatar-setup/short-video', { setup_id: setup.id })
    expect(res.statusCode, res.body).toBe(200)
    const render = res.json<{ render: Render }>().render
    expect(render).toMatchObject({
      source: 'setup_preview',
      kind: 'video',
      text: 'Thanks for the tip!',
      voice_id: 'espeak:en-us+m3',
      title: 'Preview: Big spender',
      progress: 0,
    })
    const done = await client.waitDone(render.id, me())
    console.info(
      `[tip-video] setup preview rendered in ${Date.now() - started} ms (${done.duration?.toFixed(2)} s of video)`,
    )
    expect(done).toMatchObject({ status: RenderStatus.completed, progress: 100, error: null })
    expect(done.duration).toBeGreaterThan(0.5)
    expect(done.duration).toBeLessThan(5)
    const streams = await streamsOf(done.files.video_url!)
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264'])

    // Unsaved fields preview too (the modal before saving), with the creator's own line.
    const fields = await post('/api/donation/avatar-setup/short-video', {
      voice: 'espeak:en-us',
      donation_avatar: { influencer_id: null, look: null },
      text: 'Hello chat!',
    })
    expect(fields.statusCode, fields.body).toBe(200)
    expect(fields.json<{ render: Render }>().render).toMatchObject({
      text: 'Hello chat!',
      voice_id: 'espeak:en-us',
      title: 'Preview: Avatar setup',
    })
    expect((await post('/api/donation/avatar-setup/short-video', { setup_id: 999999 })).statusCode).toBe(404)
    const long = await post('/api/donation/avatar-setup/short-video', { text: 'x'.repeat(201) })
    expect(long.statusCode).toBe(400)
    expect((await post('/api/donation/avatar-setup/short-video', {}, {})).statusCode).toBe(401)
    // Previews are throwaway checks: they stay out of the creator's list of videos, and only the newest few finished ones are kept.
    expect((await get('/api/renders?page=1')).json()).toMatchObject({ total: 0, list: [] })
    const more = []
    for (let i = 0; i < 4; i++)
      more.push(
        (await post('/api/donation/avatar-setup/short-video', { text: `Line ${i}` })).json<{
          render: Render
        }>().render.id,
      )
    for (const id of more) await client.waitDone(id, me())
    await post('/api/donation/avatar-setup/short-video', { text: 'One more' })
    expect((await get(`/api/renders/${done.id}`)).statusCode).toBe(404)
    const left = await t.db.execute(
      sql`select count(*)::int as n from renders where source = 'setup_preview' and status in (3, 4)`,
    )
    expect(rowsOf<{ n: number }>(left)).toEqual([{ n: 3 }])
  })

  it('makes one vertical video per tip, read by the setup that spoke it, and plays it once on the overlay', async () => {
    const setup = (
      await post('/api/donation/avatar-setup/create', {
        name: 'Tipper voice',
        price: 0,
        voice: 'espeak:en-us+f3',
      })
    ).json<{ setup: { id: number } }>().setup
    const fired = await announce('Alice', 'what the fuck is up, great stream', setup.id)
    expect(fired.status).toBe('speaking')
    expect(fired.spoken_text).toBe('Alice says: what the beep is up, great stream')

    const started = Date.now()
    // Two clicks at once and a third later: one render.
    const [a, b] = await Promise.all([generate(fired.id), generate(fired.id)])
    expect(a.render!.id).toBe(b.render!.id)
    expect(a.render).toMatchObject({
      source: 'tip_video',
      video_orientation: 'portrait',
      voice_id: 'espeak:en-us+f3',
    })
    // The moderated line the alert spoke, never the raw message.
    expect(a.render!.text).toBe(fired.spoken_text)
    expect(a.render!.text).not.toContain('fuck')
    expect((await generate(fired.id)).render!.id).toBe(a.render!.id)
    // Not finished yet: nothing to play.
    const early = await push(fired.id, 'play')
    if (early.statusCode !== 200)
      expect(early.json()).toMatchObject({ message: 'The video is not ready yet.' })

    const done = await client.waitDone(a.render!.id, me())
    console.info(
      `[tip-video] tip video rendered in ${Date.now() - started} ms (${done.duration?.toFixed(2)} s of video)`,
    )
    expect(done.status).toBe(RenderStatus.completed)
    expect((await generate(fired.id)).render!.id).toBe(a.render!.id)
    const streams = await streamsOf(done.files.video_url!)
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264'])
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 720, height: 1280 })
    await saveFrame(done.files.video_url!, 'tip-video-frame.jpg')
    expect((await get('/api/renders?page=1')).json()).toMatchObject({
      total: 1,
      list: [{ id: done.id, source: 'tip_video' }],
    })

    const listed = (await get(`/api/donation/tips/videos?tip_ids=${fired.id},999999`)).json<{
      videos: TipVideo[]
    }>().videos
    expect(listed).toEqual([
      expect.objectContaining({
        tip_id: fired.id,
        play_state: 'none',
        render: expect.objectContaining({ id: done.id, progress: 100 }),
      }),
    ])

    // Play: the overlay receives the alert carrying the video, ranged and signed, then acknowledges it.
    const before = overlay.alerts.length
    const played = await push(fired.id, 'play')
    expect(played.statusCode, played.body).toBe(200)
    expect(played.json<{ tip_video: TipVideo }>().tip_video.play_state).toBe('queued')
    const shown = await waitFor(
      () => overlay.alerts.slice(before).find((x) => x.id === fired.id && x.video),
      10_000,
      'the video on the overlay',
    )
    expect(shown).toMatchObject({
      who: 'Alice',
      audio: null,
      visemes: [],
      spoken_text: fired.spoken_text,
      video: { duration: done.duration },
    })
    expect(shown.eventId).toMatch(new RegExp(`^${fired.id}-\\d+$`))
    const videoUrl = new URL(shown.video!.url, base)
    const ranged = await fetch(`${base}${videoUrl.pathname}${videoUrl.search}`, {
      headers: { range: 'bytes=0-99' },
    })
    expect(ranged.status).toBe(206)
    expect((await ranged.arrayBuffer()).byteLength).toBe(100)
    expect(
      (await post('/api/donation/overlay/video-ack', { key, tip_id: fired.id, state: 'started' }, {}))
        .statusCode,
    ).toBe(200)
    expect(
      (await post('/api/donation/overlay/video-ack', { key, tip_id: fired.id, state: 'played' }, {}))
        .statusCode,
    ).toBe(200)
    const after = (await get(`/api/donation/tips/videos?tip_ids=${fired.id}`)).json<{ videos: TipVideo[] }>()
      .videos[0]!
    expect(after).toMatchObject({ play_state: 'played', played_at: expect.any(String) })
    // The alert itself is untouched by the video's play.
    expect((await tip(fired.id)).status).toBe(fired.status)

    // A play can be called off before the overlay is done with it; a finished, idle video has nothing to cancel.
    expect((await push(fired.id, 'play')).statusCode).toBe(200)
    const cancelled = await push(fired.id, 'cancel')
    expect(cancelled.json<{ tip_video: TipVideo }>().tip_video.play_state).toBe('cancelled')
    expect((await push(fired.id, 'cancel')).statusCode).toBe(409)
  })

  it('uses the line moderation makes of a tip the rules kept silent, and makes none of a tip moderation skipped', async () => {
    await post('/api/update-mute-all-alerts', { mute: true })
    const muted = await announce('Bob', 'holy shit nice play')
    expect(muted).toMatchObject({ status: 'skipped', skip_reason: 'muted', spoken_text: null })
    const video = await generate(muted.id)
    expect(video.render!.text).toBe('Bob says: holy beep nice play')
    await post('/api/update-mute-all-alerts', { mute: false })

    await post('/api/donation/settings/update', { data: { moderation: { action: 'skip' } } })
    const skipped = await announce('Cara', 'you are a sh1thead')
    expect(skipped).toMatchObject({ status: 'skipped', skip_reason: 'moderated' })
    const refused = await post(`/api/donation/tips/${skipped.id}/generate-video`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      message: 'This tip was held back by moderation, so it has no video.',
    })
    await post('/api/donation/settings/update', { data: { moderation: { action: 'beep' } } })
    expect((await get(`/api/donation/tips/videos?tip_ids=${skipped.id}`)).json()).toEqual({ videos: [] })
  })

  it('cancels a render on its way, and makes a new one after it failed', async () => {
    const fired = await announce('Dana', 'cancel me please')
    const first = await generate(fired.id)
    const stopped = await push(fired.id, 'cancel')
    expect(stopped.statusCode, stopped.body).toBe(200)
    expect(stopped.json<{ tip_video: TipVideo }>().tip_video.render).toMatchObject({
      id: first.render!.id,
      status: RenderStatus.issue,
      stage: 'cancelled',
    })
    const again = await generate(fired.id)
    expect(again.render!.id).not.toBe(first.render!.id)
    expect(again.render!.status).not.toBe(RenderStatus.issue)
    expect((await push(fired.id, 'cancel')).statusCode).toBe(200)
  })

  it('answers 404 for unknown and foreign tips, 400 for bad actions, and 404 for a play without a video', async () => {
    const fired = await announce('Eve', 'no video for me')
    const stranger = await signUp(t.app, `stranger${process.pid % 10000}`)
    expect((await post('/api/donation/tips/999999/generate-video')).statusCode).toBe(404)
    expect(
      (await post(`/api/donation/tips/${fired.id}/generate-video`, undefined, stranger.headers)).statusCode,
    ).toBe(404)
    expect((await push(fired.id, 'play')).json()).toMatchObject({
      message: 'This tip has no video yet. Make one first.',
    })
    expect(
      (
        await post(
          '/api/donation/tips/push-tip-video-action',
          { tip_id: fired.id, action: 'play' },
          stranger.headers,
        )
      ).statusCode,
    ).toBe(404)
    for (const [body, status] of [
      [{ tip_id: fired.id, action: 'explode' }, 400],
      [{ tip_id: fired.id }, 400],
      [{ tip_id: 'abc', action: 'play' }, 400],
      [{ action: 'play' }, 400],
    ] as const) {
      const res = await post('/api/donation/tips/push-tip-video-action', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
    }
    expect((await push(fired.id, 'explode')).json()).toMatchObject({
      message: expect.stringContaining('action must be play or cancel'),
    })
    expect((await get('/api/donation/tips/videos?tip_ids=1,x')).statusCode).toBe(400)
    expect(
      (
        await post(
          '/api/donation/overlay/video-ack',
          { key: 'x'.repeat(40), tip_id: fired.id, state: 'played' },
          {},
        )
      ).statusCode,
    ).toBe(404)
  })

  /** One frame from the middle of a video, kept for a person to look at (TIP_VIDEO_FRAMES_DIR). */
  async function saveFrame(url: string, name: string) {
    const res = await client.call('GET', url, me())
    const file = path.join(t.config.dataDir, `frame-src-${Date.now()}.mp4`)
    fs.writeFileSync(file, res.rawPayload)
    const out = path.join(
      process.env.TIP_VIDEO_FRAMES_DIR ?? t.config.dataDir,
      `${process.env.TEST_DB_ENGINE ?? 'pglite'}-${name}`,
    )
    await run('ffmpeg', ['-y', '-loglevel', 'error', '-ss', '1', '-i', file, '-frames:v', '1', out])
    expect(fs.statSync(out).size).toBeGreaterThan(10_000)
  }
})
