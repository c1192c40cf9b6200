/**
 * Ad templates: one design (brand kit + copy + extracted subjects) laid out for every placement
 * at once. Each placement falls in a shape class (tall, square-ish, wide, billboard, banner) with
 * its own grid; a template decides the decoration and where the picture sits. Text is fitted with
 * the real font metrics here, so the boxes are tight and the stack spacing is exact.
 */
import { PLACEMENT_IDS, placementSize } from '@mouthpiece/contracts/ads/canvas'
import type { AdCanvas, CanvasAsset, CanvasFont, PlacementId } from '@mouthpiece/contracts/ads/canvas'
import { fitText, fontString } from './ad-text'
import type { Measure } from './ad-text'
import { pickPalette } from './ad-palette'
import type { Palette } from './ad-palette'
import { contrastRatio } from './contrast'
import { chooseLogo } from './ad-logo'
import type { AdLogo } from './ad-logo'

export const AD_TEMPLATES = [
  { id: 'spotlight', name: 'Spotlight' },
  { id: 'split', name: 'Split' },
  { id: 'poster', name: 'Poster' },
] as const
export type AdTemplateId = (typeof AD_TEMPLATES)[number]['id']

/** A stored picture by its key in the canvas's image table, with its pixel size. */
export interface AdPicture {
  image: string
  width: number
  height: number
}

export interface AdKit {
  name: string
  /** Brand colours, most important first (#RRGGBB). */
  colors: string[]
  headingFont: CanvasFont
  bodyFont: CanvasFont
  logo?: AdPicture
  /** Every logo variant the brand has (header, footer, icons…), each with its ink colour (decision 0064). */
  logos?: AdLogo[]
}

export interface AdCopy {
  headline: string
  body?: string
  cta?: string
}

export interface AdDesign {
  template: AdTemplateId
  /** Rotates the brand colour that leads (0, 1, 2…). */
  variant: number
  kit: AdKit
  copy: AdCopy
  /** Extracted characters or products (transparent cut-outs), up to three are placed. */
  subjects: AdPicture[]
  /** Art from a hosted image model, laid faintly over the background as a texture. */
  backdrop?: AdPicture
}

/**
 * How strongly the backdrop shows: faint enough that the text pairs picked for the plain background
 * keep their contrast (a 0.2 veil moves a 4.5:1 pair by well under a step).
 */
const BACKDROP_OPACITY = 0.2

interface Box {
  x: number
  y: number
  w: number
  h: number
}

type Shape = 'tall' | 'square' | 'wide' | 'billboard' | 'banner'

export function shapeOf(width: number, height: number): Shape {
  const r = width / height
  if (r <= 0.7) return 'tall'
  if (r <= 1.45) return 'square'
  if (r <= 3.2) return 'wide'
  if (r <= 5) return 'billboard'
  return 'banner'
}

const base = (id: string, priority: number, box: Box): CanvasAsset => ({
  id,
  kind: 'shape',
  role: 'decor',
  ...box,
  rotation: 0,
  visible: true,
  priority,
})

/** Sizes of a text stack in one shape class, as fractions of the placement. */
interface StackSpec {
  headlineMax: number
  headlineLines: number
  bodyMax: number
  bodyLines: number
  /** Smallest body size worth printing; smaller and the body is left out. */
  bodyMin: number
  ctaH: number
  align: 'left' | 'center'
  /** Where the stack sits in its region. */
  valign: 'top' | 'center'
  withCta: boolean
  accentBar: boolean
}

interface Ctx {
  design: AdDesign
  pal: Palette
  measure: Measure
  /** Text colour of the stack's region (the background or a panel). */
  textColor: string
  regionFill: string
}

const heading = (d: AdDesign, weight = 800): CanvasFont => ({
  family: d.kit.headingFont.family,
  weight: Math.max(d.kit.headingFont.weight, weight),
})

