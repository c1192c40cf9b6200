import { COLORS } from './look-prompt'

/** Names a look prompt reads as clothing colours (hair-only words and aliases left out). */
const CLOTHING = Object.entries(COLORS).filter(([name]) => !['grey', 'blonde', 'ginger'].includes(name))
const rgbOf = (hex: string) =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
const PALETTE = CLOTHING.map(([name, hex]) => ({ name, rgb: rgbOf(hex) }))

/**
 * The colours a picture mostly shows, as words of the look prompt's vocabulary (`red`, `navy`…),
 * most seen first: a custom style upload turns a team jersey or a logo into the colour field of
 * an avatar's prompt. Each opaque pixel votes for its nearest named colour, weighted by its
 * saturation so a plain background does not outvote the subject; a colour needs 8% of the votes.
 */
export function pictureColourNames(rgba: Uint8Array, max = 2): string[] {
  const votes = new Map<string, number>()
  let total = 0
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if (rgba[i + 3]! < 128) continue
    const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!]
    const hi = Math.max(r, g, b)
    const lo = Math.min(r, g, b)
    const weight = 0.2 + (hi ? (hi - lo) / hi : 0)
    let best = PALETTE[0]!
    let bestD = Infinity
    for (const c of PALETTE) {
      const d = (c.rgb[0] - r) ** 2 + (c.rgb[1] - g) ** 2 + (c.rgb[2] - b) ** 2
      if (d < bestD) [best, bestD] = [c, d]
    }
    votes.set(best.name, (votes.get(best.name) ?? 0) + weight)
    total += weight
  }
  return [...votes]
    .filter(([, v]) => v >= total * 0.08)
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([name]) => name)
}
