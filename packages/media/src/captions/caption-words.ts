/**
 * Draws a caption page's words, each line centred on x = 0 at its own y, the lit word in its colour:
 * every outline first, then every fill, so an outline never covers the neighbouring letters. Shared by
 * the editor's drawCaption (browser and render worker) and the captions drawn into Quick Create videos
 * (caption-raster.ts); each sets the font, baseline, outline and transform first.
 */
import type { WordTiming } from '@mouthpiece/contracts/media/voices.schemas'

/** The Canvas 2D calls this needs; the browser's context and @napi-rs/canvas's both have them. */
export interface CaptionTextCtx {
  fillStyle: unknown
  measureText(text: string): { width: number }
  fillText(text: string, x: number, y: number): void
  strokeText(text: string, x: number, y: number): void
}

export function drawCaptionWords(
  ctx: CaptionTextCtx,
  lines: readonly (readonly WordTiming[])[],
  lineY: (n: number) => number,
  active: WordTiming | null,
  colours: { lit: string; rest: string },
): void {
  const placed: Array<{ word: WordTiming; x: number; y: number }> = []
  lines.forEach((line, n) => {
    const y = lineY(n)
    const left = -ctx.measureText(line.map((w) => w.text).join(' ')).width / 2
    line.forEach((word, j) => {
      const x =
        j === 0
          ? left
          : left +
            ctx.measureText(
              `${line
                .slice(0, j)
                .map((w) => w.text)
                .join(' ')} `,
            ).width
      placed.push({ word, x, y })
    })
  })
  for (const p of placed) ctx.strokeText(p.word.text, p.x, p.y)
  for (const p of placed) {
    ctx.fillStyle = p.word === active ? colours.lit : colours.rest
    ctx.fillText(p.word.text, p.x, p.y)
  }
}