/** The call to action: a pill as wide as its label needs. */
function ctaAsset(
  c: Ctx,
  x: number,
  y: number,
  h: number,
  maxW: number,
  align: 'left' | 'center' | 'right',
): CanvasAsset {
  const label = c.design.copy.cta?.trim() || 'Shop now'
  const font: CanvasFont = { family: c.design.kit.bodyFont.family, weight: 700 }
  const size = h * 0.4
  const w = Math.min(maxW, c.measure(fontString(font, size), label) + h * 1.3)
  // A button the same colour as the area it sits on would vanish: invert the text pair instead.
  const visible = contrastRatio(c.pal.accent, c.regionFill) >= 1.6
  const fill = visible ? c.pal.accent : c.textColor
  const color = visible ? c.pal.accentText : c.regionFill
  const bx = align === 'left' ? x : align === 'right' ? x - w : x - w / 2
  return {
    ...base('cta', 60, { x: bx, y, w, h }),
    kind: 'text',
    role: 'cta',
    shape: 'pill',
    fill,
    color,
    text: label,
    font,
    size,
    maxLines: 1,
    align: 'center',
  }
}

/**
 * Headline, body and call to action stacked in `region`; returns the assets and the bottom edge.
 * A stack taller than its region is set again at a smaller scale until it fits.
 */
function stackText(c: Ctx, region: Box, spec: StackSpec): { assets: CanvasAsset[]; bottom: number } {
  let current = spec
  for (let attempt = 0; ; attempt++) {
    const stack = stackOnce(c, region, current)
    const height = stack.bottom - stack.top
    if (height <= region.h + 0.5 || attempt === 4) return stack
    const k = Math.max(0.5, (region.h / height) * 0.98)
    current = {
      ...current,
      headlineMax: current.headlineMax * k,
      bodyMax: current.bodyMax * k,
      ctaH: current.ctaH * Math.sqrt(k),
    }
  }
}

function stackOnce(
  c: Ctx,
  region: Box,
  spec: StackSpec,
): { assets: CanvasAsset[]; top: number; bottom: number } {
  const d = c.design
  const assets: CanvasAsset[] = []
  let y = 0
  const barH = Math.max(3, region.w * 0.012)
  if (spec.accentBar) {
    const barW = Math.max(24, region.w * 0.14)
    const bx = spec.align === 'left' ? region.x : region.x + (region.w - barW) / 2
    assets.push({
      ...base('accent-bar', 15, { x: bx, y: 0, w: barW, h: barH }),
      shape: 'pill',
      fill: c.pal.accent === c.regionFill ? c.textColor : c.pal.accent,
    })
    y += barH + spec.headlineMax * 0.45
  }
  const hFont = heading(d)
  const poster = d.template === 'poster'
  const hl = fitText(
    c.measure,
    d.copy.headline,
    { w: region.w, h: spec.headlineMax * 1.14 * spec.headlineLines },
    { font: hFont, maxSize: spec.headlineMax, maxLines: spec.headlineLines, uppercase: poster },
  )
  assets.push({
    ...base('headline', 50, { x: region.x, y, w: region.w, h: Math.max(1, hl.height) }),
    kind: 'text',
    role: 'headline',
    text: d.copy.headline,
    font: hFont,
    color: c.textColor,
    size: hl.size,
    maxLines: spec.headlineLines,
    align: spec.align,
    ...(poster ? { uppercase: true } : {}),
  })
  y += hl.height
  const body = d.copy.body?.trim()
  if (body && spec.bodyLines > 0) {
    const bFont: CanvasFont = {
      family: d.kit.bodyFont.family,
      weight: Math.min(500, Math.max(400, d.kit.bodyFont.weight)),
    }
    const bd = fitText(
      c.measure,
      body,
      { w: region.w * (spec.align === 'left' ? 0.95 : 1), h: spec.bodyMax * 1.14 * spec.bodyLines },
      { font: bFont, maxSize: spec.bodyMax, maxLines: spec.bodyLines },
    )
    if (bd.size >= spec.bodyMin && bd.lines.join(' ').length >= body.length - 1) {
      y += hl.size * 0.38
      assets.push({
        ...base('body', 51, { x: region.x, y, w: region.w, h: bd.height }),
        kind: 'text',
        role: 'body',
        text: body,
        font: bFont,
        color: c.textColor,
        size: bd.size,
        maxLines: spec.bodyLines,
        align: spec.align,
      })
      y += bd.height
    }
  }
  if (spec.withCta) {
    y += Math.max(spec.ctaH * 0.45, hl.size * 0.5)
    const cx = spec.align === 'left' ? region.x : region.x + region.w / 2
    assets.push(ctaAsset(c, cx, y, spec.ctaH, region.w, spec.align))
    y += spec.ctaH
  }
  const shift = spec.valign === 'center' ? region.y + Math.max(0, (region.h - y) / 2) : region.y
  for (const a of assets) a.y += shift
  return { assets, top: shift, bottom: shift + y }
}

