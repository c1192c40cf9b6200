import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCanvas } from '@napi-rs/canvas'
import { findInfluencer } from '@mouthpiece/avatar/presets'
import type { WorkerPath } from '@mouthpiece/contracts/media/stored-file.schemas'
import { ffmpeg, ffprobe } from '../audio/ffmpeg'
import { pulseVoice, tempDir } from '../test/media-test-kit'
import { renderAvatarVideo } from './compositor'

let tmp: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => (tmp = await tempDir()))
afterAll(async () => tmp.cleanup())

/** Mean RGB of a crop of the frame at time t. */
async function meanRgb(file: string, t: number, x: number, y: number, w: number, h: number) {
  const { stdout } = await ffmpeg([
    ...['-ss', t.toFixed(3), '-i', file, '-frames:v', '1'],
    ...['-vf', `crop=${w}:${h}:${x}:${y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ])
  const sum = [0, 0, 0]
  for (let i = 0; i < stdout.length; i++) sum[i % 3]! += stdout[i]!
  return sum.map((v) => Math.round(v / (stdout.length / 3)))
}

async function square(file: string, colour: string, size = 200): Promise<WorkerPath> {
  const c = createCanvas(size, size)
  const ctx = c.getContext('2d')
  ctx.fillStyle = colour
  ctx.fillRect(0, 0, size, size)
  await writeFile(file, c.toBuffer('image/png'))
  return file as WorkerPath
}

describe('frame dressing: pictures over the video and an end card after the speech', () => {
  it('lays a logo over the whole video, slides a product in, appends a silent end card', async () => {
    const logo = await square(path.join(tmp.dir, 'logo.png'), '#00C000')
    const product = await square(path.join(tmp.dir, 'product.png'), '#C00000')
    const sr = 16_000
    const out = path.join(tmp.dir, 'dressed.mp4')
    const result = await renderAvatarVideo({
      audio: { pcm: pulseVoice(140, 2, sr), sampleRate: sr },
      words: [],
      cues: [],
      look: findInfluencer('streamer')!.look,
      options: {
        video_orientation: 'square',
        background: { type: 'color', color: '#202060' },
        poster: false,
        overlays: [
          { path: logo, box: { x: 0.05, y: 0.05, w: 0.15, h: 0.15 } },
          {
            path: product,
            box: { x: 0.75, y: 0.4, w: 0.2, h: 0.2 },
            enter: { kind: 'slide', from: 'right', at: 0.2, seconds: 0.5 },
          },
        ],
        endCard: {
          seconds: 1.5,
          background: '#FFD000',
          pictures: [{ path: logo, box: { x: 0.4, y: 0.1, w: 0.2, h: 0.2 } }],
          text: { content: 'Shop now', color: '#101010', box: { x: 0.1, y: 0.5, w: 0.8, h: 0.25 } },
        },
      },
      outFile: out,
    })
    expect(result.duration).toBeCloseTo(2 + 0.3 + 1.5, 1)
    const probe = await ffprobe(out)
    const video = probe.streams.find((s) => s.codec_type === 'video')!
    const audio = probe.streams.find((s) => s.codec_type === 'audio')!
    expect(Number(video.duration)).toBeCloseTo(3.8, 1)
    expect(Math.abs(Number(audio.duration) - Number(video.duration))).toBeLessThan(0.1)
    // 720×720: the logo box is 36…144; its middle is the logo's green all through the speech.
    for (const t of [0.1, 1.5]) {
      const [r, g, b] = await meanRgb(out, t, 70, 70, 40, 40)
      expect(g!).toBeGreaterThan(150)
      expect(r! + b!).toBeLessThan(120)
    }
    // The product (box 540…684 × 288…432) is not there yet at 0.1 s, in place (red) after 0.7 s.
    const before = await meanRgb(out, 0.1, 590, 340, 40, 40)
    const after = await meanRgb(out, 1.5, 590, 340, 40, 40)
    expect(before[0]!).toBeLessThan(100)
    expect(after[0]!).toBeGreaterThan(150)
    // The end card: its yellow background, its logo, its dark text in the middle band.
    const [cr, cg, cb] = await meanRgb(out, 3.5, 0, 650, 720, 60)
    expect(cr!).toBeGreaterThan(200)
    expect(cg!).toBeGreaterThan(170)
    expect(cb!).toBeLessThan(60)
    const [, lg] = await meanRgb(out, 3.5, 330, 100, 60, 60)
    expect(lg!).toBeGreaterThan(150)
    const text = await meanRgb(out, 3.5, 100, 380, 520, 150)
    expect(text[0]!).toBeLessThan(cr! - 20)
  }, 60_000)
})
