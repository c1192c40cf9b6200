/**
 * WCAG 2.x contrast between two sRGB colours (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
 * Ad templates draw body text only on pairs of at least 4.5:1 (success criterion 1.4.3).
 */

export const BODY_TEXT_CONTRAST = 4.5

export function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) throw new Error(`Not a #RRGGBB colour: ${hex}`)
  const n = parseInt(m[1]!, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

export function toHex([r, g, b]: readonly [number, number, number]): string {
  const c = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0')
  return `#${c(r)}${c(g)}${c(b)}`.toUpperCase()
}

const channel = (v: number) => {
  const s = v / 255
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}

/** Relative luminance 0 (black) … 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex)
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** Contrast ratio 1 … 21, the same whichever colour is the text. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a)
  const lb = luminance(b)
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/** Mixes `hex` toward `toward` by t (0 keeps it, 1 gives `toward`). */
export function mix(hex: string, toward: string, t: number): string {
  const a = parseHex(hex)
  const b = parseHex(toward)
  return toHex([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t])
}

export interface ContrastPair {
  text: string
  background: string
  ratio: number
}

/** Every ordered (text, background) pair of the colours, with its ratio, best first. */
export function contrastPairs(colors: readonly string[]): ContrastPair[] {
  const unique = [...new Set(colors.map((c) => c.toUpperCase()))]
  const pairs: ContrastPair[] = []
  for (const text of unique)
    for (const background of unique) {
      if (text !== background)
        pairs.push({ text, background, ratio: Math.round(contrastRatio(text, background) * 100) / 100 })
    }
  return pairs.sort((a, b) => b.ratio - a.ratio)
}

/**
 * The text colour for a background: the first candidate (brand colours come first, in order) that
 * reaches `min`; else white, near-black or black, whichever first does (white or black always
 * reaches 4.58 at least, so the answer is always readable).
 */
export function readableOn(
  background: string,
  candidates: readonly string[],
  min = BODY_TEXT_CONTRAST,
): string {
  for (const c of [...candidates, '#FFFFFF', '#111111'])
    if (contrastRatio(c, background) >= min) return c.toUpperCase()
  return contrastRatio('#FFFFFF', background) >= contrastRatio('#000000', background) ? '#FFFFFF' : '#000000'
}
