/**
 * Puts an opaque I420 layer into the frame by copying it, not by blending it.
 *
 * ffmpeg's `overlay` turns a yuv420p layer into yuva420p and alpha-blends every pixel of it, even
 * when every alpha is 255: ~0.35 s of CPU per 9 s of 720p, a fifth of a Quick Create's ffmpeg. The
 * avatar layer over a still background is opaque already (opaque-layer.ts), so a copy gives the
 * same bytes:
 * - over a colour, `pad` fills the frame around the layer with that colour;
 * - over a still picture, the picture's parts around the layer and the layer are stacked
 *   (`hstack`/`vstack` copy planes; `crop` only moves pointers).
 * Both give frames identical to the overlay's (paste-layer.test.ts compares their framemd5).
 * See docs/decisions/0032-render-paste-the-layer.md.
 */

/** Where the layer goes, in output pixels. */
export interface Placement {
  x: number
  y: number
  width: number
  height: number
}

const even = (v: number) => v % 2 === 0

/** A layer can be pasted when it lies wholly inside the frame, on even pixels (4:2:0 chroma covers 2×2). */
export const canPaste = (p: Placement, frameWidth: number, frameHeight: number): boolean =>
  p.x >= 0 &&
  p.y >= 0 &&
  p.x + p.width <= frameWidth &&
  p.y + p.height <= frameHeight &&
  [p.x, p.y, p.width, p.height, frameWidth, frameHeight].every(even)

/** `[layer]` padded to the frame with `hex` (#RRGGBB) around it, as `[out]`. */
export const padWithColour = (
  layer: string,
  p: Placement,
  frameWidth: number,
  frameHeight: number,
  hex: string,
  out: string,
): string =>
  `[${layer}]pad=${frameWidth}:${frameHeight}:${p.x}:${p.y}:color=0x${hex.replace('#', '').slice(0, 6)}[${out}]`

/** `[layer]` set into the still `[still]` (frame-sized, yuv420p) at `p`, as `[out]`: filter chains joined by `;`. */
export function pasteOverStill(
  still: string,
  layer: string,
  p: Placement,
  frameWidth: number,
  frameHeight: number,
  out: string,
): string {
  const right = frameWidth - p.x - p.width
  const bottom = frameHeight - p.y - p.height
  // The still's parts around the layer (crop w:h:x:y), those with any area.
  const parts: Partial<Record<'top' | 'left' | 'right' | 'bottom', string>> = {}
  if (p.y > 0) parts.top = `${frameWidth}:${p.y}:0:0`
  if (p.x > 0) parts.left = `${p.x}:${p.height}:0:${p.y}`
  if (right > 0) parts.right = `${right}:${p.height}:${p.x + p.width}:${p.y}`
  if (bottom > 0) parts.bottom = `${frameWidth}:${bottom}:0:${p.y + p.height}`
  const names = Object.keys(parts) as Array<keyof typeof parts>
  if (!names.length) return `[${layer}]null[${out}]`
  const label = (part: string) => `${out}_${part}`
  const chains = [`[${still}]split=${names.length}${names.map((n) => `[${label(n)}_in]`).join('')}`]
  for (const n of names) chains.push(`[${label(n)}_in]crop=${parts[n]}[${label(n)}]`)
  const part = (n: keyof typeof parts) => (parts[n] ? [label(n)] : [])
  const stack = (filter: 'hstack' | 'vstack', inputs: string[], to: string) =>
    inputs.length > 1
      ? `${inputs.map((l) => `[${l}]`).join('')}${filter}=inputs=${inputs.length}[${to}]`
      : `[${inputs[0]}]null[${to}]`
  chains.push(stack('hstack', [...part('left'), layer, ...part('right')], label('row')))
  chains.push(stack('vstack', [...part('top'), label('row'), ...part('bottom')], out))
  return chains.join(';')
}
