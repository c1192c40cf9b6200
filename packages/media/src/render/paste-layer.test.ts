import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffmpeg } from '../audio/ffmpeg'
import { stillBackground } from './frame-pipe'
import { i420Bytes } from './opaque-layer'
import { canPaste, padWithColour, pasteOverStill } from './paste-layer'
import type { Placement } from './paste-layer'

const W = 64
const H = 48
const LAYER = { width: 20, height: 16 }
const FRAMES = 3

/** Deterministic noise, so every byte of a misplaced or blended layer would show in the checksums. */
function noise(bytes: number, seed: number): Uint8Array {
  const out = new Uint8Array(bytes)
  let s = seed
  for (let i = 0; i < bytes; i++) {
    s = (s * 1103515245 + 12345) >>> 0
    out[i] = 16 + ((s >>> 16) % 220)
  }
  return out
}

let dir: string
let layerFile: string
let stillFile: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'paste-layer-'))
  layerFile = path.join(dir, 'layer.yuv')
  stillFile = path.join(dir, 'still.yuv')
  const frames = Array.from({ length: FRAMES }, (_, k) => noise(i420Bytes(LAYER.width, LAYER.height), k + 1))
  await writeFile(layerFile, Buffer.concat(frames))
  await writeFile(stillFile, noise(i420Bytes(W, H), 99))
})

afterAll(() => rm(dir, { recursive: true, force: true }))

const layerInput = () => [
  '-f',
  'rawvideo',
  '-pix_fmt',
  'yuv420p',
  '-s',
  `${LAYER.width}x${LAYER.height}`,
  '-framerate',
  '30',
  '-i',
  layerFile,
]
const stillInput = () => ['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${W}x${H}`, '-i', stillFile]
/** The still as the compositor reads it: decoded once, repeated at 30 frames/s, as `[bg]`. */
const still = stillBackground('null', 30, FRAMES / 30)

/** The frames' checksums (framemd5), one line per frame. */
async function framemd5(inputs: string[], graph: string): Promise<string[]> {
  const { stdout } = await ffmpeg([
    ...inputs,
    '-filter_complex',
    graph,
    '-map',
    '[out]',
    '-frames:v',
    String(FRAMES),
    '-f',
    'framemd5',
    'pipe:1',
  ])
  return stdout
    .toString()
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(',').at(-1)!.trim())
}

const overlay = (p: Placement) => `[bg][1:v]overlay=x=${p.x}:y=${p.y}:format=yuv420:eof_action=repeat[out]`

describe('pasting an opaque layer', () => {
  const places: Placement[] = [
    { x: 22, y: 10, ...LAYER }, // inside
    { x: 0, y: 0, ...LAYER }, // top left corner: no top, no left part
    { x: W - LAYER.width, y: H - LAYER.height, ...LAYER }, // bottom right corner
    { x: 0, y: 16, ...LAYER }, // left edge
  ]

  it('over a still picture gives the very frames ffmpeg’s overlay gives, wherever the layer sits', async () => {
    for (const p of places) {
      const pasted = await framemd5(
        [...stillInput(), ...layerInput()],
        `${still};${pasteOverStill('bg', '1:v', p, W, H, 'out')}`,
      )
      const overlaid = await framemd5([...stillInput(), ...layerInput()], `${still};${overlay(p)}`)
      expect(pasted).toHaveLength(FRAMES)
      expect(pasted).toEqual(overlaid)
    }
  })

  it('over a colour gives the very frames the colour source and overlay give', async () => {
    for (const p of places) {
      for (const hex of ['#1B1F2A', '#FF6A59']) {
        const colour = ['-f', 'lavfi', '-i', `color=c=0x${hex.slice(1)}:s=${W}x${H}:r=30:d=1`]
        const padded = await framemd5(layerInput(), padWithColour('0:v', p, W, H, hex, 'out'))
        const overlaid = await framemd5([...colour, ...layerInput()], `[0:v]format=yuv420p[bg];${overlay(p)}`)
        expect(padded).toEqual(overlaid)
      }
    }
  })

  it('is only used for a layer wholly inside the frame on even pixels', () => {
    expect(canPaste({ x: 22, y: 10, ...LAYER }, W, H)).toBe(true)
    expect(canPaste({ x: -2, y: 10, ...LAYER }, W, H)).toBe(false)
    expect(canPaste({ x: W - LAYER.width + 2, y: 10, ...LAYER }, W, H)).toBe(false)
    expect(canPaste({ x: 21, y: 10, ...LAYER }, W, H)).toBe(false)
    expect(canPaste({ x: 0, y: 0, width: W, height: H }, W, H)).toBe(true)
  })
})
