/**
 * Ad image quality against known answers (issue 25, decisions 0063–0065):
 *
 * - Cut-outs: 24 product-like objects drawn procedurally (holes, soft edges, thin parts, floor and
 *   cast shadows) on light studio sweeps, so the true alpha is known; each is cut out as a user
 *   would (Box → Extract: GrabCut + the edge refinement) and scored: IoU of the alpha ≥ 50 % masks,
 *   mean distance from the cut-out's edge to the true edge (px), and halo — the share of rim pixels
 *   (within 4 px of the true edge) that show more than 40/255 lighter than the truth when placed on
 *   a dark brand green.
 * - Logos: brands whose header logo is the colour of their own brand background (green on green,
 *   navy on navy, white on cream…), some with a light footer variant, in 3 templates × 10 placements.
 *   Each placement is rendered; the logo's drawn pixels are compared with the pixels rendered behind
 *   it (the same canvas with the logo hidden): WCAG ratio of their mean colours; and its height.
 *
 * Self-running (prints its own lines); the last line is the summary the issue asks for.
 * ADS_QUALITY_OUT=/dir also writes a montage of one design in all 10 placements and a zoomed
 * cut-out edge on a dark background there.
 */
import os from 'node:os'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { Image } from '@napi-rs/canvas'
import sharp from 'sharp'
import { PLACEMENT_IDS } from '@mouthpiece/contracts/ads/canvas'
import type { AdCanvas } from '@mouthpiece/contracts/ads/canvas'
import { layoutAd, AD_TEMPLATES } from '@mouthpiece/editor/ads/ad-layout'
import type { AdDesign, AdKit } from '@mouthpiece/editor/ads/ad-layout'
import type { AdLogo } from '@mouthpiece/editor/ads/ad-logo'
import { contrastRatio, toHex } from '@mouthpiece/editor/ads/contrast'
import { drawAd } from '@mouthpiece/editor/ads/draw-ad'
import { registerCaptionFontsNode } from '@mouthpiece/editor/fonts-node'
import { extractSubjects } from '@mouthpiece/media/segment/extract-subjects'
import { grabCutMask } from '@mouthpiece/media/segment/grabcut'
import { scoreCutout, studioSet } from '@mouthpiece/media/segment/testing/studio-set'
import { renderCanvas, serverMeasure } from '../apps/server/src/modules/ads/images/ad-render'
import { inkOf } from '../apps/server/src/modules/ads/images/ad-design'

const out = process.env.ADS_QUALITY_OUT
const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / Math.max(1, v.length)
const log = (line: string) => console.log(`   ${line}`)

