import fs from 'node:fs'
import path from 'node:path'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { projectsClient } from '../testing/projects-client'
import type { ProjectAnswer } from '../testing/projects-client'

/** RMS loudness (0..1) of a stretch of a file's sound. */
function loudness(file: string, from: number, seconds: number): number {
  const raw = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(from),
    '-t',
    String(seconds),
    '-i',
    file,
    '-f',
    's16le',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-',
  ])
  const pcm = new Int16Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 2))
  let sum = 0
  for (const v of pcm) sum += (v / 32768) ** 2
  return Math.sqrt(sum / Math.max(1, pcm.length))
}

describe('projects: reaction video over an uploaded or linked base video', () => {
  let t: TestApp
  let client: ReturnType<typeof projectsClient>
  let video: Buffer
  let server: http.Server
  let port: number

  beforeAll(async () => {
    t = await createTestApp({ workers: true, env: { SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1' } })
    client = projectsClient(t)
    const file = path.join(t.config.dataDir, 'base.mp4')
    // 6 s of a test picture with a steady 440 Hz tone: the base video's own sound.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=6',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=6',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-y',
      file,
    ])
    video = fs.readFileSync(file)
    server = http.createServer((req, res) => {
      if (req.url === '/clip.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' })
        res.end(video)
        return
      }
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
        res.end()
        return
      }
      res.writeHead(404)
      res.end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise((r) => server.close(r))
    await t.close()
  })

  it('refuses files that are not video and links to private addresses, changing nothing', async () => {
    const me = await client.register('reactor')
    const project = await client.create(me, { name: 'Reaction refusals', origin_mode: 0 })
    const url = `/api/projects/${project.id}/base-video/upload`
    const bad = await client.upload(
      me,
      url,
      { version: project.version, mode: 0 },
      { name: 'clip.mp4', type: 'video/mp4', data: Buffer.from('not a video at all') },
    )
    expect(bad.statusCode).toBe(422)
    expect(bad.json()).toMatchObject({
      code: 'not_video',
      message: 'Please upload a video file (mp4, webm or mov).',
    })
    const link = (u: string) =>
      client.call('POST', `/api/projects/${project.id}/base-video/url`, me, {
        version: project.version,
        mode: 0,
        url: u,
      })
    for (const u of [
      'http://10.0.0.1/clip.mp4',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/clip.mp4',
      'http://localhost/clip.mp4',
      `http://127.0.0.1:${port}/redirect`,
    ]) {
      const res = await link(u)
      expect(res.statusCode, u).toBe(400)
      const body = res.json<{ code: string; message: string }>()
      expect(body.code, u).toBe('url_refused')
      expect(body.message.split('#')[0], u).toBe(
        'This link points to a private or local address, which is not allowed. Please use a public link.',
      )
    }
    expect((await link('ftp://example.com/x.mp4')).statusCode).toBe(400)
    expect(await client.get(me, project.id)).toMatchObject({
      version: project.version,
      document: { origin: { mode: 0, file: null } },
    })
  })

  it('renders the avatar over a linked base video with both sound tracks', async () => {
    const me = await client.register('reactor2')
    let project = await client.create(me, {
      name: 'My reaction',
      origin_mode: 0,
      scenes: ['Wow, look at this!'],
    })
    const fetched = await client.call('POST', `/api/projects/${project.id}/base-video/url`, me, {
      version: project.version,
      mode: 0,
      url: `http://127.0.0.1:${port}/clip.mp4`,
    })
    expect(fetched.statusCode, fetched.body).toBe(200)
    project = fetched.json<ProjectAnswer>().project
    expect(project.document.origin).toMatchObject({ mode: 0, duration: expect.closeTo(6, 0) as number })
    expect(project.origin_mode).toBe(0)

    const res = await client.call('POST', `/api/projects/${project.id}/generate-final-video`, me, {
      version: project.version,
    })
    expect(res.statusCode, res.body).toBe(200)
    const done = await client.waitDone(res.json<{ render: Render }>().render.id, me, 120_000)
    expect(done.status, done.error ?? '').toBe(3)
    const out = path.join(t.config.dataDir, 'reaction.mp4')
    fs.writeFileSync(out, (await client.call('GET', done.files.video_url!, me)).rawPayload)
    const probe = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        out,
      ]).toString(),
    ) as { format: { duration: string }; streams: Array<{ codec_type: string; width?: number }> }
    // As long as the base video (longer than the line), 1280×720, one mixed sound track.
    expect(Number(probe.format.duration)).toBeCloseTo(6, 0)
    expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1280 })
    // After the line ends the base video's tone still plays; while the avatar speaks, both are there (louder).
    const toneOnly = loudness(out, 4.5, 1)
    const both = loudness(out, 0.3, 0.8)
    expect(toneOnly).toBeGreaterThan(0.05)
    expect(both).toBeGreaterThan(toneOnly)
  }, 180_000)
})
