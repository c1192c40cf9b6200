/**
 * Caption layout done by us, not by the browser or libass: words → pages → lines that fit the
 * caption box, measured with the canvas the frame is drawn on (same font file on both sides), so
 * the editor and the render break lines at the same words.
 */
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'
import type { Scene } from '@mouthpiece/contracts/projects/project-document.schemas'
import { paginate } from '@mouthpiece/media/captions/subtitles'
import type { CaptionPage } from '@mouthpiece/media/captions/subtitles'
import { currentTake, sceneDuration, SCENE_TAIL_SECONDS } from './timeline'

/** Line height as a multiple of the font size (fixed, so no font metric differs between engines). */
export const LINE_HEIGHT = 1.2

/** Words of a scene with times: the take's own, else spread evenly over the estimated duration. */
export function sceneWords(scene: Scene): WordTiming[] {
  const take = currentTake(scene)
  if (take) return take.words
  const texts = scene.text.trim().split(/\s+/).filter(Boolean)
  const span = Math.max(0.001, sceneDuration(scene) - SCENE_TAIL_SECONDS)
  const step = span / Math.max(1, texts.length)
  return texts.map((text, i) => ({ text, start: i * step, end: (i + 1) * step }))
}

export interface CaptionLayout {
  pages: CaptionPage[]
  lineHeight: number
}

export function layoutCaptions(
  words: readonly WordTiming[],
  box: { w: number; h: number },
  fontPx: number,
  measure: (text: string) => number,
): CaptionLayout {
  const lineHeight = fontPx * LINE_HEIGHT
  const maxLines = Math.max(1, Math.floor((box.h + lineHeight * 0.25) / lineHeight))
  return { pages: paginate(words, { maxWidth: box.w, measure, maxLines }), lineHeight }
}

/**
 * The page on screen at scene time t: the last one that has started, held until the next (so a
 * paused editor always shows the caption being placed); before the first word, the first page.
 */
export function pageAt(pages: readonly CaptionPage[], t: number): CaptionPage | null {
  let page: CaptionPage | null = pages[0] ?? null
  for (const p of pages) if (p.start <= t) page = p
  return page
}
