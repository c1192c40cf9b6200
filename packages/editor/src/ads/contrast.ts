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

/** sRGB → CIELAB (D65). */
export function toLab(hex: string): [number, number, number] {
  const lin = parseHex(hex).map((v) => {
    const c = v / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  const x = (lin[0] * 0.4124 + lin[1] * 0.3576 + lin[2] * 0.1805) / 0.95047
  const y = lin[0] * 0.2126 + lin[1] * 0.7152 + lin[2] * 0.0722
  const z = (lin[0] * 0.0193 + lin[1] * 0.1192 + lin[2] * 0.9505) / 1.08883
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116)
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
}

/** CIEDE2000 colour difference (Sharma, Wu & Dalal 2005); under ~2 most people see one colour. */
export function deltaE2000(a: string, b: string): number {
  const [L1, a1, b1] = toLab(a)
  const [L2, a2, b2] = toLab(b)
  const rad = Math.PI / 180
  const C1 = Math.hypot(a1, b1)
  const C2 = Math.hypot(a2, b2)
  const Cm = (C1 + C2) / 2
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)))
  const a1p = a1 * (1 + G)
  const a2p = a2 * (1 + G)
  const C1p = Math.hypot(a1p, b1)
  const C2p = Math.hypot(a2p, b2)
  const h = (bb: number, ap: number) => {
    if (bb === 0 && ap === 0) return 0
    const d = Math.atan2(bb, ap) / rad
    return d < 0 ? d + 360 : d
  }
  const h1p = h(b1, a1p)
  const h2p = h(b2, a2p)
  const dLp = L2 - L1
  const dCp = C2p - C1p
  let dhp = 0
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p
    if (dhp > 180) dhp -= 360
    else if (dhp < -180) dhp += 360
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * rad)
  const Lpm = (L1 + L2) / 2
  const Cpm = (C1p + C2p) / 2
  let hpm = h1p + h2p
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) > 180) hpm += h1p + h2p < 360 ? 360 : -360
    hpm /= 2
  }
  const T =
    1 -
    0.17 * Math.cos((hpm - 30) * rad) +
    0.24 * Math.cos(2 * hpm * rad) +
    0.32 * Math.cos((3 * hpm + 6) * rad) -
    0.2 * Math.cos((4 * hpm - 63) * rad)
  const dTheta = 30 * Math.exp(-(((hpm - 275) / 25) ** 2))
  const Rc = 2 * Math.sqrt(Cpm ** 7 / (Cpm ** 7 + 25 ** 7))
  const Sl = 1 + (0.015 * (Lpm - 50) ** 2) / Math.sqrt(20 + (Lpm - 50) ** 2)
  const Sc = 1 + 0.045 * Cpm
  const Sh = 1 + 0.015 * Cpm * T
  const Rt = -Math.sin(2 * dTheta * rad) * Rc
  return Math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))
}

/** Colours closer than this (CIEDE2000) are one brand colour: anti-aliasing and rounding make near-copies. */
export const SAME_COLOUR_DELTA_E = 5
