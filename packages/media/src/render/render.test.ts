import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findInfluencer } from '@mouthpiece/avatar/presets'
import { ffmpeg, ffprobe } from '../audio/ffmpeg'
import { createSpeechService } from '../speech/speech.service'
import { pulseVoice, tempDir } from '../test/media-test-kit'
import { createAvatarVideo } from './avatar-video'
import { makeClip } from './clips'
import { renderAvatarVideo } from './compositor'
import { frameLayout } from './video-geometry'

const speech = createSpeechService()
let tmp: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => (tmp = await tempDir()))
afterAll(async () => {
  await speech.close()
  await tmp.cleanup()
})
const look = findInfluencer('streamer')!.look

/** Grey pixels of a crop of the frame at time t. */
async function crop(
  file: string,
  t: number,
  w: number,
  h: number,
  x: number,
  y: number,
  webm = false,
): Promise<Buffer> {
  const { stdout } = await ffmpeg([
    ...(webm ? ['-c:v', 'libvpx-vp9'] : []),
    '-ss',
    t.toFixed(3),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    `crop=${w}:${h}:${x}:${y}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    webm ? 'rgba' : 'gray',
    'pipe:1',
  ])
  return stdout
}
const meanDiff = (a: Buffer, b: Buffer) => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length

describe('avatar video', () => {
  let mp4: Awaited<ReturnType<typeof createAvatarVideo>>
  beforeAll(async () => {
    mp4 = await createAvatarVideo(
      {
        text: 'Hello chat, welcome back to the stream!',
        influencerId: 'streamer',
        voiceId: 'espeak:en-us+f3',
        outFile: path.join(tmp.dir, 'hello.mp4'),
      },
      speech,
    )
  })

  it('renders an H.264/AAC MP4 as long as the speech, with poster and SRT/VTT captions', async () => {
    const probe = await ffprobe(mp4.file)
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])
    const video = probe.streams.find((s) => s.codec_type === 'video')!
    expect([video.width, video.height]).toEqual([1280, 720])
    expect(mp4.audioDuration).toBeGreaterThan(1.5)
    expect(mp4.audioDuration).toBeLessThan(4)
    expect(Number(probe.format.duration)).toBeCloseTo(mp4.audioDuration + 0.3, 0)
    expect(Math.abs(Number(video.duration) - mp4.duration)).toBeLessThan(0.1)
    expect((await readFile(mp4.poster!)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
    expect(await readFile(mp4.srt, 'utf8')).toMatch(/^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\nHello chat,/)
    expect(await readFile(mp4.vtt, 'utf8')).toMatch(/^WEBVTT\n\n00:00:00\.\d{3} --> /)
  })

  it('cuts a vertical 9:16 short clip', async () => {
    const clip = await makeClip(mp4.file, path.join(tmp.dir, 'short.mp4'), {
      start: 0.5,
      end: 2,
      vertical: true,
    })
    const video = (await ffprobe(clip.file)).streams.find((s) => s.codec_type === 'video')!
    expect([video.width, video.height]).toEqual([720, 1280])
    expect(Number(video.duration)).toBeCloseTo(1.5, 0)
  })
})

describe('compositor', () => {
  const sr = 16_000
  const audio = { pcm: pulseVoice(140, 3, sr), sampleRate: sr }
  // Closed for a second, wide open for a second, lips pressed for a second.
  const cues = [
    { viseme: 'sil' as const, start: 0, end: 1, weight: 1 },
    { viseme: 'aa' as const, start: 1, end: 2, weight: 1 },
    { viseme: 'PP' as const, start: 2, end: 3, weight: 1 },
  ]
  // Default box: 256 canvas units centred → the mouth sits near (640, 387) in a 1280×720 frame.
  const mouth = [90, 60, 595, 357] as const

  it('moves the mouth: an open-vowel frame differs from a closed one in the mouth region only', async () => {
    const out = path.join(tmp.dir, 'mouth.mp4')
    await renderAvatarVideo({
      audio,
      words: [],
      cues,
      look,
      outFile: out,
      options: { energy: 0, poster: false },
    })
    const closed = await crop(out, 0.5, ...mouth)
    const open = await crop(out, 1.5, ...mouth)
    const pressed = await crop(out, 2.6, ...mouth)
    expect(meanDiff(closed, open)).toBeGreaterThan(8)
    expect(meanDiff(pressed, open)).toBeGreaterThan(8)
    // The shoulders do not change between the frames.
    expect(
      meanDiff(await crop(out, 0.5, 120, 30, 580, 520), await crop(out, 1.5, 120, 30, 580, 520)),
    ).toBeLessThan(2)
  })

  it('over a picture, the avatar box shows the picture’s own pixels where the avatar is clear: no seam, no shift', async () => {
    // Stripes 3 px wide: a backdrop off by a pixel would show at once.
    const picture = path.join(tmp.dir, 'stripes.png')
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'nullsrc=s=1280x720,geq=lum=40+160*mod(floor(X/3)\\,2):cb=128:cr=128',
      '-frames:v',
      '1',
      '-y',
      picture,
    ])
    const out = path.join(tmp.dir, 'on-picture.mp4')
    await renderAvatarVideo({
      audio,
      words: [],
      cues,
      look,
      outFile: out,
      options: { energy: 0, poster: false, background: { type: 'image', path: picture } },
    })
    const { stdout: fitted } = await ffmpeg(['-i', picture, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'])
    const pictureCrop = (w: number, h: number, x: number, y: number) =>
      Buffer.concat(
        Array.from({ length: h }, (_, r) => fitted.subarray((y + r) * 1280 + x, (y + r) * 1280 + x + w)),
      )
    // The default layer (392 px) starts near (444, 158): its top-left corner is clear of the drawing.
    // (Even offsets: ffmpeg's crop rounds odd ones down on 4:2:0.)
    const strip = [60, 24, 426, 166] as const
    const rendered = await crop(out, 0.5, ...strip)
    expect(meanDiff(rendered, pictureCrop(...strip))).toBeLessThan(3)
    // The same strip one pixel off differs plainly: the bound above would catch a shifted backdrop.
    expect(meanDiff(rendered, pictureCrop(60, 24, 427, 166))).toBeGreaterThan(8)
  })

  it('renders a transparent VP9 WebM with alpha for overlays', async () => {
    const out = path.join(tmp.dir, 'overlay.webm')
    const words = [
      { text: 'Thanks', start: 0.5, end: 1.5 },
      { text: 'everyone!', start: 1.5, end: 2.8 },
    ]
    const captions = { box: { x: 150, y: 60, w: 260, h: 64 } }
    const r = await renderAvatarVideo({
      audio,
      words,
      cues,
      look,
      outFile: out,
      options: { format: 'webm', energy: 0, captions },
    })
    const probe = await ffprobe(out)
    expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['opus', 'vp9'])
    expect(probe.streams.find((s) => s.codec_type === 'video')!.tags?.alpha_mode).toBe('1')
    const corner = await crop(out, 1.5, 4, 4, 0, 0, true)
    const face = await crop(out, 1.5, 4, 4, 638, 330, true)
    // Lossy alpha: fully transparent around the avatar, opaque on its face.
    expect(corner[3]).toBeLessThan(16)
    expect(face[3]).toBeGreaterThan(240)
    // Captions are drawn into the alpha plane too (box at the top left, away from the avatar).
    const caption = await crop(out, 1.5, 200, 40, 128, 71, true)
    expect(Math.max(...caption.filter((_, i) => i % 4 === 3))).toBeGreaterThan(200)
    expect(r.poster).toMatch(/\.png$/)
  })

  it('lays out a 4:5 frame (720×900): the avatar centred in its upper part, the captions in the band below it', async () => {
    const out = path.join(tmp.dir, 'feed.mp4')
    const words = [
      { text: 'Fresh', start: 0.2, end: 1 },
      { text: 'beans', start: 1, end: 2.8 },
    ]
    const { avatarBox: a } = frameLayout('portrait_4_5')
    const r = await renderAvatarVideo({
      audio,
      words,
      cues,
      look,
      outFile: out,
      options: { video_orientation: 'portrait_4_5', avatarBox: a, energy: 0, poster: false },
    })
    const video = (await ffprobe(out)).streams.find((s) => s.codec_type === 'video')!
    expect([r.width, r.height, video.width, video.height]).toEqual([720, 900, 720, 900])
    const k = 720 / 464 // canvas units → pixels
    const max = (b: Buffer) => b.reduce((m, v) => Math.max(m, v), 0)
    // Background (#1B1F2A) above the avatar box and between it and the captions.
    expect(max(await crop(out, 1.5, 720, 40, 0, 0))).toBeLessThan(60)
    expect(max(await crop(out, 1.5, 720, 30, 0, Math.round((a.y + a.height / 2) * k) + 8))).toBeLessThan(60)
    // The face at the box's centre, drawn.
    const face = await crop(out, 1.5, 60, 60, Math.round(a.x * k) - 30, Math.round(a.y * k) - 30)
    expect(face.reduce((s, v) => s + v, 0) / face.length).toBeGreaterThan(80)
    // White caption text in the band below (centred at 460 units ≈ 714 px).
    expect(max(await crop(out, 1.5, 600, 60, 60, 684))).toBeGreaterThan(200)
  })

  it('cancelling kills ffmpeg and leaves no files behind', async () => {
    const dir = path.join(tmp.dir, 'cancel')
    await import('node:fs/promises').then((fs) => fs.mkdir(dir))
    const controller = new AbortController()
    const long = { pcm: pulseVoice(140, 40, sr), sampleRate: sr }
    const render = renderAvatarVideo({
      audio: long,
      words: [],
      cues,
      look,
      outFile: path.join(dir, 'long.mp4'),
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(), 400)
    await expect(render).rejects.toMatchObject({ name: 'AbortError' })
    expect(await readdir(dir)).toEqual([])
  })
})
