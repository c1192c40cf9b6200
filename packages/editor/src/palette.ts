/**
 * The caption colour palette (SPEC §9: 60 swatches): a row of greys from white to black, then ten
 * hues in five lightness steps. The spec's defaults (teal 05FBCA, white, black) and the product
 * accent (coral FF6A59) are swatches, so the default caption is always "on palette".
 */
const hex = (n: number) =>
  Math.round(Math.max(0, Math.min(255, n)))
    .toString(16)
    .padStart(2, '0')
    .toUpperCase()

function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
  }
  return `#${hex(f(0) * 255)}${hex(f(8) * 255)}${hex(f(4) * 255)}`
}

const GREYS = [
  '#FFFFFF',
  '#E6E6E6',
  '#CCCCCC',
  '#B3B3B3',
  '#999999',
  '#7F7F7F',
  '#666666',
  '#404040',
  '#1F1F1F',
  '#000000',
]
const HUES = [0, 30, 50, 90, 140, 170, 195, 220, 270, 320]
const LIGHTNESS = [0.85, 0.7, 0.55, 0.4, 0.25]

export const CAPTION_PALETTE: readonly string[] = (() => {
  const swatches = [...GREYS]
  for (const l of LIGHTNESS) for (const h of HUES) swatches.push(hsl(h, 0.9, l))
  swatches[10 + 2 * 10 + 5] = '#05FBCA'
  swatches[10 + 1 * 10 + 0] = '#FF6A59'
  return swatches
})()
