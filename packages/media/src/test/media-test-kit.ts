/** Helpers for the media tests: temp dirs, loudness via ffmpeg, synthetic signals. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { Pixels } from '../face/face-landmarks'
import { ffmpeg } from '../audio/ffmpeg'
import { encodeWav } from '../audio/wav'

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mp-test-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** ffmpeg volumedetect: mean and max volume in dBFS. */
export async function loudness(pcm: Int16Array, sampleRate: number): Promise<{ mean: number; max: number }> {
  const { stderr } = await ffmpeg(
    ['-loglevel', 'info', '-f', 'wav', '-i', 'pipe:0', '-af', 'volumedetect', '-f', 'null', '-'],
    { input: encodeWav(pcm, sampleRate) },
  )
  const mean = Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? -999)
  const max = Number(/max_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? -999)
  return { mean, max }
}

/** A buzzy voiced-like signal: a pulse train at f0 through a crude formant (decaying resonance). */
export function pulseVoice(f0: number, seconds: number, sampleRate = 16_000): Int16Array {
  const out = new Int16Array(Math.round(seconds * sampleRate))
  const period = sampleRate / f0
  for (let i = 0; i < out.length; i++) {
    const phase = (i % period) / sampleRate
    out[i] = Math.round(12_000 * Math.exp(-phase * 900) * Math.sin(2 * Math.PI * 700 * phase))
  }
  return out
}

export async function writeWav(file: string, pcm: Int16Array, sampleRate: number): Promise<string> {
  await writeFile(file, encodeWav(pcm, sampleRate))
  return file
}

/** The shipped test portrait (see packages/media/fixtures/README.md). */
export const PORTRAIT = fileURLToPath(new URL('../../fixtures/portrait-1024.jpg', import.meta.url))

export async function pixelsOf(file: string): Promise<Pixels> {
  const img = await loadImage(await readFile(file))
  const ctx = createCanvas(img.width, img.height).getContext('2d')
  ctx.drawImage(img, 0, 0)
  return {
    data: new Uint8Array(ctx.getImageData(0, 0, img.width, img.height).data.buffer),
    width: img.width,
    height: img.height,
    channels: 4,
  }
}
