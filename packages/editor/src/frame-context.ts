/**
 * The Canvas 2D surface drawFrame needs: the avatar's drawing calls plus text and images. The
 * browser's CanvasRenderingContext2D and @napi-rs/canvas's SKRSContext2D both satisfy it.
 */
import type { Ctx2D } from '@mouthpiece/avatar/canvas-context'

/** Anything drawImage accepts on the side drawing (HTMLImageElement, ImageBitmap, napi Image…). */
export interface Drawable {
  width: number
  height: number
}

export interface FrameCtx extends Ctx2D {
  font: string
  textAlign: 'left' | 'right' | 'center' | 'start' | 'end'
  textBaseline: 'top' | 'hanging' | 'middle' | 'alphabetic' | 'ideographic' | 'bottom'
  measureText(text: string): { width: number }
  fillText(text: string, x: number, y: number): void
  strokeText(text: string, x: number, y: number): void
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each side has its own image types
  drawImage(image: any, dx: number, dy: number, dw: number, dh: number): void
}
