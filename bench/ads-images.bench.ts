/**
 * Ad image figures (issue 11), engine level in this process: one design (brand kit, extracted
 * product, headline) laid out and rendered to PNG in all ten placements — per placement and in
 * total — and subject extraction of a 1080×1080 product photo (GrabCut) and portrait (selfie model),
 * cold (model/WASM load included) and warm.
 */
import os from 'node:os'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { Image } from '@napi-rs/canvas'
import { PLACEMENT_IDS } from '@mouthpiece/contracts/ads/canvas'
import { layoutAd } from '@mouthpiece/editor/ads/ad-layout'
import type { AdDesign } from '@mouthpiece/editor/ads/ad-layout'
import { extractSubjects } from '@mouthpiece/media/segment/extract-subjects'
import { registerCaptionFontsNode } from '@mouthpiece/editor/fonts-node'
import { renderCanvas, serverMeasure } from '../apps/server/src/modules/ads/images/ad-render'
import { productPhoto } from '../apps/server/src/modules/ads/images/testing/product-photo'
import type { BenchFigure, BenchRun } from './bench-kit'
import { median } from './bench-kit'

const PORTRAIT = fileURLToPath(new URL('../packages/media/fixtures/portrait-1024.jpg', import.meta.url))

async function rgbOf(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .resize(1080, 1080, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: 3 as const }
}

export const run: BenchRun = async (log) => {
  const figures: BenchFigure[] = []
  log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores (other work on the machine slows wall times)`,
  )

  // Extraction first: its cut-out is the subject of the layouts.
  const product = await rgbOf(await productPhoto())
  const box = { x: 300, y: 110, w: 480, h: 850 }
  let t = performance.now()
  const cold = await extractSubjects(product, { mode: 'object', box })
  const objectCold = (performance.now() - t) / 1000
  const warm: number[] = []
  for (let i = 0; i < 3; i++) {
    t = performance.now()
    await extractSubjects(product, { mode: 'object', box })
    warm.push((performance.now() - t) / 1000)
  }
  figures.push({
    name: 'extract object 1080² (GrabCut), first call incl. WASM load',
    value: objectCold,
    unit: 's',
  })
  figures.push({
    name: 'extract object 1080² (GrabCut), warm median of 3',
    value: median(warm),
    unit: 's',
    target: '≤ 3',
    ok: median(warm) <= 3,
  })
  const portrait = await rgbOf(await readFile(PORTRAIT))
  t = performance.now()
  await extractSubjects(portrait, { mode: 'person' })
  const personCold = (performance.now() - t) / 1000
  const personWarm: number[] = []
  for (let i = 0; i < 3; i++) {
    t = performance.now()
    await extractSubjects(portrait, { mode: 'person' })
    personWarm.push((performance.now() - t) / 1000)
  }
  figures.push({
    name: 'extract person 1080² (selfie model), first call incl. model load',
    value: personCold,
    unit: 's',
  })
  figures.push({
    name: 'extract person 1080² (selfie model), warm median of 3',
    value: median(personWarm),
    unit: 's',
    target: '≤ 3',
    ok: median(personWarm) <= 3,
  })

  // The cut-out as a transparent PNG, as the extraction job stores it.
  const b = cold.subjects[0]!.box
  const cutout = await sharp(product.data, { raw: { width: 1080, height: 1080, channels: 3 } })
    .joinChannel(Buffer.from(cold.mask), { raw: { width: 1080, height: 1080, channels: 1 } })
    .extract({ left: b.x, top: b.y, width: b.w, height: b.h })
    .png()
    .toBuffer()
  const logo = createCanvas(600, 160)
  const lc = logo.getContext('2d')
  lc.fillStyle = '#FF6A59'
  lc.beginPath()
  lc.arc(80, 80, 70, 0, Math.PI * 2)
  lc.fill()
  registerCaptionFontsNode()
  const images = new Map<string, Image>([
    ['product', await loadImage(cutout)],
    ['logo', await loadImage(logo.toBuffer('image/png'))],
  ])
  const design: AdDesign = {
    template: 'spotlight',
    variant: 0,
    kit: {
      name: 'Glowly',
      colors: ['#1F2A44', '#FF6A59', '#F7F3EE'],
      headingFont: { family: 'Montserrat', weight: 800 },
      bodyFont: { family: 'Open Sans', weight: 400 },
      logo: { image: 'logo', width: 600, height: 160 },
    },
    copy: {
      headline: 'Skin that glows all day long',
      body: 'Vitamin C serum with hyaluronic acid. Dermatologist tested.',
      cta: 'Shop now',
    },
    subjects: [{ image: 'product', width: b.w, height: b.h }],
  }
  const measure = serverMeasure()
  renderCanvas(layoutAd(design, 'square', measure), images) // warm the fonts and the canvas binding
  const totals: number[] = []
  const worst: number[] = []
  for (let round = 0; round < 3; round++) {
    const start = performance.now()
    let slowest = 0
    for (const p of PLACEMENT_IDS) {
      const t0 = performance.now()
      renderCanvas(layoutAd(design, p, measure), images)
      slowest = Math.max(slowest, (performance.now() - t0) / 1000)
    }
    totals.push((performance.now() - start) / 1000)
    worst.push(slowest)
  }
  figures.push({
    name: 'one template → 10 placements, layout + PNG, slowest placement',
    value: median(worst),
    unit: 's',
    target: '≤ 0.5',
    ok: median(worst) <= 0.5,
  })
  figures.push({
    name: 'one template → 10 placements, layout + PNG, all ten (median of 3)',
    value: median(totals),
    unit: 's',
    target: '≤ 3',
    ok: median(totals) <= 3,
  })
  return figures
}
