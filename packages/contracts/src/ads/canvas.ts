import { z } from 'zod'
import { Placement, PLACEMENTS } from './placements'
import type { PlacementId } from './placements'

/**
 * The ad canvas: one designed ad in one placement, as a flat list of assets. The template engine
 * (packages/editor/src/ads) writes it, the browser canvas editor and the server renderer both draw
 * it with the same function, and the canvas routes edit it one asset at a time.
 */

/** The placements (shared with ad projects and video): `PLACEMENTS` in ./placements. */
export { PLACEMENTS, PLACEMENT_IDS, Placement } from './placements'
export type { PlacementId } from './placements'

export function placementSize(id: PlacementId): { width: number; height: number } {
  return { width: PLACEMENTS[id].width, height: PLACEMENTS[id].height }
}

const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colours are written #RRGGBB')

export const CANVAS_ASSET_KINDS = ['shape', 'image', 'character', 'logo', 'text'] as const
export const CanvasAssetKind = z.enum(CANVAS_ASSET_KINDS)

/** What an asset does in the design; the text group (headline, body, cta) is laid out together. */
export const CanvasAssetRole = z.enum([
  'background',
  'decor',
  'subject',
  'logo',
  'headline',
  'body',
  'cta',
  'custom',
])
export type CanvasAssetRole = z.infer<typeof CanvasAssetRole>

export const AssetText = z
  .string()
  .trim()
  .min(1, 'Please write some text')
  .max(300, 'Text must be at most 300 characters')

export const CanvasFont = z.object({
  /** A caption font of SPEC §9 or a brand font family (registered under this name on both sides). */
  family: z.string().min(1).max(80),
  weight: z.number().int().min(100).max(900),
})
export type CanvasFont = z.infer<typeof CanvasFont>

/**
 * One asset. Geometry in placement pixels: top-left `x,y`, size `w,h`, rotated by `rotation`
 * degrees about its centre. `priority` orders drawing (higher on top).
 */
export const CanvasAsset = z.object({
  id: z.string().min(1).max(40),
  kind: CanvasAssetKind,
  role: CanvasAssetRole,
  x: z.number().finite(),
  y: z.number().finite(),
  w: z.number().finite().positive(),
  h: z.number().finite().positive(),
  rotation: z.number().finite().min(-360).max(360),
  visible: z.boolean(),
  priority: z.number().int(),
  opacity: z.number().min(0).max(1).optional(),
  /** shape: rect (corner `radius` px), ellipse or pill; `fill` a colour, `fill2` makes a vertical gradient. */
  shape: z.enum(['rect', 'ellipse', 'pill']).optional(),
  fill: Colour.optional(),
  fill2: Colour.optional(),
  radius: z.number().min(0).optional(),
  /** image, character, logo: a key of the canvas's image table (a stored file). */
  image: z.string().max(300).optional(),
  /** contain keeps the whole picture; anchor bottom stands a subject on the box's lower edge. */
  fit: z.enum(['contain', 'cover']).optional(),
  anchor: z.enum(['center', 'bottom', 'left', 'right']).optional(),
  /** logo: drawn knocked out in one colour (white or black) where its own colours would not show. */
  knockout: z.enum(['white', 'black']).optional(),
  /** text */
  text: z.string().max(300).optional(),
  font: CanvasFont.optional(),
  color: Colour.optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
  /** Text is fitted into its box: the largest size up to `size` px that wraps into `maxLines`. */
  size: z.number().positive().optional(),
  maxLines: z.number().int().min(1).max(8).optional(),
  uppercase: z.boolean().optional(),
  letterSpacing: z.number().optional(),
})
export type CanvasAsset = z.infer<typeof CanvasAsset>

export const AdCanvas = z.object({
  placement: Placement,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  template: z.string(),
  background: Colour,
  assets: z.array(CanvasAsset).max(60),
})
export type AdCanvas = z.infer<typeof AdCanvas>