/**
 * The logo (or, without one, the brand name set in the heading font): the variant and drawing that
 * stands out from the assets already `below` it (decision 0064), never under LOGO_MIN_HEIGHT px.
 */
function logoAsset(
  c: Ctx,
  box: Box,
  anchor: 'left' | 'center' | 'right',
  below: readonly CanvasAsset[],
  W: number,
): CanvasAsset[] {
  const kit = c.design.kit
  const logos: AdLogo[] = kit.logos?.length ? kit.logos : kit.logo ? [kit.logo] : []
  if (logos.length)
    return chooseLogo(logos, box, anchor, below, { width: W, background: c.pal.background }).assets
  return [
    {
      ...base('logo', 40, box),
      kind: 'text',
      role: 'logo',
      text: c.design.kit.name,
      font: heading(c.design, 700),
      color: c.textColor,
      size: box.h * 0.8,
      maxLines: 1,
      align: anchor,
      uppercase: true,
      letterSpacing: 0.08,
    },
  ]
}

/** The subjects side by side, standing on the box's lower edge, as large as the box allows. */
function subjectAssets(d: AdDesign, box: Box, align: 'left' | 'center' | 'right'): CanvasAsset[] {
  const subjects = d.subjects.slice(0, 3)
  if (!subjects.length || box.w <= 0 || box.h <= 0) return []
  const overlap = 0.12
  let h = box.h
  const widths = () => subjects.map((s) => (s.width / s.height) * h)
  let total = widths().reduce((sum, w, i) => sum + w * (i ? 1 - overlap : 1), 0)
  if (total > box.w) {
    h *= box.w / total
    total = box.w
  }
  let x = align === 'left' ? box.x : align === 'right' ? box.x + box.w - total : box.x + (box.w - total) / 2
  return widths().map((w, i) => {
    const asset: CanvasAsset = {
      ...base(`subject-${i + 1}`, 30 + i, { x, y: box.y + box.h - h, w, h }),
      kind: 'character',
      role: 'subject',
      image: subjects[i]!.image,
      fit: 'contain',
      anchor: 'bottom',
    }
    x += w * (1 - overlap)
    return asset
  })
}

function halo(c: Ctx, box: Box, scale = 0.96): CanvasAsset {
  const d = Math.min(box.w, box.h) * scale
  if (c.design.template === 'poster') {
    // The poster's card: a tilted block of the accent colour the subject stands in front of.
    const k = d * 0.84
    return {
      ...base('halo', 10, { x: box.x + (box.w - k) / 2, y: box.y + (box.h - k) / 2, w: k, h: k }),
      rotation: -7,
      shape: 'rect',
      radius: k * 0.06,
      fill: c.pal.accent,
    }
  }
  return {
    ...base('halo', 10, { x: box.x + (box.w - d) / 2, y: box.y + (box.h - d) / 2, w: d, h: d }),
    shape: 'ellipse',
    fill: c.pal.halo,
  }
}

