/**
 * Draws a scene's caption: the page on screen at the scene time, centred in the caption box,
 * rotated by its angle, outlined, with the spoken word in the highlight colour (SPEC §9: teal
 * 05FBCA highlight, white text, black outline).
 */
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import { drawCaptionWords } from '@mouthpiece/media/captions/caption-words'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import { canvasFont, captionFace, ptToPx } from './caption-fonts'
import { LINE_HEIGHT, layoutCaptions, pageAt, sceneWords } from './caption-layout'
import type { CaptionLayout } from './caption-layout'
import type { FrameCtx } from './frame-context'

/** Layouts per scene object: documents are immutable (immer), so an unchanged scene keeps its layout. */
const layouts = new WeakMap<Scene, { key: string; font: string; layout: CaptionLayout }>()

/**
 * The caption fitted to its box: the chosen size, made smaller only as far as needed for a line
 * to fit the box's height and the longest word its width (a 56 pt caption in a small box never
 * spills out of it). Then words → pages → lines at that size.
 */
function layoutFor(
  ctx: FrameCtx,
  scene: Scene,
  face: ReturnType<typeof captionFace>,
  px: number,
): { font: string; layout: CaptionLayout } {
  const key = canvasFont(face, px)
  const hit = layouts.get(scene)
  if (hit && hit.key === key) return hit
  const c = scene.captionData
  const words = sceneWords(scene)
  let size = Math.min(px, c.h / LINE_HEIGHT)
  ctx.font = canvasFont(face, size)
  const widest = Math.max(0, ...words.map((w) => ctx.measureText(w.text).width))
  if (widest > c.w) size = Math.max(4, Math.floor(size * (c.w / widest) * 100) / 100)
  const font = canvasFont(face, size)
  ctx.font = font
  const layout = layoutCaptions(words, c, size, (text) => ctx.measureText(text).width)
  const entry = { key, font, layout }
  layouts.set(scene, entry)
  return entry
}

/** The word lit at t: the last one that has started (held through short gaps, so no flicker). */
function activeWord(words: readonly WordTiming[], t: number): WordTiming | null {
  let active: WordTiming | null = null
  for (const w of words) if (w.start <= t) active = w
  return active
}

export function drawCaption(ctx: FrameCtx, scene: Scene, t: number): void {
  const c = scene.captionData
  if (!c.display) return
  const { font, layout } = layoutFor(ctx, scene, captionFace(c.fontFamily, c.fontWeight), ptToPx(c.fontSize))
  ctx.font = font
  const px = layout.lineHeight / LINE_HEIGHT
  const page = pageAt(layout.pages, t)
  if (!page) return
  const active = c.wordHighlight ? activeWord(page.lines.flat(), t) : null
  ctx.save()
  ctx.translate(c.x, c.y)
  if (c.angle) ctx.rotate((c.angle * Math.PI) / 180)
  ctx.textAlign = 'left'
  ctx.textBaseline = 'middle'
  ctx.lineJoin = 'round'
  ctx.lineWidth = Math.max(1.5, px * 0.075) * 2
  ctx.strokeStyle = c.outlineColor
  const lh = layout.lineHeight
  drawCaptionWords(ctx, page.lines, (i) => (i - (page.lines.length - 1) / 2) * lh, active, {
    lit: c.color[0],
    rest: c.color[1],
  })
  ctx.restore()
}
