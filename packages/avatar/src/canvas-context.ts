/**
 * The part of the Canvas 2D API the avatar uses. Both the browser's CanvasRenderingContext2D and
 * @napi-rs/canvas's SKRSContext2D satisfy it, so the same drawing code runs in the page and the worker.
 */
export interface GradientLike {
  addColorStop(offset: number, color: string): void
}

/** A picture used as a fill; its transform maps the picture's pixels into the user space. */
export interface PatternLike {
  setTransform(transform: { a: number; b: number; c: number; d: number; e: number; f: number }): void
}

export interface Ctx2D {
  // Style properties are written only; `unknown` lets each implementation keep its own gradient types.
  fillStyle: unknown
  strokeStyle: unknown
  lineWidth: number
  lineCap: CanvasLineCap
  lineJoin: CanvasLineJoin
  globalAlpha: number
  save(): void
  restore(): void
  translate(x: number, y: number): void
  rotate(angle: number): void
  scale(x: number, y: number): void
  beginPath(): void
  closePath(): void
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void
  bezierCurveTo(cp1x: number, cp1y: number, cp2x: number, cp2y: number, x: number, y: number): void
  arc(
    x: number,
    y: number,
    radius: number,
    startAngle: number,
    endAngle: number,
    counterclockwise?: boolean,
  ): void
  ellipse(
    x: number,
    y: number,
    rx: number,
    ry: number,
    rotation: number,
    startAngle: number,
    endAngle: number,
    counterclockwise?: boolean,
  ): void
  rect(x: number, y: number, w: number, h: number): void
  fill(): void
  stroke(): void
  clip(): void
  clearRect(x: number, y: number, w: number, h: number): void
  fillRect(x: number, y: number, w: number, h: number): void
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void
  /** The image is host-specific (an <img>, @napi-rs/canvas's Image); callers pass what the host put in photo-images. */
  drawImage(
    image: never,
    sx: number,
    sy: number,
    sw: number,
    sh: number,
    dx: number,
    dy: number,
    dw: number,
    dh: number,
  ): void
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): GradientLike
  createRadialGradient(x0: number, y0: number, r0: number, x1: number, y1: number, r1: number): GradientLike
  createPattern(image: never, repetition: 'no-repeat'): PatternLike | null
  /** The current transform (the photo warp sizes its pixels by it); both hosts have it. */
  getTransform?(): { a: number; b: number; c: number; d: number; e: number; f: number }
}

type CanvasLineCap = 'butt' | 'round' | 'square'
type CanvasLineJoin = 'bevel' | 'miter' | 'round'