function background(c: Ctx, W: number, H: number, gradient: boolean): CanvasAsset {
  return {
    ...base('background', 0, { x: 0, y: 0, w: W, h: H }),
    role: 'background',
    shape: 'rect',
    fill: c.pal.background,
    ...(gradient ? { fill2: c.pal.background2 } : {}),
  }
}

type LayoutFn = (c: Ctx, W: number, H: number) => CanvasAsset[]

/** Tall (4:5, 9:16, skyscrapers): logo, then the text, the subject below, the button at the foot. */
const tall: LayoutFn = (c, W, H) => {
  const t = c.design.template
  const m = Math.round(W * 0.08)
  const logoH = Math.max(14, W * 0.075)
  const narrow = W < 400
  const spec: StackSpec = {
    headlineMax: W * (t === 'poster' ? 0.13 : 0.105),
    headlineLines: narrow ? 4 : 3,
    bodyMax: W * 0.045,
    bodyLines: narrow ? 0 : 3,
    bodyMin: 12,
    ctaH: Math.max(26, W * 0.1),
    align: 'center',
    valign: 'top',
    withCta: false,
    accentBar: t !== 'split',
  }
  const assets: CanvasAsset[] = [background(c, W, H, t !== 'split')]
  if (t === 'split') {
    const panelH = H * 0.55
    assets.push({ ...base('panel', 5, { x: 0, y: 0, w: W, h: panelH }), shape: 'rect', fill: c.pal.panel })
    const subj = { x: m * 0.5, y: m, w: W - m, h: panelH - m }
    assets.push(
      { ...halo(c, subj, 0.8), fill: c.pal.background, opacity: 0.12 },
      ...subjectAssets(c.design, subj, 'center'),
    )
    // Logos are drawn for the brand's own background: it sits on the brand colour, not the panel.
    assets.push(...logoAsset(c, { x: m, y: panelH + m * 0.7, w: W - 2 * m, h: logoH }, 'center', assets, W))
    const region = {
      x: m,
      y: panelH + m * 0.7 + logoH + m * 0.3,
      w: W - 2 * m,
      h: H - panelH - m * 1.7 - logoH,
    }
    assets.push(
      ...stackText(c, region, { ...spec, valign: 'center', withCta: true, bodyLines: spec.bodyLines ? 2 : 0 })
        .assets,
    )
    return assets
  }
  assets.push(...logoAsset(c, { x: m, y: m, w: W - 2 * m, h: logoH }, 'center', assets, W))
  const text = stackText(c, { x: m, y: m + logoH + W * 0.07, w: W - 2 * m, h: H * 0.4 }, spec)
  assets.push(...text.assets)
  const cta = ctaAsset(c, W / 2, 0, spec.ctaH, W - 2 * m, 'center')
  cta.y = H - m - spec.ctaH
  const subj = {
    x: m * 0.5,
    y: text.bottom + W * 0.05,
    w: W - m,
    h: cta.y - W * 0.04 - (text.bottom + W * 0.05),
  }
  assets.push(halo(c, subj), ...subjectAssets(c.design, subj, 'center'), cta)
  return assets
}

