/**
 * The preview is the render: frames of one project drawn by drawFrame in Chromium (the editor's
 * side, fonts loaded with FontFace) and in Node with @napi-rs/canvas (the render worker's side,
 * GlobalFonts) must match pixel for pixel within a small bound. Both sides load the same woff2 files.
 *
 * Bound: mean absolute difference over all RGB channels < 1/255 per frame (measured 0–0.43/255),
 * and under 1 % of pixels differing by more than 32 (measured ≤ 0.7 %): anti-aliasing of curves and
 * glyph edges may differ a little between Chromium's Skia and the worker's; shapes, places, colours not.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { chromium } from '@playwright/test'
import type { Browser } from '@playwright/test'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allCaptionFaces } from './caption-fonts'
import { drawFrame } from './draw-frame'
import { captionFontPath, registerCaptionFontsNode } from './fonts-node'
import { testProject } from './test-project'

export const MEAN_BOUND = 1 / 255
export const FAR_PIXELS_BOUND = 0.01
const W = 840
const H = 465
const TIMES_MS = [0, 450, 1300, 2600, 4100, 5600, 7000]

let browser: Browser

async function browserFrames(times: number[]): Promise<Uint8ClampedArray[]> {
  const bundle = await build({
    stdin: {
      contents: `import { drawFrame } from './draw-frame'; import { testProject } from './test-project'; Object.assign(window, { drawFrame, testProject })`,
      resolveDir: path.dirname(fileURLToPath(import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
  })
  const page = await browser.newPage()
  await page.setContent('<canvas id="c" width="840" height="465"></canvas>')
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text })
  const used = ['mp-montserrat-800', 'mp-bebas-neue-400', 'mp-roboto-700', 'mp-roboto-800']
  const fonts = allCaptionFaces()
    .filter((f) => used.includes(f.family))
    .map((f) => ({ family: f.family, data: readFileSync(captionFontPath(f)).toString('base64') }))
  await page.evaluate(async (list) => {
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))
      document.fonts.add(await new FontFace(f.family, bytes).load())
    }
  }, fonts)
  const frames = await page.evaluate(
    ({ times, w, h }) => {
      const w8 = window as unknown as { drawFrame: typeof drawFrame; testProject: typeof testProject }
      const ctx = (document.getElementById('c') as HTMLCanvasElement).getContext('2d')!
      const doc = w8.testProject()
      return times.map((t) => {
        w8.drawFrame(ctx, doc, t, {}, { width: w, height: h })
        // PNG is lossless and far smaller to hand over than raw pixels; the frames are opaque.
        return ctx.canvas.toDataURL('image/png')
      })
    },
    { times, w: W, h: H },
  )
  await page.close()
  return Promise.all(
    frames.map(async (url) => {
      const image = await loadImage(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'))
      const ctx = createCanvas(W, H).getContext('2d')
      ctx.drawImage(image, 0, 0)
      return ctx.getImageData(0, 0, W, H).data
    }),
  )
}

function nodeFrame(t: number): Uint8ClampedArray {
  const canvas = createCanvas(W, H)
  const ctx = canvas.getContext('2d')
  drawFrame(ctx, testProject(), t, {}, { width: W, height: H })
  return ctx.getImageData(0, 0, W, H).data
}

export function compare(a: Uint8ClampedArray, b: Uint8ClampedArray): { mean: number; far: number } {
  let sum = 0
  let far = 0
  for (let i = 0; i < a.length; i += 4) {
    let worst = 0
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(a[i + c]! - b[i + c]!)
      sum += d
      worst = Math.max(worst, d)
    }
    if (worst > 32) far++
  }
  return { mean: sum / ((a.length / 4) * 3) / 255, far: far / (a.length / 4) }
}

describe('drawFrame: Chromium and the render worker draw the same pixels', () => {
  beforeAll(async () => {
    registerCaptionFontsNode()
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    })
  }, 60_000)
  afterAll(async () => browser?.close())

  it(`frames at ${TIMES_MS.join(', ')} ms differ by less than the bound`, async () => {
    const fromBrowser = await browserFrames(TIMES_MS)
    const results = TIMES_MS.map((t, i) => ({ t, ...compare(fromBrowser[i]!, nodeFrame(t)) }))
    console.log(
      results
        .map((r) => `t=${r.t}ms mean=${(r.mean * 255).toFixed(3)}/255 far=${(r.far * 100).toFixed(3)}%`)
        .join('\n'),
    )
    for (const r of results) {
      expect(r.mean).toBeLessThan(MEAN_BOUND)
      expect(r.far).toBeLessThan(FAR_PIXELS_BOUND)
    }
    // The frames are not trivially equal (blank): they differ from each other over time.
    expect(compare(nodeFrame(450), nodeFrame(5600)).mean).toBeGreaterThan(0.01)
  }, 60_000)
})
