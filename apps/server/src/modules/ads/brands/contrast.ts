/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): relative luminance of sRGB
 * colours, ratio (L1 + 0.05) / (L2 + 0.05). Body text needs ≥ 4.5:1 (AA), large text ≥ 3:1.
 */
import { contrastRatio as wcagRatio, luminance } from '@mouthpiece/editor/ads/contrast'

export const BODY_TEXT_MIN_RATIO = 4.5
export const LARGE_TEXT_MIN_RATIO = 3

/** The contrast ratio of two colours, 1..21, rounded to two decimals as checkers show it (the WCAG maths is the ad templates' own). */
export function contrastRatio(a: string, b: string): number {
  return Math.round(wcagRatio(a, b) * 100) / 100
}

export interface KitColour {
  id: string
  hex: string
  role: string
}
export interface ContrastResult {
  foreground: string
  background: string
  foreground_id: string
  background_id: string
  ratio: number
  body_text: boolean
  large_text: boolean
}

/**
 * Every unordered pair of distinct kit colours with its ratio, best first. The colour with the
 * background role (or the lighter one) is named the background, so the list reads "text on bg".
 */
export function contrastPairs(colours: readonly KitColour[]): ContrastResult[] {
  const out: ContrastResult[] = []
  for (let i = 0; i < colours.length; i++) {
    for (let j = i + 1; j < colours.length; j++) {
      const a = colours[i]!
      const b = colours[j]!
      if (a.hex === b.hex) continue
      const aIsBg =
        a.role === 'background' || (b.role !== 'background' && luminance(a.hex) > luminance(b.hex))
      const [bg, fg] = aIsBg ? [a, b] : [b, a]
      const ratio = contrastRatio(fg.hex, bg.hex)
      out.push({
        foreground: fg.hex,
        background: bg.hex,
        foreground_id: fg.id,
        background_id: bg.id,
        ratio,
        body_text: ratio >= BODY_TEXT_MIN_RATIO,
        large_text: ratio >= LARGE_TEXT_MIN_RATIO,
      })
    }
  }
  return out.sort((x, y) => y.ratio - x.ratio)
}

/**
 * The text colour to put on `background`: the kit colour with the best ratio if it reaches
 * `minRatio` (4.5 for body text), else white or black, whichever contrasts more (a template never
 * sets body text in a failing pair).
 */
export function textColourOn(
  background: string,
  kit: readonly string[],
  minRatio = BODY_TEXT_MIN_RATIO,
): { hex: string; ratio: number; from_kit: boolean } {
  let best: { hex: string; ratio: number } | null = null
  for (const hex of kit) {
    if (hex === background) continue
    const ratio = contrastRatio(hex, background)
    if (!best || ratio > best.ratio) best = { hex, ratio }
  }
  if (best && best.ratio >= minRatio) return { ...best, from_kit: true }
  const white = contrastRatio('#FFFFFF', background)
  const black = contrastRatio('#000000', background)
  return white >= black
    ? { hex: '#FFFFFF', ratio: white, from_kit: false }
    : { hex: '#000000', ratio: black, from_kit: false }
}
