import fs from 'node:fs'
import path from 'node:path'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import sharp from 'sharp'
import type { AudioProcess, SpokenPreview } from '@mouthpiece/contracts/voices/voices.contract'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import type { Voice } from '@mouthpiece/contracts/media/voices.schemas'
import { ProcessStatus, RenderStatus } from '@mouthpiece/contracts/statuses'
import { createTestApp } from '../../../test/harness'
import type { TestApp } from '../../../test/harness'
import { speak, writeAudio } from '../../platform/media'
import { multipartFile, rendersClient, visitorCookie } from '../renders/testing'

const NOT_AUDIO = 'Please upload an audio file (wav, mp3, m4a, webm).'

describe('voices: previews and uploaded audio', () => {
  let t: TestApp
  let client: ReturnType<typeof rendersClient>
  let mp3: Buffer

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    client = rendersClient(t)
    // A real recording of someone talking (our own synthesizer's), as MP3.
    const spoken = await speak({
      text: 'This is my voice. I talk a little lower than the default voice does.',
      voiceId: 'espeak:en-us+m3',
      emotion: 'Neutral',
      intensity: 0.5,
    })
    const file = path.join(t.config.dataDir, 'sample.mp3')
    await writeAudio(spoken, file, 'mp3')
    mp3 = fs.readFileSync(file)
  })
  afterAll(async () => {
    await t.close()
  })

  const upload = (
    name: string,
    type: string,
    data: Buffer,
    who: { cookie?: string; token?: string } = {},
  ) => {
    const form = multipartFile('file', name, type, data)
    return t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      payload: form.payload,
      headers: {
        ...form.headers,
        ...(who.cookie ? { cookie: who.cookie } : {}),
        ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
      },
    })
  }

  it('lists the built-in voices, featured first', async () => {
    const res = await client.call('GET', '/api/voices')
    expect(res.statusCode).toBe(200)
    const body = res.json<{ voices: Voice[]; featured: string[]; default_id: string }>()
    expect(body.default_id).toBe('festival:cmu_us_slt_arctic_hts')
    expect(body.voices.slice(0, body.featured.length).map((v) => v.id)).toEqual(body.featured)
    expect(body.voices.length).toBeGreaterThan(50)
    expect(body.featured).toEqual(expect.arrayContaining(['espeak:en-us+m3', 'espeak:en-us+f4']))
  })

  it('speaks a preview: WAV audio plus exact word and mouth-shape timings', async () => {
    const res = await client.call('POST', '/api/voices/preview', undefined, {
      text: 'Welcome back, chat!',
      voice_id: 'espeak:en-us+f3',
      emotion: 'Happy',
      intensity: 1,
    })
    expect(res.statusCode, res.body).toBe(200)
    const p = res.json<SpokenPreview>()
    expect(p.audio).toMatch(/^data:audio\/wav;base64,UklGR/)
    expect(p.words.map((w) => w.text)).toEqual(['Welcome', 'back,', 'chat!'])
    expect(p.cues.length).toBeGreaterThan(5)
    expect(p.cues.at(-1)!.end).toBeCloseTo(p.duration, 1)
    const robot = await client.call('POST', '/api/voices/preview', undefined, {
      text: 'Beep.',
      voice_id: 'espeak:en-us',
      voice_effect: 'robot',
    })
    expect(robot.json<SpokenPreview>().voice_label).toContain('robot')

    const bad: Array<[object, number, string]> = [
      [{ text: '' }, 400, 'Please enter between 1 and 300 characters'],
      [{ text: 'Hi', voice_id: 'espeak:zz-none' }, 404, 'Voice not found'],
      [{ text: 'Hi', voice_effect: 'match' }, 422, 'Please choose a voice sample to match'],
      [
        { text: 'Hi', voice_effect: 'match', sample_uuid_path: '00000000-0000-4000-8000-000000000000' },
        404,
        'Voice sample not found',
      ],
    ]
    for (const [body, status, message] of bad) {
      const r = await client.call('POST', '/api/voices/preview', undefined, body)
      expect(r.statusCode, JSON.stringify(body)).toBe(status)
      expect(r.json<{ message: string }>().message).toBe(message)
    }
  })

  it('a preview cancelled by leaving the page stops quietly: no "unhandled error" in the log', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as { port: number }
    const errors = vi.spyOn(t.app.log, 'error')
    const infos = vi.spyOn(t.app.log, 'info')
    const body = JSON.stringify({
      text: 'This is a longer line to speak, cancelled. '.repeat(6),
      voice_id: 'espeak:en-us+f3',
    })
    const closed = new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/voices/preview',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      })
      req.on('error', () => resolve())
      req.on('close', () => resolve())
      // The page is left while the voice is still being spoken: counted from when the server has the
      // request (a fixed delay from sending could fire before a busy event loop even connected).
      t.app.server.once('request', () => setTimeout(() => req.destroy(), 15))
      req.end(body)
    })
    await closed
    // The speech stops and the handler answers into the closed connection (slower on a busy machine).
    await vi.waitFor(
      () =>
        expect(infos.mock.calls.map((c) => c[1])).toContain('caller left before the answer; work stopped'),
      { timeout: 20_000, interval: 100 },
    )
    expect(errors.mock.calls.map((c) => c[1])).not.toContain('unhandled error')
    errors.mockRestore()
    infos.mockRestore()
    // The server still answers the next preview.
    // (Its slot frees when the cancelled speech has stopped; until then a busy gate answers 503.)
    await vi.waitFor(
      async () => {
        const next = await client.call('POST', '/api/voices/preview', undefined, { text: 'Still here.' })
        expect(next.statusCode).toBe(200)
      },
      { timeout: 20_000, interval: 250 },
    )
  })

  it('refuses what is not audio by probing it, whatever its name, and keeps nothing', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff6a59' } })
      .png()
      .toBuffer()
    for (const [name, type, data] of [
      ['voice.mp3', 'audio/mpeg', png],
      ['notes.wav', 'audio/wav', Buffer.from('just some text, not a recording')],
    ] as const) {
      const res = await upload(name, type, data)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json()).toMatchObject({ message: NOT_AUDIO, errors: { file: [NOT_AUDIO] } })
    }
    // Over the limit: refused while streaming, before anything is probed or kept.
    const huge = await upload('long.wav', 'audio/wav', Buffer.concat([mp3, Buffer.alloc(26 * 1024 * 1024)]))
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toMatchObject({
      message: 'The audio file is too large. Please upload a file under 25 MB.',
    })
    const empty = await t.app.inject({ method: 'POST', url: '/api/audio/upload', payload: {} })
    expect(empty.json()).toMatchObject({ message: 'Please choose an audio file to upload.' })
    const rows = await t.database.raw.query('select count(*)::int as n from audio_uploads')
    expect(rows.rows[0]).toEqual({ n: 0 })
    expect(
      fs.existsSync(path.join(t.config.dataDir, 'files', 'audio'))
        ? fs.readdirSync(path.join(t.config.dataDir, 'files', 'audio'))
        : [],
    ).toEqual([])
  })

  it('takes a recording signed out: processes it, lists it, speaks toward it, lip-syncs it, downloads and removes it', async () => {
    // Named .bin with a generic type: probing finds the MP3 inside.
    const res = await upload('my clip.bin', 'application/octet-stream', mp3)
    expect(res.statusCode, res.body).toBe(200)
    const visitor = { cookie: visitorCookie(res) }
    const accepted = res.json<{ process: AudioProcess }>().process
    expect(accepted).toMatchObject({
      status: ProcessStatus.inprogress,
      status_label: 'Processing',
      format: 'mp3',
      original_name: 'my clip.bin',
    })

    let checked: { process: AudioProcess; ready: boolean } | undefined
    await expect
      .poll(
        async () => {
          checked = (
            await client.call('GET', `/api/audio/check?uuid_path=${accepted.uuid_path}`, visitor)
          ).json()
          return checked?.ready
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    expect(checked!.process).toMatchObject({
      status: ProcessStatus.successfully,
      progress: 100,
      file_name: `audio_id_${accepted.uuid_path}.wav`,
    })
    expect(checked!.process.profile!.medianF0).toBeGreaterThan(70)
    expect(checked!.process.profile!.medianF0).toBeLessThan(200)

    // Someone else cannot see it.
    expect((await client.call('GET', `/api/audio/check?uuid_path=${accepted.uuid_path}`)).statusCode).toBe(
      404,
    )
    const listed = await client.call('GET', '/api/audio/processes?page=1', visitor)
    expect(listed.json()).toMatchObject({ total: 1, lastPage: 1, list: [{ uuid_path: accepted.uuid_path }] })
    expect((await client.call('GET', '/api/audio/progress', visitor)).json()).toEqual({ processes: [] })

    // Voice match (offline) speaks toward the sample.
    const matched = await client.call('POST', '/api/voices/preview', visitor, {
      text: 'Do I sound like you?',
      voice_effect: 'match',
      sample_uuid_path: accepted.uuid_path,
    })
    expect(matched.statusCode, matched.body).toBe(200)
    expect(matched.json<SpokenPreview>().voice_label).toBe('voice match (offline)')

    // The demo lip-syncs the recording itself (no text): a video with its sound.
    const demo = await client.call('POST', '/api/demo/ai-video', visitor, {
      audio_uuid_path: accepted.uuid_path,
      background: { type: 'preset', id: 'ocean' },
    })
    expect(demo.statusCode, demo.body).toBe(200)
    const video = await client.waitDone(demo.json<{ render: Render }>().render.id, visitor)
    expect(video.status).toBe(RenderStatus.completed)
    expect(video.files.vtt_url).toBeNull()
    const { probe } = await client.probeDownload(video.files.video_url!)
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])

    const download = await client.call(
      'GET',
      `/api/audio/download?file_name=audio_id_${accepted.uuid_path}.wav&download=1`,
      visitor,
    )
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('audio/wav')
    expect(download.headers['content-disposition']).toContain('my%20clip.wav')
    const removed = await client.call('POST', '/api/audio/remove', visitor, { uuid_path: accepted.uuid_path })
    expect(removed.json()).toEqual({ removed: true })
    expect(
      (await client.call('GET', `/api/audio/download?file_name=audio_id_${accepted.uuid_path}.wav`, visitor))
        .statusCode,
    ).toBe(404)
    expect(
      fs
        .readdirSync(path.join(t.config.dataDir, 'files', 'audio'), { recursive: true })
        .filter((f) => String(f).includes('.')),
    ).toEqual([])
  })

  it('makes short audio with a download for a signed-in user', async () => {
    const me = await client.register('speaker')
    const res = await client.call('POST', '/api/short-audio', me, {
      text: 'Thanks for the raid!',
      voice_id: 'espeak:en-us+m3',
      audio_format: 'mp3',
    })
    expect(res.statusCode, res.body).toBe(200)
    const done = await client.waitDone(res.json<{ render: Render }>().render.id, me)
    expect(done).toMatchObject({ kind: 'audio', status: RenderStatus.completed, format: 'mp3' })
    expect(done.files.video_url).toBeNull()
    const { probe } = await client.probeDownload(done.files.audio_url!)
    expect(probe.format.format_name).toBe('mp3')
    expect((await client.call('GET', done.files.vtt_url!)).body).toContain('raid')
  })
})
