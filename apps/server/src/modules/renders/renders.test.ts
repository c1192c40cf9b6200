import fs from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { io as connectSocket } from 'socket.io-client'
import type { Socket } from 'socket.io-client'
import type { Render, RenderLog } from '@mouthpiece/contracts/renders/renders.schemas'
import { GenerationFlow, RenderStatus } from '@mouthpiece/contracts/statuses'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { rendersClient, visitorCookie } from './testing/renders-client'

/** Files of a render still in local storage, and render work dirs left in tmp. */
function leftovers(t: TestApp, id: string) {
  const dir = path.join(t.config.dataDir, 'files', 'renders', id)
  const files = fs.existsSync(dir) ? fs.readdirSync(dir) : []
  const tmp = path.join(t.config.dataDir, 'tmp', 'renders')
  const work = fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((d) => d.startsWith(id)) : []
  const partial = fs.existsSync(tmp)
    ? fs
        .readdirSync(tmp, { recursive: true })
        .map(String)
        .filter((f) => f.includes('.render-'))
    : []
  return [...files, ...work, ...partial]
}

describe('quick create, end to end through the render jobs', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>
  let base: string
  const sockets: Socket[] = []

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    client = rendersClient(t)
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await t.close()
  })

  it('turns a signed-in line into an H.264/AAC MP4 with captions, through the spec states, and shares it signed out', async () => {
    const me = await client.register()
    const socket = connectSocket(base, {
      auth: { token: me.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    })
    sockets.push(socket)
    const seen: Render[] = []
    socket.on('final-video-event', (payload: { render: Render }) => seen.push(payload.render))
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('connect_error', reject)
    })

    const res = await client.call('POST', '/api/quick-create', me, {
      text: 'Hello chat, thanks for the follow!',
      voice_id: 'espeak:en-us+f3',
      emotion: 'Happy',
      intensity: 0.8,
    })
    expect(res.statusCode, res.body).toBe(200)
    const created = res.json<{ render: Render }>().render
    // The row and its first job exist together: waiting for a voice (SPEC: Wait, audioWaiting).
    expect(created).toMatchObject({
      status: RenderStatus.paused,
      status_label: 'Wait',
      flow: GenerationFlow.audioWaiting,
      queue_status: 'wait',
      queue_type: 1,
      job_status: 1,
      progress: 0,
    })

    const done = await client.waitDone(created.id, me)
    expect(done).toMatchObject({
      status: RenderStatus.completed,
      status_label: 'Completed',
      flow: GenerationFlow.avatarGenerated,
      job_status: 4,
      queue_status: 'completed',
      progress: 100,
      error: null,
    })
    expect(done.duration).toBeGreaterThan(1)
    expect(done.duration).toBeLessThan(6)

    // The owner's page heard every state in order, ending completed.
    await expect.poll(() => seen.at(-1)?.status, { timeout: 5000 }).toBe(RenderStatus.completed)
    const flows = seen.map((r) => r.flow).filter((f, i, all) => f !== all[i - 1])
    expect(flows).toEqual([
      GenerationFlow.audioWaiting,
      GenerationFlow.audioGenerating,
      GenerationFlow.audioGenerated,
      GenerationFlow.avatarWaiting,
      GenerationFlow.avatarGenerating,
      GenerationFlow.avatarGenerated,
    ])
    const progress = seen.map((r) => r.progress)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))

    // The MP4 is H.264 + AAC and seekable (byte ranges).
    expect(done.files.video_url).toBe(`/api/renders/${done.id}/files/video_id_${done.id}.mp4`)
    const { res: videoRes, probe } = await client.probeDownload(done.files.video_url!)
    expect(videoRes.headers['content-type']).toBe('video/mp4')
    expect(probe.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual([
      'audio:aac',
      'video:h264',
    ])
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 })
    const ranged = await client.call('GET', done.files.video_url!, undefined, undefined, {
      range: 'bytes=0-99',
    })
    expect(ranged.statusCode).toBe(206)
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/)
    expect(ranged.rawPayload.length).toBe(100)
    const download = await client.call('GET', `${done.files.video_url!}?download=1`)
    expect(download.headers['content-disposition']).toContain(`video_id_${done.id}.mp4`)
    const vtt = await client.call('GET', done.files.vtt_url!)
    expect(vtt.body).toMatch(/^WEBVTT/)
    expect(vtt.body).toContain('Hello chat')
    expect((await client.call('GET', done.files.poster_url!)).headers['content-type']).toBe('image/jpeg')

    // The share link works for anyone, signed out.
    const shared = await client.call('GET', `/api/video-sharing/${done.id}`)
    expect(shared.statusCode).toBe(200)
    expect(shared.json()).toMatchObject({
      video: { id: done.id, avatar_name: 'Nova', kind: 'video', files: { video_url: done.files.video_url } },
    })
    expect(done.share_path).toBe(`/video-sharing/${done.id}`)

    // The owner's result page lists one log per job attempt, with stage timings.
    const result = await client.call('GET', `/api/video-result/${done.id}`, me)
    expect(result.statusCode).toBe(200)
    const logs = result.json<{ logs: Array<Omit<RenderLog, 'entries'>> }>().logs
    expect(logs.map((l) => [l.job, l.attempt, l.status])).toEqual([
      ['audio', 1, 'completed'],
      ['avatar', 1, 'completed'],
      ['final', 1, 'completed'],
    ])
    const avatarLog = await client.call('GET', `/api/video-result/${done.id}/log/${logs[1]!.id}`, me)
    const stages = avatarLog.json<{ log: RenderLog }>().log.entries.map((e) => e.stage)
    expect(stages).toEqual(expect.arrayContaining(['avatarGenerating', 'avatarGenerated']))
    const audioLog = (await client.call('GET', `/api/video-result/${done.id}/log/${logs[0]!.id}`, me)).json<{
      log: RenderLog
    }>().log
    expect(audioLog.entries.map((e) => e.stage)).toEqual(
      expect.arrayContaining(['audioGenerating', 'audioGenerated', 'avatarWaiting']),
    )

    // Someone else sees none of it, except through the share link.
    const other = await client.register('other')
    expect((await client.call('GET', `/api/renders/${done.id}`, other)).statusCode).toBe(404)
    expect((await client.call('GET', `/api/video-result/${done.id}`, other)).statusCode).toBe(404)
    const mine = await client.call('GET', '/api/renders?page=1', me)
    expect(mine.json()).toMatchObject({ total: 1, lastPage: 1, list: [{ id: done.id }] })

    // No job is left behind.
    const open = await t.database.raw.query(
      "select count(*)::int as n from pgboss.job where name like 'renders.%' and state in ('created','retry','active')",
    )
    expect(open.rows[0]).toEqual({ n: 0 })
  })

  it('refuses bad input with clear messages and makes nothing', async () => {
    const me = await client.register()
    const post = (body: object, who: { token?: string } | undefined = me) =>
      client.call('POST', '/api/quick-create', who, body)
    const cases: Array<[object, number, string]> = [
      [{ text: '' }, 400, 'Please enter between 1 and 1000 characters'],
      [{ text: '   ' }, 400, 'Please enter between 1 and 1000 characters'],
      [{ text: 'x'.repeat(10_000) }, 400, 'Please enter between 1 and 1000 characters'],
      [{ text: 'Hi', voice_id: 'espeak:xx-nobody' }, 404, 'Voice not found'],
      [{ text: 'Hi', voice_id: 'not a voice' }, 400, 'Unknown voice'],
      [{ text: 'Hi', influencer_id: 'nobody' }, 404, 'Avatar not found'],
      [{ text: 'Hi', custom_avatar_id: 999 }, 404, 'Avatar not found'],
      [
        { text: 'Hi', background: { type: 'upload', id: '00000000-0000-4000-8000-000000000000' } },
        404,
        'Background not found',
      ],
      [{ text: 'Hi', video_resolution: '1080p' }, 403, 'Your plan allows 720p.'],
    ]
    for (const [body, status, message] of cases) {
      const res = await post(body)
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status)
      expect(res.json<{ message: string }>().message).toContain(message)
    }
    expect((await post({ text: 'Hi' }, {})).statusCode).toBe(401)
    const demo = await client.call('POST', '/api/demo/ai-video', undefined, { text: 'y'.repeat(300) })
    expect(demo.statusCode).toBe(400)
    expect(demo.json()).toMatchObject({
      message: 'Please enter between 1 and 200 characters. Sign up for longer videos.',
    })
    const neither = await client.call('POST', '/api/demo/ai-video', undefined, {})
    expect(neither.json()).toMatchObject({ message: 'Please enter a line or upload an audio file' })
    const rows = await t.database.raw.query('select count(*)::int as n from renders where user_id = $1', [
      me.id,
    ])
    expect(rows.rows[0]).toEqual({ n: 0 })
  })

  it('cancels a running signed-out demo render: clear message, no files, no stuck job', async () => {
    const text =
      'This one is long enough to stop halfway. We keep talking about the stream, the schedule, the games and the community for a while.'
    const res = await client.call('POST', '/api/demo/ai-video', undefined, { text, influencer_id: 'gamer' })
    expect(res.statusCode, res.body).toBe(200)
    const visitor = { cookie: visitorCookie(res) }
    const { id } = res.json<{ render: Render }>().render
    await client.waitFor(
      id,
      visitor,
      (r) => r.flow === GenerationFlow.avatarGenerating && r.progress > 20,
      30_000,
    )

    // Only its visitor may cancel it.
    expect(
      (
        await client.call('POST', `/api/renders/${id}/cancel`, {
          cookie: 'mp_visitor=someone-else-entirely-000000000',
        })
      ).statusCode,
    ).toBe(404)
    const cancelled = await client.call('POST', `/api/renders/${id}/cancel`, visitor)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({
      render: {
        status: RenderStatus.issue,
        flow: GenerationFlow.avatarFailed,
        error: 'The render was cancelled.',
        job_status: 3,
      },
    })

    // The worker stops within a moment; nothing it made is left, and its job is not running.
    await expect
      .poll(
        async () => {
          const jobs = await t.database.raw.query(
            "select count(*)::int as n from pgboss.job where name like 'renders.%' and state in ('created','retry','active')",
          )
          return (jobs.rows[0] as { n: number }).n
        },
        { timeout: 10_000 },
      )
      .toBe(0)
    await expect.poll(() => leftovers(t, id), { timeout: 5000 }).toEqual([])
    expect((await client.call('GET', `/api/video-sharing/${id}`)).statusCode).toBe(404)
    const after = await client.call('GET', `/api/renders/${id}`, visitor)
    expect(after.json()).toMatchObject({
      render: { status: RenderStatus.issue, error: 'The render was cancelled.' },
    })
    const logs = await t.database.raw.query<{ status: string }>(
      'select status from render_logs where render_id = $1 order by id',
      [id],
    )
    expect(logs.rows.at(-1)!.status).toBe('cancelled')

    // A finished render cannot be cancelled; deleting one removes it and its files.
    const short = await client.call('POST', '/api/demo/ai-video', visitor, { text: 'Quick one.' })
    const done = await client.waitDone(short.json<{ render: Render }>().render.id, visitor)
    expect(done.status).toBe(RenderStatus.completed)
    const late = await client.call('POST', `/api/renders/${done.id}/cancel`, visitor)
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ message: 'This video is already finished.' })
    expect((await client.call('POST', `/api/renders/${done.id}/delete`, visitor)).json()).toEqual({
      deleted: true,
    })
    expect(leftovers(t, done.id)).toEqual([])
    expect((await client.call('GET', done.files.video_url!)).statusCode).toBe(404)
  })
})
