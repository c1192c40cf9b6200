/**
 * The colours a template paints with, chosen from the brand kit so that every text sits on a
 * background it reaches 4.5:1 against (WCAG AA body text). `variant` rotates which brand colour
 * leads, so "more" gives the same template in the brand's other colours.
 */
import { BODY_TEXT_CONTRAST, contrastRatio, luminance, mix, parseHex, readableOn } from './contrast'

export interface Palette {
  /** Main background and its darker gradient end. */
  background: string
  background2: string
  /** Headline and body text on `background`. */
  text: string
  /** A light (or dark) panel for pictures, and text readable on it. */
  panel: string
  panelText: string
  /** Soft shape behind the subject. */
  halo: string
  /** Call-to-action button and its label. */
  accent: string
  accentText: string
}

const DEFAULT_COLORS = ['#1F2A44', '#FF6A59', '#F7F3EE']

export function normaliseColors(colors: readonly string[]): string[] {
  const valid = colors.filter((c) => /^#[0-9a-f]{6}$/i.test(c)).map((c) => c.toUpperCase())
  const unique = [...new Set(valid)]
  return unique.length ? unique : DEFAULT_COLORS
}

/** HSL saturation 0…1 (how colourful, whatever the lightness). */
function saturation(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => v / 255) as [number, number, number]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  return max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1))
}

/** True when a colour is too pale to carry light text: pictures then sit on a darker tint. */
const isLight = (hex: string) => luminance(hex) > 0.45

export function pickPalette(colors: readonly string[], variant: number): Palette {
  const all = normaliseColors(colors)
  // Lead with saturated or dark colours: a pale cream makes a poor main background.
  const leaders = all.filter((c) => !isLight(c))
  const pool = leaders.length ? leaders : all
  const background = pool[((variant % pool.length) + pool.length) % pool.length]!
  const others = all.filter((c) => c !== background)
  const background2 = mix(background, isLight(background) ? '#FFFFFF' : '#000000', 0.22)
  // Text: the brand's own neutrals first (creams, inks), then white or black; the accent: the
  // most colourful brand colour that stands out from the background (a button must be seen).
  const readableOnBoth = (c: string) =>
    contrastRatio(c, background) >= BODY_TEXT_CONTRAST && contrastRatio(c, background2) >= BODY_TEXT_CONTRAST
  const neutrals = others.filter((c) => saturation(c) < 0.25)
  const text = readableOn(background, [...neutrals, '#FFFFFF', '#111111'].filter(readableOnBoth))
  const colourful = others
    .filter((c) => contrastRatio(c, background) >= 1.6)
    .sort((a, b) => saturation(b) - saturation(a))
  const accent = colourful[0] ?? text
  const accentText = readableOn(accent, [background, ...others])
  const panel = isLight(background) ? mix(background, '#000000', 0.08) : mix(background, '#FFFFFF', 0.9)
  const panelText = readableOn(panel, [background, ...others])
  const halo = mix(background, isLight(background) ? '#000000' : '#FFFFFF', 0.16)
  return { background, background2, text, panel, panelText, halo, accent, accentText }
}
