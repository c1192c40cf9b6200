/**
 * What a brand scrape reads from CSS text: custom properties that hold colours, `@font-face`
 * rules and the families the page sets. A small scanner, not a full CSS parser: brand sites put
 * these in plain declarations, and anything it cannot read is simply not a candidate.
 */

export interface CssColourVar {
  name: string
  hex: string
}
export interface FontFace {
  family: string
  weight: number
  style: 'normal' | 'italic'
  sources: Array<{ url: string; format: string | null }>
}
export interface FamilyUse {
  selector: string
  families: string[]
}

const NAMED: Record<string, string> = {
  white: '#FFFFFF',
  black: '#000000',
  red: '#FF0000',
  blue: '#0000FF',
  green: '#008000',
  orange: '#FFA500',
  yellow: '#FFFF00',
  purple: '#800080',
  navy: '#000080',
  teal: '#008080',
  gray: '#808080',
  grey: '#808080',
}

/** Strips comments (they may hold example colours). */
const uncomment = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '')

/** '#abc', '#aabbcc', '#aabbccdd', rgb()/rgba(), hsl()/hsla(), a few names → '#RRGGBB'; null otherwise. */
export function parseCssColour(value: string): string | null {
  const v = value.trim().toLowerCase()
  let m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v)
  if (m) {
    let h = m[1]!
    if (h.length <= 4)
      h = h
        .slice(0, 3)
        .split('')
        .map((c) => c + c)
        .join('')
    return `#${h.slice(0, 6).toUpperCase()}`
  }
  m = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(v)
  if (m) return toHex([Number(m[1]), Number(m[2]), Number(m[3])])
  m = /^hsla?\(\s*(-?[\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%/.exec(v)
  if (m) return toHex(hslToRgb(Number(m[1]), Number(m[2]) / 100, Number(m[3]) / 100))
  return NAMED[v] ?? null
}

export function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase()}`
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return [f(0) * 255, f(8) * 255, f(4) * 255]
}

/** `--name: <colour>` declarations (var() references resolved one level). */
export function colourVariables(css: string): CssColourVar[] {
  const text = uncomment(css)
  const raw = new Map<string, string>()
  for (const m of text.matchAll(/(--[A-Za-z0-9_-]+)\s*:\s*([^;}]+)/g)) raw.set(m[1]!, m[2]!.trim())
  const out: CssColourVar[] = []
  for (const [name, value] of raw) {
    const ref = /^var\(\s*(--[A-Za-z0-9_-]+)\s*\)$/.exec(value)
    const hex = parseCssColour(ref ? (raw.get(ref[1]!) ?? '') : value)
    if (hex) out.push({ name, hex })
  }
  return out
}

/** Every colour literal in declarations (for how often a colour is used). */
export function colourUses(css: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const m of uncomment(css).matchAll(
    /(?:^|[;{\s])(?:color|background(?:-color)?|border(?:-color)?|fill|stroke)\s*:\s*([^;}]+)/gi,
  )) {
    const hex = parseCssColour(m[1]!.split(/\s+(?![^(]*\))/).find((p) => parseCssColour(p)) ?? '')
    if (hex) counts.set(hex, (counts.get(hex) ?? 0) + 1)
  }
  return counts
}

const unquote = (s: string) =>
  s
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim()

/** `@font-face` rules with their sources, urls resolved against `base`. */
export function fontFaces(css: string, base: string): FontFace[] {
  const out: FontFace[] = []
  for (const m of uncomment(css).matchAll(/@font-face\s*{([^}]*)}/gi)) {
    const body = m[1]!
    const prop = (name: string) =>
      new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`, 'i').exec(body)?.[1]?.trim()
    const family = prop('font-family')
    const src = prop('src')
    if (!family || !src) continue
    const sources: FontFace['sources'] = []
    for (const s of src.matchAll(
      /url\(\s*(['"]?)([^'")]+)\1\s*\)(?:\s*format\(\s*['"]?([^'")]+)['"]?\s*\))?/gi,
    )) {
      try {
        sources.push({ url: new URL(s[2]!, base).href, format: s[3]?.toLowerCase() ?? null })
      } catch {
        /* an unreadable url is no source */
      }
    }
    out.push({
      family: unquote(family),
      weight: cssWeight(prop('font-weight')),
      style: /italic|oblique/i.test(prop('font-style') ?? '') ? 'italic' : 'normal',
      sources,
    })
  }
  return out
}

/** 'bold' → 700, '300' → 300, a range '100 900' → its first value, rounded to a hundred in 100–900. */
export function cssWeight(value: string | undefined): number {
  if (!value) return 400
  const v = value.trim().toLowerCase()
  if (v === 'bold' || v === 'bolder') return 700
  if (v === 'normal' || v === 'lighter') return 400
  const n = Number(v.split(/\s+/)[0])
  return Number.isFinite(n) ? Math.min(900, Math.max(100, Math.round(n / 100) * 100)) : 400
}

const GENERIC = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'inherit',
  'initial',
  'unset',
  '-apple-system',
  'blinkmacsystemfont',
  'emoji',
  'math',
  'var',
])

/** Which families the page sets on which selectors (generic and system families left out). */
export function familyUses(css: string): FamilyUse[] {
  const out: FamilyUse[] = []
  for (const rule of uncomment(css)
    .replace(/@font-face\s*{[^}]*}/gi, '')
    .matchAll(/([^{}@]+){([^{}]*)}/g)) {
    const decl = /(?:^|;)\s*font(?:-family)?\s*:\s*([^;]+)/i.exec(rule[2]!)
    if (!decl) continue
    // `font:` shorthand ends with the families after the size.
    const value = /font-family/i.test(rule[2]!)
      ? decl[1]!
      : (decl[1]!.split(/\d+(?:px|rem|em|%|pt)(?:\/[\d.]+\w*)?\s+/).pop() ?? '')
    const families = value
      .split(',')
      .map(unquote)
      .filter((f) => f && !GENERIC.has(f.toLowerCase()) && !f.startsWith('var('))
    if (families.length) out.push({ selector: rule[1]!.trim(), families })
  }
  return out
}
