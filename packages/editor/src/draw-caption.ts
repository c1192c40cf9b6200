/**
 * Draws a scene's caption: the page on screen at the scene time, centred in the caption box,
 * rotated by its angle, outlined, with the spoken word in the highlight colour (SPEC §9: teal
 * 05FBCA highlight, white text, black outline).
 */
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import { drawCaptionWords } from '@mouthpiece/media/captions/caption-words'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import { canvasFont, captionFace, ptToPx } from './caption-fonts'
import { layoutCaptions, pageAt, sceneWords } from './caption-layout'
import type { CaptionLayout } from './caption-layout'
import type { FrameCtx } from './frame-context'

/** Layouts per scene object: documents are immutable (immer), so an unchanged scene keeps its layout. */
const layouts = new WeakMap<Scene, { font: string; layout: CaptionLayout }>()

function layoutFor(ctx: FrameCtx, scene: Scene, font: string, px: number): CaptionLayout {
  const hit = layouts.get(scene)
  if (hit && hit.font === font) return hit.layout
  const c = scene.captionData
  const layout = layoutCaptions(sceneWords(scene), c, px, (text) => ctx.measureText(text).width)
  layouts.set(scene, { font, layout })
  return layout
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
  const px = ptToPx(c.fontSize)
  const font = canvasFont(captionFace(c.fontFamily, c.fontWeight), px)
  ctx.font = font
  const layout = layoutFor(ctx, scene, font, px)
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