/** Square-ish and wide (1:1, 300×250, 300×600 excluded, 1.91:1): text column left, subject right. */
const columns: LayoutFn = (c, W, H) => {
  const t = c.design.template
  const wide = W / H > 1.45
  const m = Math.round(H * (wide ? 0.09 : 0.075))
  const colX = W * (wide ? 0.5 : 0.53)
  const logoH = Math.max(14, H * 0.075)
  const small = H < 400
  const spec: StackSpec = {
    headlineMax: H * (t === 'poster' ? 0.12 : wide ? 0.1 : 0.085),
    headlineLines: 3,
    bodyMax: H * (wide ? 0.042 : 0.036),
    bodyLines: small ? 0 : 3,
    bodyMin: 12,
    ctaH: Math.max(24, H * (wide ? 0.11 : 0.09)),
    align: 'left',
    valign: 'center',
    withCta: true,
    accentBar: t !== 'split' && !small,
  }
  const assets: CanvasAsset[] = [background(c, W, H, t !== 'split')]
  const subj = { x: colX - W * 0.02, y: m * 0.6, w: W - colX + W * 0.02 - m * 0.3, h: H - m * 0.6 }
  if (t === 'split') {
    assets.push({
      ...base('panel', 5, { x: colX, y: 0, w: W - colX, h: H }),
      shape: 'rect',
      fill: c.pal.panel,
    })
    const inPanel = { x: colX + m * 0.5, y: m, w: W - colX - m, h: H - m }
    assets.push(...subjectAssets(c.design, inPanel, 'center'))
  } else assets.push(halo(c, subj), ...subjectAssets(c.design, subj, 'center'))
  assets.push(...logoAsset(c, { x: m, y: m, w: (colX - 2 * m) * 0.6, h: logoH }, 'left', assets, W))
  const region = { x: m, y: m + logoH + m * 0.6, w: colX - m * 1.6, h: H - (m + logoH + m * 0.6) - m }
  assets.push(...stackText(c, region, spec).assets)
  return assets
}

/** Billboard (970×250): text left, subject centre-right, logo and button in the right column. */
const billboard: LayoutFn = (c, W, H) => {
  const t = c.design.template
  const m = Math.round(H * 0.13)
  const assets: CanvasAsset[] = [background(c, W, H, t !== 'split')]
  const subj = { x: W * 0.5, y: m * 0.4, w: W * 0.26, h: H - m * 0.4 }
  if (t === 'split') {
    assets.push({
      ...base('panel', 5, { x: W * 0.48, y: 0, w: W * 0.3, h: H }),
      shape: 'rect',
      fill: c.pal.panel,
    })
    assets.push(...subjectAssets(c.design, subj, 'center'))
  } else assets.push(halo(c, { ...subj, y: 0, h: H }, 1.1), ...subjectAssets(c.design, subj, 'center'))
  const spec: StackSpec = {
    headlineMax: H * 0.17,
    headlineLines: 2,
    bodyMax: H * 0.075,
    bodyLines: 2,
    bodyMin: 13,
    ctaH: H * 0.2,
    align: 'left',
    valign: 'center',
    withCta: false,
    accentBar: t !== 'split',
  }
  assets.push(...stackText(c, { x: m, y: m, w: W * 0.46 - m, h: H - 2 * m }, spec).assets)
  const colX = W * 0.79
  const colW = W - m - colX
  const logoH = H * 0.2
  const cta = ctaAsset(c, colX + colW / 2, 0, H * 0.2, colW, 'center')
  const groupH = logoH + H * 0.12 + cta.h
  const top = (H - groupH) / 2
  assets.push(...logoAsset(c, { x: colX, y: top, w: colW, h: logoH }, 'center', assets, W))
  cta.y = top + logoH + H * 0.12
  assets.push(cta)
  return assets
}

/** Banners (728×90, 320×50): one row — logo, subject, headline, button. */
const banner: LayoutFn = (c, W, H) => {
  const t = c.design.template
  const m = Math.round(H * 0.16)
  const assets: CanvasAsset[] = [background(c, W, H, false)]
  const logoW = Math.min(2.4 * (H - 2 * m), W * 0.2)
  let x = m
  assets.push(...logoAsset(c, { x, y: m, w: logoW, h: H - 2 * m }, 'left', assets, W))
  x = assets[assets.length - 1]!.x + assets[assets.length - 1]!.w + m
  if (W >= 500 && c.design.subjects.length) {
    const subj = { x, y: H * 0.06, w: H * 1.2, h: H * 0.94 }
    if (t === 'split')
      assets.push({
        ...base('panel', 5, { x: x - m * 0.5, y: 0, w: subj.w + m, h: H }),
        shape: 'rect',
        fill: c.pal.panel,
      })
    else assets.push(halo(c, { ...subj, y: 0, h: H }, 1))
    assets.push(...subjectAssets(c.design, subj, 'center'))
    x += subj.w + m
  }
  const cta = ctaAsset(c, W - m, 0, H * 0.58, W * 0.3, 'right')
  cta.y = (H - cta.h) / 2
  const spec: StackSpec = {
    headlineMax: H * 0.34,
    headlineLines: 2,
    bodyMax: 0,
    bodyLines: 0,
    bodyMin: 99,
    ctaH: 0,
    align: 'left',
    valign: 'center',
    withCta: false,
    accentBar: false,
  }
  assets.push(...stackText(c, { x, y: m * 0.6, w: cta.x - m - x, h: H - 1.2 * m }, spec).assets, cta)
  return assets
}

