import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffmpeg } from '../audio/ffmpeg'
import { tempDir, writeWav } from '../test/media-test-kit'
import { renderLayerVideo, sparsePts } from './layer-video'

let tmp: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => (tmp = await tempDir()))
afterAll(async () => tmp.cleanup())

const solid = (w: number, h: number, rgba: [number, number, number, number]) => {
  const out = new Uint8Array(w * h * 4)
  for (let i = 0; i < out.length; i += 4) out.set(rgba, i)
  return out
}

describe('layer video', () => {
  it('looks changes up in a balanced tree (no flat sum past the parser limit), nothing when every frame is sent', () => {
    expect(sparsePts([0, 10, 25])).toBe('if(lt(N,1),0,if(lt(N,2),10,25))')
    expect(sparsePts([0, 1, 2, 3])).toBeNull()
    const many = Array.from({ length: 3000 }, (_, k) => k * 3)
    expect(sparsePts(many)!.split('if(').length - 1).toBe(2999)
  })

  it('moves the per-frame layer at its frames and shows each sparse picture from its change on', async () => {
    const voice = await writeWav(path.join(tmp.dir, 'voice.wav'), new Int16Array(16_000), 16_000)
    const out = path.join(tmp.dir, 'layers.mp4')
    const sparse = [
      solid(32, 32, [0, 255, 0, 255]),
      solid(32, 32, [0, 0, 255, 255]),
      solid(32, 32, [255, 255, 255, 255]),
    ]
    await renderLayerVideo({
      width: 128,
      height: 128,
      fps: 30,
      duration: 1,
      background: { type: 'color', color: '#000000' },
      layer: { x: 0, y: 0, width: 32, height: 32, moves: [{ from: 15, x: 64, y: 0 }] },
      frameCount: 30,
      frame: () => solid(32, 32, [255, 0, 0, 255]),
      top: { x: 0, y: 64, width: 32, height: 32, changes: [0, 10, 25], frame: (k) => sparse[k]! },
      voice: { file: voice, volume: 1 },
      outFile: out,
      posterAt: 0.5,
    })
    const { stdout } = await ffmpeg(['-i', out, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'])
    const frame = 128 * 128 * 3
    const at = (i: number, x: number, y: number) => [
      ...stdout.subarray(i * frame + (y * 128 + x) * 3, i * frame + (y * 128 + x) * 3 + 3),
    ]
    const near = (got: number[], want: number[]) => got.every((v, c) => Math.abs(v - want[c]!) < 40)
    // The per-frame layer: left until frame 15, then at x 64.
    expect(near(at(14, 16, 16), [255, 0, 0]) && near(at(14, 80, 16), [0, 0, 0])).toBe(true)
    expect(near(at(15, 16, 16), [0, 0, 0]) && near(at(15, 80, 16), [255, 0, 0])).toBe(true)
    // The sparse layer: green until frame 10, blue until 25, then white to the end.
    expect([9, 10, 24, 25, 29].map((i) => at(i, 16, 80))).toSatisfy(
      (px: number[][]) =>
        near(px[0]!, [0, 255, 0]) &&
        near(px[1]!, [0, 0, 255]) &&
        near(px[2]!, [0, 0, 255]) &&
        near(px[3]!, [255, 255, 255]) &&
        near(px[4]!, [255, 255, 255]),
    )
    expect(stdout.length / frame).toBe(30)
  }, 60_000)
})
