/**
 * The logo in an ad (decision 0064): which of the brand's logo variants, drawn how, so it never
 * disappears into what is behind it. The colours behind the logo's box are measured from the
 * layout's own shapes (background gradient, panels, halos) at a grid of points; a variant passes
 * when its ink (its opaque pixels' mean colour, measured when the kit is read) reaches
 * LOGO_MIN_CONTRAST against every one of them. Order: the brand's variants as the kit lists them
 * (header logo first, then footer, icons…), then the first one knocked out in white or black, then
 * the logo on a plate. A logo is never smaller than LOGO_MIN_HEIGHT px.
 */
import type { CanvasAsset } from '@mouthpiece/contracts/ads/canvas'
import { contrastRatio, mix } from './contrast'

/** WCAG 2.x non-text / large-graphic contrast (1.4.11): 3:1. */
export const LOGO_MIN_CONTRAST = 3
/** The margin kept above 3:1 for what the layout cannot see (a faint backdrop picture). */
const CHOICE_MARGIN = 0.35
/** Smallest logo height printed, px: under this a wordmark stops being legible. */
export const LOGO_MIN_HEIGHT = 16

export interface AdLogo {
  /** Key in the canvas's image table. */
  image: string
  width: number
  height: number
  /** Mean colour of the logo's opaque pixels (#RRGGBB); none: assume it must sit on a plate. */
  ink?: string
}

interface Box {
  x: number
  y: number
  w: number
  h: number
}

const inside = (a: CanvasAsset, x: number, y: number): boolean => {
  if (x < a.x || y < a.y || x > a.x + a.w || y > a.y + a.h) return false
  if (a.shape !== 'ellipse') return true
  const dx = (x - (a.x + a.w / 2)) / (a.w / 2)
  const dy = (y - (a.y + a.h / 2)) / (a.h / 2)
  return dx * dx + dy * dy <= 1
}

/** The colour each sample point of `box` shows, from the topmost filled asset under it. */
export function coloursBehind(below: readonly CanvasAsset[], box: Box, canvasBackground: string): string[] {
  const filled = below
    .filter((a) => a.visible && a.fill && (a.kind === 'shape' || a.kind === 'text'))
    .map((a, i) => ({ a, i }))
    .sort((p, q) => p.a.priority - q.a.priority || p.i - q.i)
    .map((p) => p.a)
  const out = new Set<string>()
  for (let gy = 0; gy < 3; gy++)
    for (let gx = 0; gx < 5; gx++) {
      const x = box.x + ((gx + 0.5) * box.w) / 5
      const y = box.y + ((gy + 0.5) * box.h) / 3
      let colour = canvasBackground
      for (const a of filled) {
        if (!inside(a, x, y)) continue
        const own = a.fill2 ? mix(a.fill!, a.fill2, Math.min(1, Math.max(0, (y - a.y) / a.h))) : a.fill!
        // A part-transparent shape shows what is under it.
        colour = (a.opacity ?? 1) < 1 ? mix(colour, own, a.opacity ?? 1) : own
      }
      out.add(colour)
    }
  return [...out]
}

const worst = (ink: string, behind: readonly string[]) =>
  Math.min(...behind.map((b) => contrastRatio(ink, b)))

function fitted(logo: AdLogo, box: Box, anchor: 'left' | 'center' | 'right', canvasW: number): Box {
  let k = Math.min(box.w / logo.width, box.h / logo.height)
  // Legible: at least LOGO_MIN_HEIGHT tall (a long wordmark may then take more width than its box).
  if (logo.height * k < LOGO_MIN_HEIGHT) k = Math.min(LOGO_MIN_HEIGHT, box.h * 1.5) / logo.height
  const w = logo.width * k
  const h = logo.height * k
  let x = anchor === 'left' ? box.x : anchor === 'right' ? box.x + box.w - w : box.x + (box.w - w) / 2
  x = Math.max(0, Math.min(canvasW - w, x))
  return { x, y: box.y + (box.h - h) / 2, w, h }
}

export interface LogoChoice {
  /** The plate (when one is needed), then the logo. */
  assets: CanvasAsset[]
  /** The contrast the chosen drawing reaches against what is behind it (layout estimate). */
  contrast: number
  how: 'variant' | 'knockout' | 'plate'
}

const logoBase = (box: Box): Omit<CanvasAsset, 'image'> => ({
  id: 'logo',
  kind: 'logo',
  role: 'logo',
  ...box,
  rotation: 0,
  visible: true,
  priority: 40,
  fit: 'contain',
  anchor: 'center',
})

/** Picks the variant and its drawing for a logo placed in `box` over the assets `below`. */
export function chooseLogo(
  logos: readonly AdLogo[],
  box: Box,
  anchor: 'left' | 'center' | 'right',
  below: readonly CanvasAsset[],
  canvas: { width: number; background: string },
): LogoChoice {
  const need = LOGO_MIN_CONTRAST + CHOICE_MARGIN
  let best: { logo: AdLogo; at: Box; contrast: number } | undefined
  for (const logo of logos) {
    if (!logo.ink) continue
    const at = fitted(logo, box, anchor, canvas.width)
    const contrast = worst(logo.ink, coloursBehind(below, at, canvas.background))
    if (contrast >= need)
      return { assets: [{ ...logoBase(at), image: logo.image }], contrast, how: 'variant' }
    if (!best || contrast > best.contrast) best = { logo, at, contrast }
  }
  const primary = logos[0]!
  const at = best?.at ?? fitted(primary, box, anchor, canvas.width)
  const behind = coloursBehind(below, at, canvas.background)
  const white = worst('#FFFFFF', behind)
  const black = worst('#000000', behind)
  const knockout = white >= black ? 'white' : 'black'
  const kc = Math.max(white, black)
  if (kc >= need)
    return {
      assets: [{ ...logoBase(at), image: (best?.logo ?? primary).image, knockout }],
      contrast: kc,
      how: 'knockout',
    }
  // A plate: white or ink-black, whichever the logo's own colours stand out on more.
  const ink = (best?.logo ?? primary).ink ?? '#000000'
  const plateFill = contrastRatio(ink, '#FFFFFF') >= contrastRatio(ink, '#111111') ? '#FFFFFF' : '#111111'
  const pad = Math.max(4, at.h * 0.22)
  const plate: CanvasAsset = {
    id: 'logo-plate',
    kind: 'shape',
    role: 'decor',
    x: Math.max(0, at.x - pad),
    y: Math.max(0, at.y - pad),
    w: at.w + pad * 2,
    h: at.h + pad * 2,
    rotation: 0,
    visible: true,
    priority: 39,
    shape: 'rect',
    radius: pad,
    fill: plateFill,
  }
  return {
    assets: [plate, { ...logoBase(at), image: (best?.logo ?? primary).image }],
    contrast: contrastRatio(ink, plateFill),
    how: 'plate',
  }
}
