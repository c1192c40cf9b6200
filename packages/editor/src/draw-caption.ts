/**
 * Draws a scene's caption: the page on screen at the scene time, centred in the caption box,
 * rotated by its angle, outlined, with the spoken word in the highlight colour (SPEC §9: teal
 * 05FBCA highlight, white text, black outline).
 */
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
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
  const placed: Array<{ word: WordTiming; x: number; y: number }> = []
  page.lines.forEach((line, i) => {
    const y = (i - (page.lines.length - 1) / 2) * lh
    const left = -ctx.measureText(line.map((w) => w.text).join(' ')).width / 2
    line.forEach((word, j) => {
      const x = j === 0 ? left : left + ctx.measureText(`${line.slice(0, j).map((w) => w.text).join(' ')} `).width
      placed.push({ word, x, y })
    })
  })
  // All outlines first, then all fills, so an outline never covers the neighbouring letters.
  for (const p of placed) ctx.strokeText(p.word.text, p.x, p.y)
  for (const p of placed) {
    ctx.fillStyle = p.word === active ? c.color[0] : c.color[1]
    ctx.fillText(p.word.text, p.x, p.y)
  }
  ctx.restore()
}