log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`,
)

// ---- Cut-outs -------------------------------------------------------------------------------------
const set = studioSet(24, 720)
const refined: Array<ReturnType<typeof scoreCutout>> = []
const raw: Array<ReturnType<typeof scoreCutout>> = []
const times: number[] = []
let zoomSource: { rgba: Buffer; w: number; h: number } | undefined
for (const s of set) {
  const px = { data: s.rgb, width: s.width, height: s.height, channels: 3 as const }
  const coarse = await grabCutMask(px, s.box)
  raw.push(scoreCutout(s, coarse, s.rgb))
  const t = performance.now()
  const found = await extractSubjects(px, { mode: 'object', box: s.box })
  times.push(performance.now() - t)
  const score = scoreCutout(s, found.mask, found.rgb ?? s.rgb)
  refined.push(score)
  log(
    `${s.name.padEnd(14)} IoU ${score.iou.toFixed(3)} (GrabCut alone ${raw.at(-1)!.iou.toFixed(3)}), edge ${score.edgePx.toFixed(2)} px, halo ${(score.halo * 100).toFixed(1)} %`,
  )
  if (s.name.startsWith('plush') && !zoomSource) {
    const rgba = Buffer.alloc(s.width * s.height * 4)
    for (let i = 0; i < s.width * s.height; i++) {
      rgba.set([found.rgb![i * 3]!, found.rgb![i * 3 + 1]!, found.rgb![i * 3 + 2]!, found.mask[i]!], i * 4)
    }
    zoomSource = { rgba, w: s.width, h: s.height }
  }
}
const iou = refined.map((r) => r.iou)
const edge = mean(refined.map((r) => r.edgePx))
const halo = mean(refined.map((r) => r.halo)) * 100
log(
  `GrabCut alone: IoU ${mean(raw.map((r) => r.iou)).toFixed(3)} (min ${Math.min(...raw.map((r) => r.iou)).toFixed(3)}), edge ${mean(raw.map((r) => r.edgePx)).toFixed(2)} px, halo ${(mean(raw.map((r) => r.halo)) * 100).toFixed(1)} %`,
)
log(
  `extraction incl. refinement, 720²: median ${times.sort((a, b) => a - b)[times.length >> 1]!.toFixed(0)} ms`,
)

// ---- Logos ------------------------------------------------------------------------------------------
registerCaptionFontsNode()
const measure = serverMeasure()

/** A wordmark-like logo: a round mark and letter blocks, in one colour, on transparency. */
function logoPng(colour: string, accent?: string): Buffer {
  const c = createCanvas(480, 120)
  const x = c.getContext('2d')
  x.fillStyle = accent ?? colour
  x.beginPath()
  x.arc(60, 60, 48, 0, Math.PI * 2)
  x.fill()
  x.fillStyle = colour
  for (let i = 0; i < 6; i++) {
    x.beginPath()
    x.roundRect(130 + i * 56, 30 + (i % 2) * 8, 44, 60 - (i % 2) * 8, 8)
    x.fill()
  }
  return c.toBuffer('image/png')
}

interface BrandCase {
  name: string
  colors: string[]
  header: string
  footer?: string
}
const BRANDS: BrandCase[] = [
  { name: 'Verdant', colors: ['#0B6E4F', '#F4F1EC', '#FFB347'], header: '#0B7252' },
  { name: 'Harbour', colors: ['#1F2A44', '#E8EEF5', '#FF6A59'], header: '#1F2A44', footer: '#FFFFFF' },
  { name: 'Crema', colors: ['#F7F3EE', '#6B4F3A', '#D9A066'], header: '#F5F0EA' },
  { name: 'Ember', colors: ['#C2412D', '#FFF4E8', '#2B2B2B'], header: '#C4432F', footer: '#FFF4E8' },
  { name: 'Sunny', colors: ['#F2C230', '#1E1E1E', '#FFFFFF'], header: '#F0C02E' },
  { name: 'Slate', colors: ['#5E6B78', '#DDE3E8', '#2E86C1'], header: '#5E6B78' },
]

const cutoutPng = await sharp(zoomSource!.rgba, {
  raw: { width: zoomSource!.w, height: zoomSource!.h, channels: 4 },
})
  .trim({ threshold: 0 })
  .png()
  .toBuffer({ resolveWithObject: true })
const product = await loadImage(cutoutPng.data)

async function kitOf(b: BrandCase, images: Map<string, Image>): Promise<AdKit> {
  const logos: AdLogo[] = []
  for (const [i, colour] of [b.header, b.footer].entries()) {
    if (!colour) continue
    const png = logoPng(colour)
    const key = i ? `logo-footer-${b.name}` : `logo-${b.name}`
    images.set(key, await loadImage(png))
    const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    logos.push({ image: key, width: 480, height: 120, ink: inkOf(data) ?? undefined })
  }
  return {
    name: b.name,
    colors: b.colors,
    headingFont: { family: 'Montserrat', weight: 800 },
    bodyFont: { family: 'Open Sans', weight: 400 },
    logo: logos[0],
    logos,
  }
}

/** Mean colour of `rgba` where `mask` (the logo drawn alone) is opaque. */
function meanUnder(rgba: Uint8ClampedArray, mask: Uint8ClampedArray): string {
  const sum = [0, 0, 0]
  let n = 0
  for (let i = 0; i < mask.length; i += 4) {
    if (mask[i + 3]! < 200) continue
    n++
    for (let c = 0; c < 3; c++) sum[c]! += rgba[i + c]!
  }
  return toHex(sum.map((v) => v / Math.max(1, n)) as [number, number, number])
}

function pixels(canvas: AdCanvas, images: Map<string, Image>): Uint8ClampedArray {
  const surface = createCanvas(canvas.width, canvas.height)
  const ctx = surface.getContext('2d')
  drawAd(ctx, canvas, images)
  return ctx.getImageData(0, 0, canvas.width, canvas.height).data
}

const contrasts: number[] = []
const heights: number[] = []
const hows = new Map<string, number>()
let textOverProduct = 0
let outsideSafe = 0
let montageCanvases: AdCanvas[] = []
const allImages = new Map<string, Image>([['product', product]])
for (const b of BRANDS) {
  const kit = await kitOf(b, allImages)
  for (const t of AD_TEMPLATES) {
    const design: AdDesign = {
      template: t.id,
      variant: 0,
      kit,
      copy: { headline: 'Fresh from the studio', body: 'Made to last. Shipped free.', cta: 'Shop now' },
      subjects: [{ image: 'product', width: cutoutPng.info.width, height: cutoutPng.info.height }],
    }
    const canvases = PLACEMENT_IDS.map((p) => layoutAd(design, p, measure))
    if (b.name === 'Verdant' && t.id === 'spotlight') montageCanvases = canvases
    for (const canvas of canvases) {
      const logo = canvas.assets.find((a) => a.role === 'logo' && a.kind === 'logo')
      if (!logo) continue
      const how = logo.knockout
        ? 'knockout'
        : canvas.assets.some((a) => a.id === 'logo-plate')
          ? 'plate'
          : logo.image!.includes('footer')
            ? 'footer variant'
            : 'header variant'
      hows.set(how, (hows.get(how) ?? 0) + 1)
      const full = pixels(canvas, allImages)
      const behind = pixels({ ...canvas, assets: canvas.assets.filter((a) => a !== logo) }, allImages)
      // The logo's own opaque pixels: the picture drawn alone on transparency, where the asset puts it.
      const maskCtx = createCanvas(canvas.width, canvas.height).getContext('2d')
      const img = allImages.get(logo.image!)!
      const k = Math.min(logo.w / img.width, logo.h / img.height)
      maskCtx.drawImage(
        img,
        logo.x + (logo.w - img.width * k) / 2,
        logo.y + (logo.h - img.height * k) / 2,
        img.width * k,
        img.height * k,
      )
      const mask = maskCtx.getImageData(0, 0, canvas.width, canvas.height).data
      contrasts.push(contrastRatio(meanUnder(full, mask), meanUnder(behind, mask)))
      heights.push(Math.min(logo.h, img.height * Math.min(logo.w / img.width, logo.h / img.height)))
      // Layout: the product inside the safe area (3 % in from each edge) and clear of every text.
      const safe = Math.min(canvas.width, canvas.height) * 0.03
      for (const s of canvas.assets.filter((a) => a.role === 'subject')) {
        if (
          s.x < safe - 0.5 ||
          s.y < safe - 0.5 ||
          s.x + s.w > canvas.width - safe + 0.5 ||
          s.y + s.h > canvas.height - safe + 0.5
        )
          outsideSafe++
        for (const tx of canvas.assets.filter((a) => a.kind === 'text'))
          if (tx.x < s.x + s.w && s.x < tx.x + tx.w && tx.y < s.y + s.h && s.y < tx.y + tx.h)
            textOverProduct++
      }
    }
  }
}
log(
  `logo drawn as: ${[...hows].map(([k, v]) => `${k} ${v}`).join(', ')}; smallest logo ${Math.min(...heights).toFixed(1)} px tall`,
)
log(`layout: ${outsideSafe} products past the safe area, ${textOverProduct} text boxes over a product`)

if (out) {
  await mkdir(out, { recursive: true })
  // Montage: the 10 placements at one common scale (their true relative sizes), packed in rows.
  const scale = 0.4
  const tiles = await Promise.all(
    montageCanvases.map(async (c) => ({ c, img: await loadImage(renderCanvas(c, allImages)) })),
  )
  const gap = 16
  const sheetW = 1800
  const placed: Array<{ img: Image; x: number; y: number; w: number; h: number }> = []
  let x = gap
  let y = gap
  let rowH = 0
  for (const t of [...tiles].sort((a, b) => b.c.height - a.c.height)) {
    const w = t.c.width * scale
    const h = t.c.height * scale
    if (x + w > sheetW - gap && x > gap) {
      x = gap
      y += rowH + gap
      rowH = 0
    }
    placed.push({ img: t.img, x, y, w, h })
    x += w + gap
    rowH = Math.max(rowH, h)
  }
  const sheet = createCanvas(sheetW, Math.ceil(y + rowH + gap))
  const sc = sheet.getContext('2d')
  sc.fillStyle = '#DDDDDD'
  sc.fillRect(0, 0, sheet.width, sheet.height)
  for (const p of placed) sc.drawImage(p.img, p.x, p.y, p.w, p.h)
  await writeFile(path.join(out, 'montage.png'), sheet.toBuffer('image/png'))
  // Zoom: the cut-out's edge on the brand's dark green, 6× with no smoothing.
  const dark = createCanvas(cutoutPng.info.width, cutoutPng.info.height)
  const dc = dark.getContext('2d')
  dc.fillStyle = '#0B2E22'
  dc.fillRect(0, 0, dark.width, dark.height)
  dc.drawImage(product, 0, 0)
  const zoom = createCanvas(720, 480)
  const zc = zoom.getContext('2d')
  zc.imageSmoothingEnabled = false
  zc.drawImage(dark, 0, dark.height * 0.28, 120, 80, 0, 0, 720, 480)
  await writeFile(path.join(out, 'cutout-edge-zoom.png'), zoom.toBuffer('image/png'))
  await writeFile(path.join(out, 'cutout-on-dark.png'), dark.toBuffer('image/png'))
  log(`images written to ${out}`)
}

console.log(
  `ads-quality: cut-out IoU ${mean(iou).toFixed(3)} (min ${Math.min(...iou).toFixed(3)}), edge error ${edge.toFixed(2)} px, halo ${halo.toFixed(1)} %; logo contrast min ${Math.min(...contrasts).toFixed(2)}:1 over ${contrasts.length} placements`,
)
