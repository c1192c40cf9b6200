/**
 * The spec's 15 caption fonts as font FILES, one table for the page and the render worker: both
 * register the very same woff2 (FontFace in the browser, GlobalFonts in @napi-rs/canvas) under the
 * same family name, so text measures and rasterises alike on both sides. Proprietary faces use open
 * look-alikes: Helvetica/Arial → Arimo (metric-compatible, the design Liberation Sans 2 is built
 * from), Impact → Anton, Agency FB → Saira Condensed.
 */
import { CAPTION_FONTS, PT_TO_PX } from '@mouthpiece/contracts/constants'
import type { CaptionFont } from '@mouthpiece/contracts/constants'

interface FontFiles {
  /** @fontsource package id. */
  id: string
  /** Weights that package ships (Latin subset). */
  weights: readonly number[]
}

const ALL = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const

export const CAPTION_FONT_FILES: Record<CaptionFont, FontFiles> = {
  Lato: { id: 'lato', weights: [100, 300, 400, 700, 900] },
  'Noto Sans JP': { id: 'noto-sans-jp', weights: ALL },
  Montserrat: { id: 'montserrat', weights: ALL },
  'Open Sans': { id: 'open-sans', weights: [300, 400, 500, 600, 700, 800] },
  Roboto: { id: 'roboto', weights: ALL },
  'Source Sans Pro': { id: 'source-sans-pro', weights: [200, 300, 400, 600, 700, 900] },
  Poppins: { id: 'poppins', weights: ALL },
  Raleway: { id: 'raleway', weights: ALL },
  'Bebas Neue': { id: 'bebas-neue', weights: [400] },
  Helvetica: { id: 'arimo', weights: [400, 500, 600, 700] },
  Arial: { id: 'arimo', weights: [400, 500, 600, 700] },
  'Roboto Condensed': { id: 'roboto-condensed', weights: ALL },
  Impact: { id: 'anton', weights: [400] },
  'Agency FB': { id: 'saira-condensed', weights: ALL },
  Ubuntu: { id: 'ubuntu', weights: [300, 400, 500, 700] },
}

export interface CaptionFace {
  /** Family name both sides register the file under (one family per file: no weight matching involved). */
  family: string
  /** The weight actually drawn: the nearest one shipped, as CSS would pick. */
  weight: number
  /** @fontsource package id and the file inside its `files/` folder. */
  packageId: string
  file: string
}

/** The face a caption font + weight resolves to (nearest shipped weight; ties go to the heavier). */
export function captionFace(font: CaptionFont, weight: number): CaptionFace {
  const files = CAPTION_FONT_FILES[font] ?? CAPTION_FONT_FILES.Roboto
  const w = files.weights.reduce((best, x) =>
    Math.abs(x - weight) < Math.abs(best - weight) ||
    (Math.abs(x - weight) === Math.abs(best - weight) && x > best)
      ? x
      : best,
  )
  return {
    family: `mp-${files.id}-${w}`,
    weight: w,
    packageId: files.id,
    file: `${files.id}-latin-${w}-normal.woff2`,
  }
}

/** Every distinct face, for registering all of them up front (the worker does). */
export function allCaptionFaces(): CaptionFace[] {
  const seen = new Map<string, CaptionFace>()
  for (const font of CAPTION_FONTS)
    for (const w of CAPTION_FONT_FILES[font].weights) {
      const face = captionFace(font, w)
      seen.set(face.family, face)
    }
  return [...seen.values()]
}

/** CSS px of a caption size in points (SPEC §9: 96 per 72). */
export const ptToPx = (pt: number) => pt * PT_TO_PX

/** The canvas `font` string for a face at a size in px. */
export const canvasFont = (face: CaptionFace, px: number) => `${px.toFixed(2)}px "${face.family}"`