const LAYOUTS: Record<Shape, LayoutFn> = { tall, square: columns, wide: columns, billboard, banner }

/** Inset of each placement's safe area: nothing that matters (product, text, logo) is cut by the edge. */
export const safeInset = (width: number, height: number) => Math.max(2, Math.min(width, height) * 0.03)

/**
 * The product stays inside the safe area (decision 0066): a subject box past it is cut to it and the
 * cut-out, drawn `contain`, shrinks to fit (standing on the box's lower edge as before). The layouts
 * already keep text and subjects in separate regions; a subject box crossing a text box is pulled
 * back out of the text's side.
 */
function keepSubjectsSafe(assets: CanvasAsset[], W: number, H: number): CanvasAsset[] {
  const inset = safeInset(W, H)
  const texts = assets.filter((a) => a.kind === 'text')
  for (const a of assets) {
    if (a.role !== 'subject') continue
    let x1 = Math.max(a.x, inset)
    let y1 = Math.max(a.y, inset)
    let x2 = Math.min(a.x + a.w, W - inset)
    const y2 = Math.min(a.y + a.h, H - inset)
    for (const t of texts) {
      if (!(t.x < x2 && x1 < t.x + t.w && t.y < y2 && y1 < t.y + t.h)) continue
      // Move the subject's nearest side off the text (left, right or top).
      const fromLeft = t.x + t.w - x1
      const fromRight = x2 - t.x
      const fromTop = t.y + t.h - y1
      const least = Math.min(fromLeft, fromRight, fromTop)
      if (least === fromLeft) x1 = t.x + t.w
      else if (least === fromRight) x2 = t.x
      else y1 = t.y + t.h
    }
    a.x = x1
    a.y = y1
    a.w = Math.max(1, x2 - x1)
    a.h = Math.max(1, y2 - y1)
  }
  return assets
}

/** One design in one placement. */
export function layoutAd(design: AdDesign, placement: PlacementId, measure: Measure): AdCanvas {
  const { width, height } = placementSize(placement)
  const pal = pickPalette(design.kit.colors, design.variant)
  const c: Ctx = { design, pal, measure, textColor: pal.text, regionFill: pal.background }
  const assets = keepSubjectsSafe(LAYOUTS[shapeOf(width, height)](c, width, height), width, height)
  if (design.backdrop) {
    assets.push({
      ...base('backdrop', 1, { x: 0, y: 0, w: width, h: height }),
      kind: 'image',
      role: 'background',
      image: design.backdrop.image,
      fit: 'cover',
      opacity: BACKDROP_OPACITY,
    })
  }
  const round = (v: number) => Math.round(v * 100) / 100
  return {
    placement,
    width,
    height,
    template: design.template,
    background: pal.background,
    assets: assets.map((a) => ({
      ...a,
      x: round(a.x),
      y: round(a.y),
      w: Math.max(1, round(a.w)),
      h: Math.max(1, round(a.h)),
    })),
  }
}

/** The design in every placement at once. */
export function layoutAllPlacements(design: AdDesign, measure: Measure): AdCanvas[] {
  return PLACEMENT_IDS.map((p) => layoutAd(design, p, measure))
}
