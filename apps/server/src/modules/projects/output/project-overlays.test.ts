import fs from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCanvas } from '@napi-rs/canvas'
import type { Render } from '@mouthpiece/contracts/renders/renders.schemas'
import { drawFrame } from '@mouthpiece/editor/draw-frame'
import { registerCaptionFontsNode } from '@mouthpiece/editor/fonts-node'
import { createTestApp } from '../../../../test/harness'
import type { TestApp } from '../../../../test/harness'
import { projectsClient } from '../testing/projects-client'
import type { ProjectAnswer } from '../testing/projects-client'

const W = 1280
const H = 720

/** One decoded RGB frame of a video, the first whose time is ≥ `at` (accurate seek). */
function frameAt(file: string, at: number): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      at.toFixed(4),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  )
}

/** RMS loudness (0..1) of a stretch of a file's sound through a band-pass around `hz`. */
function band(file: string, from: number, seconds: number, hz: number): number {
  const raw = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(from),
    '-t',
    String(seconds),
    '-i',
    file,
    '-af',
    `bandpass=f=${hz}:width_type=h:w=40`,
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

describe('projects: the final video has what the editor shows and plays', () => {
  let t: TestApp
  let client: ReturnType<typeof projectsClient>
  const sent: Array<[number, string, Record<string, unknown>]> = []

  beforeAll(async () => {
    t = await createTestApp({ workers: true })
    client = projectsClient(t)
    // Listen to what reaches the owners' rooms.
    const emit = t.realtime.emitToUser.bind(t.realtime)
    t.realtime.emitToUser = async (
      userId: number,
      event: string,
      payload: Record<string, unknown>,
      opts?: object,
    ) => {
      sent.push([userId, event, payload])
      return emit(userId, event as never, payload as never, opts)
    }
  })
  afterAll(async () => {
    await t.close()
  })

  async function render(
    who: Awaited<ReturnType<typeof client.register>>,
    projectId: number,
    version: number,
    name: string,
  ) {
    const res = await client.call('POST', `/api/projects/${projectId}/generate-final-video`, who, { version })
    expect(res.statusCode, res.body).toBe(200)
    const done = await client.waitDone(res.json<{ render: Render }>().render.id, who, 150_000)
    expect(done.status, done.error ?? '').toBe(3)
    const out = path.join(t.config.dataDir, name)
    fs.writeFileSync(out, (await client.call('GET', done.files.video_url!, who)).rawPayload)
    return { done, out }
  }

  it('puts an uploaded video overlay in the picture and mixes its sound and a sound overlay into the track', async () => {
    const me = await client.register('overlays')
    let project = await client.create(me, {
      name: 'Overlays',
      scenes: ['Look at this clip, it is a red square with a beep.'],
    })
    const sceneId = project.document.scenes[0]!.id
    // A solid red 3 s clip with an 880 Hz tone, and a 300 Hz sound.
    const clip = path.join(t.config.dataDir, 'red.mp4')
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:size=320x180:rate=25:duration=3',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=880:duration=3',
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
      clip,
    ])
    const tone = path.join(t.config.dataDir, 'low.wav')
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=4', '-y', tone])
    const up = async (file: string, type: string) => {
      const res = await client.upload(
        me,
        `/api/projects/${project.id}/assets/upload`,
        {},
        { name: path.basename(file), type, data: fs.readFileSync(file) },
      )
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ file: string; kind: string }>()
    }
    const video = await up(clip, 'video/mp4')
    const sound = await up(tone, 'audio/wav')
    expect([video.kind, sound.kind]).toEqual(['video', 'audio'])
    const edit = await client.call('POST', `/api/projects/${project.id}/update`, me, {
      version: project.version,
      changes: [
        // Left half of the frame, away from the avatar (right) and the caption (centre, low).
        {
          kind: 'asset',
          sceneId,
          assetId: 'clip',
          data: {
            type: 'video',
            file: video.file,
            x: 160,
            y: 120,
            w: 240,
            h: 135,
            start: 0.2,
            end: 2.2,
            layer: 1,
          },
        },
        {
          kind: 'asset',
          sceneId,
          assetId: 'bed',
          data: { type: 'audio', file: sound.file, start: 0, end: 30, volume: 0.6 },
        },
      ],
    })
    expect(edit.statusCode, edit.body).toBe(200)
    project = edit.json<ProjectAnswer>().project
    const { out, done } = await render(me, project.id, project.version, 'overlays.mp4')

    // In the picture: red inside the overlay's box while it plays, the background colour after it.
    const k = W / 840
    const px = (f: Buffer, x: number, y: number): [number, number, number] => {
      const i = (Math.round(y * k) * W + Math.round(x * k)) * 3
      return [f[i]!, f[i + 1]!, f[i + 2]!]
    }
    const [r, g, b] = px(frameAt(out, 1.0), 160, 120)
    expect(r).toBeGreaterThan(200)
    expect(g + b).toBeLessThan(80)
    const [r2] = px(frameAt(out, 2.6), 160, 120)
    expect(r2).toBeLessThan(80)
    // In the sound: the clip's 880 Hz only while the clip plays, the 300 Hz bed throughout.
    expect(band(out, 0.5, 1.2, 880)).toBeGreaterThan(0.02)
    expect(band(out, 2.5, 0.4, 880)).toBeLessThan(band(out, 0.5, 1.2, 880) / 4)
    expect(band(out, 0.2, 2.5, 300)).toBeGreaterThan(0.02)

    // The final video's still reached the owner's room as a preview thumbnail.
    expect(
      sent.find(
        ([user, event, p]) =>
          user === me.id && event === 'preview-thumbnail-event' && p.render_id === done.id,
      )?.[2],
    ).toMatchObject({ project_id: project.id, scene_id: null, url: done.files.poster_url })
  }, 200_000)

  it("frames pulled from the final MP4 match the editor's drawFrame at the same instants", async () => {
    const me = await client.register('pixels')
    let project = await client.create(me, {
      name: 'Pixels',
      scenes: ['Every frame of this video is drawn by the editor.', 'And the second scene too.'],
    })
    const [s1, s2] = project.document.scenes.map((s) => s.id) as [string, string]
    const edit = await client.call('POST', `/api/projects/${project.id}/update`, me, {
      version: project.version,
      changes: [
        {
          kind: 'avatarData',
          sceneId: s1,
          data: { position: { x: 250, y: 220, width: 260, height: 260, angle: 0 } },
        },
        { kind: 'captionData', sceneId: s2, data: { y: 90, fontSize: 40, color: ['#FF6A59', '#FFFFFF'] } },
        {
          kind: 'asset',
          sceneId: s1,
          assetId: 'title',
          data: { type: 'text', text: 'Mouthpiece', x: 620, y: 60, w: 300, h: 60, start: 0, end: 30 },
        },
      ],
    })
    expect(edit.statusCode, edit.body).toBe(200)
    project = edit.json<ProjectAnswer>().project
    project = (
      await client.call('POST', `/api/projects/${project.id}/video-setting`, me, {
        version: project.version,
        background: { type: 'color', color: '#243B55' },
      })
    ).json<ProjectAnswer>().project
    const { out } = await render(me, project.id, project.version, 'pixels.mp4')

    // The editor's preview is this same function on the browser canvas (draw-frame.pixels.test.ts
    // holds Chromium to it); here it draws on @napi-rs/canvas at the video's size.
    registerCaptionFontsNode()
    const canvas = createCanvas(W, H)
    const ctx = canvas.getContext('2d')
    const doc = (await client.get(me, project.id)).document
    const report: string[] = []
    const difference = (drawnAt: number, pulledFrame: number) => {
      drawFrame(ctx, doc, Math.round(drawnAt * 1000), {}, { width: W, height: H })
      const want = ctx.getImageData(0, 0, W, H).data
      // Accurate seek gives the first frame at or after the time: half a frame early is that frame.
      const got = frameAt(out, (pulledFrame - 0.5) / 30)
      let sum = 0
      for (let i = 0, j = 0; j < got.length; i += 4, j += 3)
        sum +=
          Math.abs(want[i]! - got[j]!) +
          Math.abs(want[i + 1]! - got[j + 1]!) +
          Math.abs(want[i + 2]! - got[j + 2]!)
      return sum / (W * H * 3)
    }
    // The measure tells scenes apart: the second scene's preview against the first scene's frame.
    expect(difference(95 / 30, 12)).toBeGreaterThan(4)
    for (const frame of [12, 33, 57, 95]) {
      const at = frame / 30
      const mad = difference(at, frame)
      report.push(`${at.toFixed(2)} s: ${mad.toFixed(2)}`)
      // Bound: H.264 (CRF) and 4:2:0 chroma cost about 1–3 levels of 255 on flat colour and soft edges.
      expect(mad, report.join(', ')).toBeLessThan(4)
    }
    console.log(`final MP4 vs drawFrame, mean absolute difference per channel (0–255): ${report.join(', ')}`)
  }, 200_000)
})
